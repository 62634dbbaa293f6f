import { liveQuery, type Observable } from 'dexie';
import type { AnyRow, OutboxEntry, OutboxStatus, TambakDb } from '#local/db';

/** Counts of outbox entries by state; an entry is one record (or one action). */
export interface OutboxSummary {
  queued: number;
  sending: number;
  inWorker: number;
  held: number;
  failed: number;
  /** Not yet on the server: everything above. Logout must ask when this is above 0. */
  total: number;
}

/** In one read transaction: it runs after every outbox write, and six would cost a cheap phone six. */
export function readSummary(db: TambakDb): Promise<OutboxSummary> {
  return db.transaction('r', db.outbox, db.journal, async () => {
    const count = (status: OutboxStatus) => db.outbox.where('status').equals(status).count();
    const [outboxQueued, sending, inWorker, held, failed] = await Promise.all(
      (['queued', 'sending', 'in-worker', 'held', 'failed'] as const).map(count),
    );
    // A large save not yet spread into the outbox (src/local/journal.ts) is waiting too.
    let journaled = 0;
    await db.journal.each((doc) => {
      journaled += doc.entries.length;
    });
    const queued = outboxQueued + journaled;
    return { queued, sending, inWorker, held, failed, total: queued + sending + inWorker + held + failed };
  });
}

/** Live counts for a sync badge: `useLiveMirror('sync-summary', readSummary)` does the same in React. */
export function observeSummary(db: TambakDb): Observable<OutboxSummary> {
  return liveQuery(() => readSummary(db));
}

export interface FailedItem {
  entry: OutboxEntry;
  /** The rows the entry still owns (empty for an action without a mirrored record). */
  records: AnyRow[];
}

/** What the failed-records screen lists: each refused write with its reason and rows. */
export async function listFailed(db: TambakDb): Promise<FailedItem[]> {
  const entries = await db.outbox.where('status').equals('failed').sortBy('id');
  return Promise.all(
    entries.map(async (entry) => {
      if (!entry.table) return { entry, records: [] };
      const rows = await db.mirror(entry.table).bulkGet(entry.recordIds);
      return { entry, records: rows.filter((r): r is AnyRow => !!r && r._outboxId === entry.id) };
    }),
  );
}

export function observeFailed(db: TambakDb): Observable<FailedItem[]> {
  return liveQuery(() => listFailed(db));
}
