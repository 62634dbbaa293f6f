import { type NavigateOptions, useRouter } from '@tanstack/react-router';
import { type MouseEvent, useCallback, useEffect, useRef, useState } from 'react';
import { afterNextPaint } from './first-screen.ts';

/**
 * A link that opens a heavy screen answers the tap first (ADR 0080): the router draws the
 * next screen in the same task as the tap (its stores re-render synchronously), so on a
 * cheap phone the finger saw nothing for 150 ms. With this handler a plain tap (or Enter)
 * marks the link as opening, that frame is painted, and only then the router navigates to
 * the link's own href. Taps with a modifier or another button keep the browser's way (a
 * new tab); a second tap while it opens does nothing. Give such a link `preload={false}`:
 * the router's "intent" preload matches routes and runs loaders in the touch itself, and
 * the screen's code is loaded beforehand anyway (preload-screens.ts).
 */
export function useQuickOpen(): { opening: boolean; onClick: (e: MouseEvent<HTMLAnchorElement>) => void } {
  const router = useRouter();
  const [opening, setOpening] = useState(false);
  const busy = useRef(false);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  const onClick = useCallback(
    (e: MouseEvent<HTMLAnchorElement>) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const href = e.currentTarget.getAttribute('href');
      if (!href) return;
      e.preventDefault();
      if (busy.current) return;
      busy.current = true;
      setOpening(true);
      void afterNextPaint()
        .then(() => router.navigate({ href }))
        .finally(() => {
          busy.current = false;
          if (alive.current) setOpening(false);
        });
    },
    [router],
  );
  return { opening, onClick };
}

/**
 * Navigation after a save, once the save's own frame (the button released, the toast) is
 * painted: a save whose local write finishes within the frame would otherwise draw the
 * next screen (Today, the pond page) inside the tap's answer.
 */
export function useNavigateAfterPaint(): (options: NavigateOptions) => void {
  const router = useRouter();
  return useCallback(
    (options: NavigateOptions) => {
      void afterNextPaint().then(() => router.navigate(options));
    },
    [router],
  );
}
