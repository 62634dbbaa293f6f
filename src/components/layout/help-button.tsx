import { useTranslation } from 'react-i18next';
import { HelpIcon } from '../icons.tsx';

export const DEFAULT_SUPPORT_URL = 'https://wa.me/6281100000000';

/**
 * The support chat this server names (SUPPORT_URL), which it writes into the app's HTML
 * (`<meta name="tambak-support-url">`, src/server/plugins/route-html.ts): known before
 * any request, offline too, since the service worker keeps that HTML. Without it (the
 * dev server) or when it is not a web address: the default.
 */
export function supportUrl(doc: Document = document): string {
  const url = doc.querySelector<HTMLMetaElement>('meta[name="tambak-support-url"]')?.content;
  return url && /^https?:\/\//.test(url) ? url : DEFAULT_SUPPORT_URL;
}

export function HelpButton() {
  const { t } = useTranslation('ui');
  return (
    <a
      className="help-button"
      href={supportUrl()}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('helpLabel')}
    >
      <HelpIcon />
      <span className="help-button__text">{t('help')}</span>
    </a>
  );
}
