import { type ImgHTMLAttributes, useEffect, useState, useSyncExternalStore } from 'react';
import { afterImageError, retriedImageUrl, SMALL_THUMBNAIL_BELOW, smallImageUrl } from '#shared/domain/media';

/**
 * An uploaded image as every screen shows it (photos of records, receipts, chat media):
 * below a window width of 950 px the server's small thumbnail when `small` (seed 000 §9),
 * and an image answered 403 asked again once after 800 ms (seed 000 §8, 001 §8), as the
 * service worker's media cache does for the requests it sees. `onBroken` when it is lost
 * for good (the caller's fallback).
 */

const NARROW = `(max-width: ${SMALL_THUMBNAIL_BELOW - 0.02}px)`;

function subscribe(change: () => void): () => void {
  const query = window.matchMedia?.(NARROW);
  query?.addEventListener('change', change);
  return () => query?.removeEventListener('change', change);
}

/** True while the window is narrower than 950 px. */
export function useNarrowWindow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(NARROW).matches ?? false,
    () => false,
  );
}

/** The status an image URL answers now; 0 when it cannot be asked (offline, a device Blob). */
async function statusOf(url: string): Promise<number> {
  if (!url.startsWith('/')) return 0;
  try {
    const response = await fetch(url, { cache: 'no-store', credentials: 'same-origin' });
    void response.body?.cancel();
    return response.status;
  } catch {
    return 0;
  }
}

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> & {
  src: string;
  /** Ask for the small thumbnail below 950 px (lists and bubbles; never the full-size viewer). */
  small?: boolean;
  onBroken?: () => void;
};

export function MediaImage({ src, small, onBroken, alt, ...rest }: Props) {
  const narrow = useNarrowWindow();
  const wanted = small && narrow ? smallImageUrl(src) : src;
  const [shown, setShown] = useState({ for: wanted, url: wanted, retried: false });
  useEffect(() => {
    if (shown.for !== wanted) setShown({ for: wanted, url: wanted, retried: false });
  }, [wanted, shown.for]);

  async function failed() {
    if (shown.retried || shown.for !== wanted) {
      if (shown.for === wanted) onBroken?.();
      return;
    }
    const plan = afterImageError(await statusOf(wanted));
    if (plan === 'broken') {
      onBroken?.();
      return;
    }
    if (plan.retryIn > 0) await new Promise((resolve) => setTimeout(resolve, plan.retryIn));
    setShown((now) =>
      now.for === wanted ? { for: wanted, url: retriedImageUrl(wanted), retried: true } : now,
    );
  }

  return (
    <img {...rest} alt={alt} src={shown.for === wanted ? shown.url : wanted} onError={() => void failed()} />
  );
}
