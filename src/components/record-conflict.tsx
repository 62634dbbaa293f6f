import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { conflictsOf, type FieldConflict } from '#local/conflicts';
import type { TambakDb } from '#local/db';
import { useFormat } from './format.tsx';
import './record-status.css';

/**
 * Device ids read so far, per database (`default`: the app's own). Dexie is read through
 * a dynamic import, as in use-live-mirror.ts: this module is on every screen's first load
 * and must not bring the database code into it (ADR 0007).
 */
const known = new Map<TambakDb | 'default', string>();
const listeners = new Set<() => void>();

async function readDeviceId(db: TambakDb | undefined): Promise<void> {
  const [local, device] = await Promise.all([import('#local/db'), import('#local/device')]);
  const id = await device.knownDeviceId(db ?? local.getDb());
  if (!id || known.get(db ?? 'default') === id) return;
  known.set(db ?? 'default', id);
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * This device's id, to pick the conflicts it lost: read when a record with conflicts shows
 * (only those need it; the id is made at the device's first edit and kept after logout).
 */
export function useDeviceId(db?: TambakDb, conflicts?: unknown): string | undefined {
  const id = useSyncExternalStore(subscribe, () => known.get(db ?? 'default'));
  useEffect(() => {
    if (Array.isArray(conflicts) && conflicts.length > 0) void readDeviceId(db).catch(() => undefined);
  }, [db, conflicts]);
  return id;
}

/** The conflicts of `row` this device lost (empty while the id loads). */
export function useMyConflicts(row: { conflicts?: unknown }, db?: TambakDb): FieldConflict[] {
  return conflictsOf(row, useDeviceId(db, row.conflicts));
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
