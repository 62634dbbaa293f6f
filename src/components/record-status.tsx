import { useTranslation } from 'react-i18next';
import type { SyncFields } from '#local/db';
import { useMyConflicts } from './record-conflict.tsx';
import './record-status.css';

/**
 * A record's sync state in words, never just a colour: "saved on this phone, waiting for
 * signal" while its upload is queued, "saved" once the server has it, and the server's
 * reason when it was refused (the record stays, editable; nothing is dropped silently),
 * and "also changed on another device" when a value this device wrote lost a conflict.
 */
export function RecordStatus({
  row,
}: {
  row: Pick<SyncFields, '_status' | '_error'> & { conflicts?: unknown };
}) {
  const { t } = useTranslation('ui');
  const conflicts = useMyConflicts(row);
  const status = <Status row={row} />;
  if (conflicts.length === 0) return status;
  // A value of this device lost to another device's later edit (ADR 0002): said in words.
  return (
    <>
      {status}
      <span className="sync-badge sync-badge--conflict" role="note">
        {t('recordStatus.conflict')}
      </span>
    </>
  );
}

function Status({ row }: { row: Pick<SyncFields, '_status' | '_error'> }) {
  const { t } = useTranslation('ui');
  if (row._status === 'failed')
    return (
      <span className="sync-badge sync-badge--failed" role="note">
        {t('recordStatus.failed', { reason: row._error?.message ?? '' })}
      </span>
    );
  if (row._status === 'pending')
    return <span className="sync-badge sync-badge--pending">{t('recordStatus.pending')}</span>;
  return <span className="sync-badge sync-badge--synced">{t('recordStatus.synced')}</span>;
}

/** Compact "Waiting" / "Failed" next to a block or pond whose change has not reached the server. */
export function SyncBadge({ row }: { row: Partial<SyncFields> }) {
  const { t } = useTranslation('ui');
  if (row._status === 'pending') return <span className="badge">{t('recordStatus.waiting')}</span>;
  if (row._status === 'failed')
    return <span className="badge badge--danger">{t('recordStatus.notSent')}</span>;
  return null;
}
