import { useTranslation } from 'react-i18next';
import type { SyncFields } from '#local/db';

/** "Waiting" / "Failed" next to a block or pond whose change has not reached the server yet. */
export function SyncBadge({ row }: { row: Partial<SyncFields> }) {
  const { t } = useTranslation('sync');
  if (row._status === 'pending') return <span className="badge">{t('badge.pending')}</span>;
  if (row._status === 'failed') return <span className="badge badge--danger">{t('badge.failed')}</span>;
  return null;
}
