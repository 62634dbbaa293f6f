import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { conflictsOf, type FieldConflict } from '#local/conflicts';
import { getDb, type TambakDb } from '#local/db';
import { knownDeviceId } from '#local/device';
import { useFormat } from './format.tsx';
import './record-status.css';

/** This device's id (live), to pick the conflicts it lost. */
export function useDeviceId(db: TambakDb = getDb()): string | undefined {
  return useLiveQuery(() => knownDeviceId(db), [db]);
}

/** The conflicts of `row` this device lost (empty while the id loads). */
export function useMyConflicts(row: { conflicts?: unknown }, db?: TambakDb): FieldConflict[] {
  return conflictsOf(row, useDeviceId(db));
}

interface RecordConflictsProps {
  row: { conflicts?: unknown };
  /** A field's name as the user knows it ("pH", "Nama kolam"). */
  label: (field: string) => string;
  /** A value as the screen shows it. */
  show: (field: string, value: unknown) => string;
  /** Queues an edit that puts this device's value back (the repository's update). */
  onRestore: (field: string, value: unknown) => Promise<void>;
  db?: TambakDb;
}

/**
 * A record's conflicts that this device lost (ADR 0002): for each field, this device's
 * value and the one kept, who wrote it and when, and one tap to restore this device's
 * value (an ordinary edit: saved on the phone, sent when there is signal).
 */
export function RecordConflicts({ row, label, show, onRestore, db }: RecordConflictsProps) {
  const { t } = useTranslation('ui');
  const format = useFormat();
  const conflicts = useMyConflicts(row, db);
  const [busy, setBusy] = useState<string | null>(null);
  if (conflicts.length === 0) return null;
  return (
    <ul className="record-conflicts" aria-label={t('conflict.title')}>
      {conflicts.map((c) => (
        <li key={`${c.field}:${c.lost.edited_at}`} className="record-conflict">
          <span>
            {t('conflict.text', {
              field: label(c.field),
              mine: show(c.field, c.lost.value),
              mineAt: format.dateTime(c.lost.edited_at),
              theirs: show(c.field, c.kept.value),
              who: c.kept.by_name ?? t('conflict.someone'),
              theirsAt: format.dateTime(c.kept.edited_at),
            })}
          </span>
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={busy !== null}
            aria-busy={busy === c.field}
            onClick={() => {
              setBusy(c.field);
              void onRestore(c.field, c.lost.value).finally(() => setBusy(null));
            }}
          >
            {t('conflict.restore', { value: show(c.field, c.lost.value) })}
          </button>
        </li>
      ))}
    </ul>
  );
}
