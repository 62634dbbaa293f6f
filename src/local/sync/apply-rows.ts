import type { AnyRow, OutboxEntry, ServerRecord, TambakDb } from '#local/db';
import { type ResourceDescriptor, serverFields } from '#local/resources';
import { type Choose, writeQuietly } from '#local/sync/quiet-write';

/**
 * Writes server versions of records into a mirror: a pull's answer, and the records a
 * write's answer names under `related` (src/local/sync/apply-answer.ts). Local changes
 * the server has not accepted yet keep their fields (ADR 0002); see `rebase`.
 */

/**
 * What a whole answer was asked for: `from` a day on (a list kept for a window, ADR 0124), and
 * when (`askedAt`, ms): a row the device took in after it (a farm just joined while the farm
 * list was being asked) is not the answer's to drop.
 */
export interface WholeAnswer {
  from?: string;
  askedAt?: number;
}

/**
 * Writes one pull answer; a full answer (no `since`) also drops synced rows it no longer
 * lists. A list asked from a day on (`from`, the descriptor's `pull.day`) answers for
 * the rows from that day only: an older row the mirror holds is kept (ADR 0124).
 */
export async function applyPull(
  db: TambakDb,
  resource: ResourceDescriptor,
  farmId: string | null,
  items: ServerRecord[],
  full: boolean,
  asked: WholeAnswer = {},
): Promise<number> {
  const table = db.mirror(resource.table);
  const key = db.keyOf(resource.table);
  const valid = items.filter((item) => typeof item[key] === 'string');
  // Nothing changed since the cursor (most lists of most pulls): no transaction to open.
  if (!full && valid.length === 0) return 0;
  // A first pull into an empty mirror (a new device): no local row to rebase or drop, so
  // the answer is written as it is, without reading a key back (a 200-pond farm's first
  // sync is 139,000 rows; ADR 0082), in slices the page can type between (ADR 0133).
  if (full && (await table.count()) === 0) {
    const fresh = valid.filter((item) => item.deleted_at === null || item.deleted_at === undefined);
    await writeQuietly(
      db,
      resource.table,
      fresh.map((item) => ({ ...serverFields(item), _status: 'synced' }) as AnyRow),
    );
    return valid.length;
  }
  // One transaction: the mirror never shows half an answer to a live query.
  return db.transaction('rw', table, db.outbox, async () => {
    const locals = await table.bulkGet(valid.map((item) => item[key] as string));
    const owners = await db.outbox.bulkGet(locals.map((row) => row?._outboxId ?? ''));
    const queued = await queuedFields(db, resource.table);
    const puts: AnyRow[] = [];
    const deletes: string[] = [];
    valid.forEach((item, i) => {
      const local = locals[i];
      const gone = item.deleted_at !== null && item.deleted_at !== undefined;
      if (local && local._status !== 'synced')
        puts.push(rebase(local, owners[i], queued.get(local[key] as string), item, gone));
      else if (gone) deletes.push(item[key] as string);
      // A whole list asked again (farms, ponds, standards) is mostly what the mirror holds:
      // an unchanged row is not written, so the live queries over its table do not run again.
      else if (!local || !sameServerFields(local, item))
        puts.push({ ...serverFields(item), _status: 'synced' });
    });
    if (full) {
      const listed = new Set(valid.map((item) => item[key] as string));
      const scope = farmId ? table.where('farm_id').equals(farmId) : table.toCollection();
      const answered = answeredDay(resource, asked.from);
      const takenSince = (row: AnyRow) => asked.askedAt !== undefined && (row._takenAt ?? 0) > asked.askedAt;
      const stale = await scope
        .filter(
          (row) =>
            row._status === 'synced' && !listed.has(row[key] as string) && answered(row) && !takenSince(row),
        )
        .primaryKeys();
      deletes.push(...stale);
    }
    // Empty writes still wake every live query over the table: skipped.
    if (puts.length > 0) await table.bulkPut(puts);
    if (deletes.length > 0) await table.bulkDelete(deletes);
    return puts.length + deletes.length;
  });
}

/**
 * Whether a whole answer asked `from` a day on speaks for `row`: its day is after that
 * day. The day itself is left out, as a reading's time is compared on the server's clock
 * and the row's on the device's; a row with no readable day is answered for.
 */
function answeredDay(resource: ResourceDescriptor, from: string | undefined): (row: AnyRow) => boolean {
  const field = resource.pull?.day;
  if (!field || !from) return () => true;
  return (row) => {
    const day = row[field];
    return typeof day !== 'string' || day.slice(0, 10) > from;
  };
}

/**
 * The rest of a list whose first pull came in part (ADR 0086), written beside what the
 * device already has: a record the mirror lacks is added; a synced one is replaced only by
 * a newer version (`updated_at`), since the regular pulls may have brought a later one
 * meanwhile; a row with a local change keeps it (the regular pull rebases it). Nothing is
 * dropped: this answer is older than the cursor.
 *
 * Written in slices straight to IndexedDB, the live queries told once at the end (ADR
 * 0133): each row's choice stands alone, so a slice is as good as the whole; a page closed
 * half-way leaves the list's `fill:` mark, and the next pull asks for the rest again.
 */
export async function applyHistory(
  db: TambakDb,
  resource: ResourceDescriptor,
  items: ServerRecord[],
): Promise<number> {
  const key = db.keyOf(resource.table);
  const fresh = items.filter(
    (item) => typeof item[key] === 'string' && (item.deleted_at === null || item.deleted_at === undefined),
  );
  return writeQuietly(db, resource.table, fresh, historyChoice);
}

/** What a row of a list's rest becomes: added when missing, replacing only an older synced version. */
export const historyChoice: Choose = (item, local) =>
  !local || (local._status === 'synced' && newer(item, local))
    ? ({ ...serverFields(item), _status: 'synced' } as AnyRow)
    : undefined;

/** Whether a synced mirror row holds exactly the server's `item` (its own `_` fields aside). */
export function sameServerFields(row: AnyRow, item: ServerRecord): boolean {
  let count = 0;
  for (const [field, value] of Object.entries(row)) {
    if (field.startsWith('_')) continue;
    count += 1;
    if (!sameValue(value, item[field])) return false;
  }
  return count === Object.keys(item).filter((field) => !field.startsWith('_')).length;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Whether the server's `item` is a later version than the mirror's `row` (ISO times compare as text). */
function newer(item: ServerRecord, row: AnyRow): boolean {
  const theirs = item.updated_at;
  const ours = row.updated_at;
  return typeof theirs === 'string' && typeof ours === 'string' && theirs > ours;
}

/**
 * A row with a local change the server has not accepted yet, brought up to the server's
 * version: the fields its queued create or edit sets stay as the user typed them, every
 * other field takes the server's value; `_base` becomes the server's version. Rows whose
 * change is a delete or an action keep their local fields.
 */
function rebase(
  local: AnyRow,
  owner: OutboxEntry | undefined,
  fields: Set<string> | undefined,
  item: ServerRecord,
  gone: boolean,
): AnyRow {
  const base = gone ? null : serverFields(item);
  const ownFields = owner && (owner.kind === 'update' || owner.kind === 'create') && !gone;
  if (!ownFields || !fields) return { ...local, _base: base };
  const mine: ServerRecord = {};
  for (const field of fields) if (field in local) mine[field] = local[field];
  const sync: ServerRecord = {};
  for (const [field, value] of Object.entries(local)) if (field.startsWith('_')) sync[field] = value;
  return { ...serverFields(item), ...mine, ...sync, _base: base } as AnyRow;
}

/**
 * Per record of `table`, the fields its creates and edits still in the outbox set (an
 * edit behind one on the wire has its own entry: both count until the server has them).
 */
async function queuedFields(db: TambakDb, table: string): Promise<Map<string, Set<string>>> {
  const map = new Map<string, Set<string>>();
  await db.outbox
    .filter((e) => e.table === table && (e.kind === 'update' || e.kind === 'create'))
    .each((e) => {
      if (typeof e.body !== 'object' || e.body === null) return;
      for (const id of e.recordIds) {
        const set = map.get(id) ?? new Set<string>();
        for (const field of Object.keys(e.body)) set.add(field);
        map.set(id, set);
      }
    });
  return map;
}
