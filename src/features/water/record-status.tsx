import { useTranslation } from 'react-i18next';
import type { SyncFields } from '#local/db';

/**
 * A record's sync state in words, never just a colour: "saved on this phone, waiting for
 * signal" while its upload is queued, "saved" once the server has it, and the server's
 * reason when it was refused (the record stays, editable; nothing is dropped silently).
 */
export function SyncBadge({ row }: { row: Pick<SyncFields, '_status' | '_error'> }) {
  const { t } = useTranslation('water');
  if (row._status === 'failed')
    return (
      <span className="sync-badge sync-badge--failed" role="note">
        {t('status.failed', { reason: row._error?.message ?? '' })}
      </span>
    );
  if (row._status === 'pending')
    return <span className="sync-badge sync-badge--pending">{t('status.pending')}</span>;
  return <span className="sync-badge sync-badge--synced">{t('status.synced')}</span>;
}
