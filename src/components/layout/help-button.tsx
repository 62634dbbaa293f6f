import { useTranslation } from 'react-i18next';
import { api } from '#local/api-client';
import { HelpIcon } from '../icons.tsx';
import { useResource } from '../use-resource.tsx';

export const DEFAULT_SUPPORT_URL = 'https://wa.me/6281100000000';

/** The server may name its own support chat (GET /api/config); without it the default. */
function useSupportUrl(): string {
  const { data } = useResource('config', () => api.get<{ support_url?: string }>('/config'));
  const url = data?.support_url;
  return url && /^https?:\/\//.test(url) ? url : DEFAULT_SUPPORT_URL;
}

export function HelpButton() {
  const { t } = useTranslation('ui');
  const href = useSupportUrl();
  return (
    <a
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
