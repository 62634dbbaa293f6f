import './register-locales.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadError, Loading } from '#components/page';
import type { OnlineRead } from '#components/use-online-read.ts';
import { ApiError } from '#local/api-client';

/**
 * The states every analysis read shares, translated: loading, offline (said plainly:
 * analysis is read from the server), refused (no access), failed (retry), empty, data.
 */
export function ReadState<T>({
  read,
  empty,
  children,
}: {
  read: OnlineRead<T>;
  empty?: (rows: T[]) => boolean;
  children: (rows: T[]) => ReactNode;
}) {
  const { t } = useTranslation('analysis');
  if (read.offline)
    return (
      <div className="state" role="status" data-testid="analysis-offline">
        <p className="state__title">{t('offline')}</p>
        <button type="button" className="button button--secondary" onClick={read.reload}>
          {t('retry')}
        </button>
      </div>
    );
  if (read.error) {
    if (read.error instanceof ApiError && read.error.status === 403)
      return <EmptyState title={t('noAccess')} />;
    return <LoadError error={read.error} onRetry={read.reload} />;
  }
  if (!read.data) return <Loading />;
  if (read.data.length === 0 || empty?.(read.data)) return <EmptyState title={t('nothing')} />;
  return <>{children(read.data)}</>;
}
