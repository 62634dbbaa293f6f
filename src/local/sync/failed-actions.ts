import { type Clock, systemClock } from '#local/clock';
import type { AnyRow, TambakDb } from '#local/db';
import { LocalWriteError, requeue } from '#local/outbox';
import { resourceForTable } from '#local/resources';
import type { RecordRef } from '#local/sync/worker-protocol';

/**
 * The failed-records screen's actions. Editing a failed record is updateRecord()
 * (outbox.ts): the edit folds into the failed entry and requeues it.
 */

/** Sends a failed entry again (new Idempotency-Key); its rows show as pending. */
export async function retryEntry(
  db: TambakDb,
  entryId: string,
  clock: Clock = systemClock,
): Promise<boolean> {
  return db.transaction('rw', db.tables, async () => {
    const entry = await db.outbox.get(entryId);
    if (entry?.status !== 'failed') return false;
    await db.outbox.put(requeue(entry, clock));
    if (!entry.table) return true;
    const table = db.mirror(entry.table);
    for (const row of await table.bulkGet(entry.recordIds)) {
      if (!row || row._outboxId !== entry.id) continue;
      const next: AnyRow = { ...row, _status: 'pending' };
      delete next._error;
      await table.put(next);
    }
    return true;
  });
}

/**
 * Drops a local change the server has not accepted: a create disappears, an edit or a
 * delete falls back to the server's version (`_base`). Allowed for anything not on the
 * wire right now; an entry left to the worker is dropped too (the worker skips requests
 * whose entry is gone, and if it had already landed the next pull brings it back).
 */
export async function discardEntry(db: TambakDb, entryId: string): Promise<RecordRef[]> {
  return db.transaction('rw', db.tables, async () => {
    const entry = await db.outbox.get(entryId);
    if (!entry) return [];
    if (entry.status === 'sending')
      throw new LocalWriteError('not-supported', 'this change is being sent right now');
    await db.outbox.delete(entryId);
    if (!entry.table) return [];
    const table = db.mirror(entry.table);
    const discarded: RecordRef[] = [];
    for (const row of await table.bulkGet(entry.recordIds)) {
      if (!row || row._outboxId !== entry.id) continue;
      const id = row[db.keyOf(entry.table)] as string;
      discarded.push({ table: entry.table, id, entryId });
      if (entry.kind === 'create' || row._base === null) {
        await table.delete(id);
      } else if (row._base) {
        await table.put({ ...row._base, _status: 'synced' });
      } else {
        // No server version kept (should not happen): keep the row, and make the next
        // pull of this resource a full one so the server's truth replaces it.
        const next: AnyRow = { ...row, _status: 'synced' };
        for (const field of ['_error', '_outboxId', '_deleted'] as const) delete next[field];
        await table.put(next);
        const resource = resourceForTable(entry.table);
        if (resource) await db.syncState.where('key').startsWith(`cursor:${resource.name}:`).delete();
      }
    }
    return discarded;
  });
}
