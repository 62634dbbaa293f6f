import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '#local/api-client';
import { afterFirstScreen } from '../first-screen.ts';
import { HelpIcon } from '../icons.tsx';
import { useStepAside } from './step-aside.ts';

export const DEFAULT_SUPPORT_URL = 'https://wa.me/6281100000000';
const META = 'meta[name="tambak-support-url"]';
const STORED = 'tambak:support-url';

const webAddress = (url: string | null | undefined) => (url && /^https?:\/\//.test(url) ? url : undefined);

function remember(storage: Pick<Storage, 'setItem'>, url: string): void {
  try {
    storage.setItem(STORED, url);
  } catch {
    // storage full or blocked: the link is still right for this visit
  }
}

/**
 * The support chat this server names (SUPPORT_URL), known before any request: the server
 * writes it into each route's HTML (`<meta name="tambak-support-url">`,
 * src/server/plugins/route-html.ts) and the app remembers it. The service worker answers
 * navigations with the built index.html, which has no such tag: then the remembered one,
 * else the default, and `fromHtml` is false. Anything that is not a web address is ignored.
 */
export function knownSupportUrl(
  doc: Document = document,
  storage: Storage = localStorage,
): { url: string; fromHtml: boolean } {
  const fromHtml = webAddress(doc.querySelector<HTMLMetaElement>(META)?.content);
  if (fromHtml) {
    remember(storage, fromHtml);
    return { url: fromHtml, fromHtml: true };
  }
  return { url: webAddress(storage.getItem(STORED)) ?? DEFAULT_SUPPORT_URL, fromHtml: false };
}

/** Without the tag (a page from the worker) the server is asked once the first screen is up. */
function useSupportUrl(): string {
  const [known] = useState(() => knownSupportUrl());
  const [url, setUrl] = useState(known.url);
  useEffect(() => {
    if (known.fromHtml) return;
    let live = true;
    afterFirstScreen()
      .then(() => api.get<{ support_url?: string }>('/config'))
      .then((config) => {
        const fresh = webAddress(config.support_url);
        if (!fresh) return;
        remember(localStorage, fresh);
        if (live) setUrl(fresh);
      })
      .catch(() => undefined); // offline: the remembered link stays
    return () => {
      live = false;
    };
  }, [known]);
  return url;
}

export function HelpButton() {
  const { t } = useTranslation('ui');
  const href = useSupportUrl();
  const ref = useRef<HTMLAnchorElement>(null);
  useStepAside(ref);
  return (
    <a
      ref={ref}
      data-floating=""
      className="help-button"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('helpLabel')}
    >
      <HelpIcon />
      <span className="help-button__text">{t('help')}</span>
    </a>
  );
}
