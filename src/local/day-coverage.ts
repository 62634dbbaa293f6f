import type { AnyRow, ServerRecord, TambakDb } from '#local/db';
import { type ResourceDescriptor, serverFields } from '#local/resources';
import { cursorKey, fillKey } from '#local/sync/pull';
import { addDays } from '#shared/domain/chart-range';

/**
 * Whether the mirror holds every record of a farm's day, for the lists it keeps for a
 * window only (water readings, feed trays, water changes: `kept` on their descriptor).
 * A screen showing one day (the daily review, the pond's daily data) asks the server for
 * a day the mirror does not cover (src/components/use-server-day.ts).
 */

/** Today on this device's calendar (the farm's wall clock: records keep the keeper's day). */
export function deviceToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * True when the farm's list has been pulled and `day` is inside what the device keeps: the
 * last `kept.days` days, or the first pull's `kept.first` while the rest is still to come
 * (fill mark, ADR 0086). Before the first pull, or before the window, the server may hold
 * records the device does not.
 */
export async function mirrorCoversDay(
  db: TambakDb,
  resource: ResourceDescriptor,
  farmId: string,
  day: string,
  today = deviceToday(),
): Promise<boolean> {
  const [cursor, filling] = await Promise.all([
    db.syncState.get(cursorKey(resource.name, farmId)),
    db.syncState.get(fillKey(resource.name, farmId)),
  ]);
  if (!cursor?.pulledAt) return false;
  if (!resource.kept) return true;
  const kept = filling ? resource.kept.first : resource.kept.days;
  return day > addDays(today, -kept);
}

/** Which of a server answer's rows the device holds, and which of those it holds as deleted (not yet sent). */
export interface HeldIds {
  held: string[];
  deleted: string[];
}

/**
 * Of `ids` (rows the server answered), those the device holds in any of the resources'
 * tables, deleted ones too: its own copy wins (an edit or a deletion not sent yet).
 */
export async function heldIds(
  db: TambakDb,
  resources: readonly ResourceDescriptor[],
  ids: readonly string[],
): Promise<HeldIds> {
  if (ids.length === 0) return { held: [], deleted: [] };
  const found = await Promise.all(resources.map((r) => db.mirror(r.table).bulkGet([...ids])));
  const rowOf = (i: number) => found.map((rows) => rows[i]).find((row) => row !== undefined);
  const held = ids.filter((_, i) => rowOf(i) !== undefined);
  const deleted = ids.filter((_, i) => (rowOf(i) as { _deleted?: boolean } | undefined)?._deleted === true);
  return { held, deleted };
}

/**
 * Takes a row the server answered for an older day (src/components/use-server-day.tsx)
 * into the mirror as the server has it, so it is edited or deleted as any other: the edit
 * queues its changed fields against this version. A row the device holds already is left
 * as it is (its own copy, with any unsent change, wins), and a row that is not such an
 * answer (no `_server` mark: the mirror's own) needs nothing. The mirror keeps it from then on.
 */
export async function keepServerRow(db: TambakDb, resource: ResourceDescriptor, row: object): Promise<void> {
  if ((row as { _server?: boolean })._server !== true) return;
  const fields = serverFields(row as ServerRecord);
  const id = fields[db.keyOf(resource.table)];
  if (typeof id !== 'string') return;
  const table = db.mirror(resource.table);
  await db.transaction('rw', table, async () => {
    if ((await table.get(id)) === undefined)
      await table.put({ ...fields, _status: 'synced', _takenAt: Date.now() } as AnyRow);
  });
}
