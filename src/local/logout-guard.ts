import type { TambakDb } from '#local/db';
import { applyJournal } from '#local/journal';
import { type OutboxSummary, readSummary } from '#local/sync/summary';
import { API_CACHE_NAME, MEDIA_CACHE_NAME } from '#local/sync/worker-protocol';
import { forgetFarmSnapshot } from './farm-snapshot.ts';

/**
 * Logout never drops queued records silently: the UI calls countUnsynced() first and,
 * when `total` is above 0, asks the user (sync first / keep them for the next login /
 * discard them) before calling clearLocalData.
 */
export function countUnsynced(db: TambakDb): Promise<OutboxSummary> {
  return readSummary(db);
}

/**
 * Clears what the next user of this device must not see: mirrors, drafts, pull cursors
 * and the worker's cached API answers. keepOutbox: true keeps the outbox and the rows it
 * owns (pending or failed), to be sent after the next login (ask the user: it will be
 * sent with whoever logs in next); false deletes them too.
 */
const BOOKKEEPING = new Set(['outbox', 'drafts', 'syncState', 'journal', 'answers']);

export async function clearLocalData(db: TambakDb, options: { keepOutbox: boolean }): Promise<void> {
  // A large save still in the journal becomes rows and entries first, kept or dropped with the rest.
  await applyJournal(db);
  await db.transaction('rw', db.tables, async () => {
    // Every store but the bookkeeping ones is a mirror (also those added later).
    for (const { name } of db.tables.filter((t) => !BOOKKEEPING.has(t.name))) {
      const table = db.mirror(name);
      if (options.keepOutbox) await table.filter((row) => row._status === 'synced').delete();
      else await table.clear();
    }
    await db.drafts.clear();
    // The last online answers (members, settings …) are this user's: never kept.
    await db.answers.clear();
    // The device keeps its id (ADR 0002: conflicts name the device, whoever signs in).
    await db.syncState.where('key').notEqual('device').delete();
    if (!options.keepOutbox) await db.outbox.clear();
  });
  // The farm as last opened is this user's too.
  forgetFarmSnapshot();
  const caches = (globalThis as { caches?: { delete(name: string): Promise<boolean> } }).caches;
  await caches?.delete(API_CACHE_NAME);
  await caches?.delete(MEDIA_CACHE_NAME);
}
