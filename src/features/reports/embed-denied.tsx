import './register-locales.ts';
import './reports.css';
import { useTranslation } from 'react-i18next';

/**
 * What an embed link (output=embed&token=…) shows when the server refuses its token: a
 * clear page, never the screen behind it (ADR 0018).
 */
export function EmbedDenied() {
  const { t } = useTranslation('reports');
  return (
    <main className="embed-denied" role="alert" data-embed-denied="">
      <h1>{t('embedDenied.title')}</h1>
      <p>{t('embedDenied.body')}</p>
    </main>
  );
}
