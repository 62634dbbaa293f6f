import { type Clock, systemClock } from '#local/clock';
import type { JournalDoc, ServerRecord, TambakDb } from '#local/db';
import { newId } from '#local/ids';
import { prepareCreates } from '#local/outbox';
import type { ResourceDescriptor } from '#local/resources';
import { withRoom } from '#local/storage-keep';

/**
 * Large saves (ADR 0019). IndexedDB costs about a tenth of a millisecond per row written,
 * whatever the row: a feed entry of 30 ponds × 4 feeding times is 120 uses and 120 outbox
 * entries, ~35 ms before the keeper's "saved". Here the save is ONE write: the rows and
 * entries, made whole at save time (ids, outbox order), go into the `journal` store in
 * one put, and the save is done — durable like any other. Right after, `applyJournal`
 * spreads each journal document into its mirror table and the outbox in one transaction
 * that also deletes the document, so every row and entry lands exactly once: a second
 * tab, the next sync run or the next start finds the document gone, or applies it
 * itself if the app was closed in between.
 *
 * Until applied (tens of milliseconds), the rows are not in the lists and the entries are
 * not sent; the outbox summary counts them as queued, so the sync badge and the logout
 * guard never miss them.
 */

export interface JournaledSave {
  /** The outbox entry ids, as `saveRecords` answers. */
  entryIds: string[];
  /** Settles when the rows are in the mirror and the entries in the outbox. */
  applied: Promise<void>;
}

export async function saveRecordsJournaled(
  db: TambakDb,
  resource: ResourceDescriptor,
  records: ServerRecord[],
  clock: Clock = systemClock,
): Promise<JournaledSave> {
  const { rows, entries } = prepareCreates(db, resource, records, clock);
  await withRoom(db, () => db.journal.add({ id: newId(), table: resource.table, rows, entries }));
  return { entryIds: entries.map((e) => e.id), applied: applyJournal(db) };
}

const inFlight = new WeakMap<TambakDb, Promise<void>>();

/** Spreads every journal document into its mirror and the outbox; safe to call from anywhere, any time. */
export function applyJournal(db: TambakDb): Promise<void> {
  const running = inFlight.get(db);
  // A call during a run may have a newer document: it runs once more after it (whether
  // that run failed or not: a closed database must not stop every later apply).
  const next = (running ?? Promise.resolve()).catch(() => undefined).then(() => applyAll(db));
  inFlight.set(db, next);
  const done = () => {
    if (inFlight.get(db) === next) inFlight.delete(db);
  };
  // The caller gets the failure; this bookkeeping must not raise it a second time.
  next.then(done, done);
  return next;
}

async function applyAll(db: TambakDb): Promise<void> {
  // A document never changes once written: read once, then applied if it is still there.
  const docs: JournalDoc[] = await db.journal.toCollection().toArray();
  for (const doc of docs) {
    try {
      await db.transaction('rw', [db.mirror(doc.table), db.outbox, db.journal], async () => {
        // Another tab may have applied it since: then there is nothing to do.
        if ((await db.journal.where('id').equals(doc.id).count()) === 0) return;
        await db.mirror(doc.table).bulkAdd(doc.rows);
        await db.outbox.bulkAdd(doc.entries);
        await db.journal.delete(doc.id);
      });
    } catch (error) {
      // Kept (and counted as waiting): the other documents still go; the next run tries again.
      console.error('could not apply a saved entry', error);
    }
  }
}
