import { useLiveMirror } from '#components/use-live-mirror.ts';
import { getDb, type ServerRecord, type TambakDb } from '#local/db';
import { enqueueAction } from '#local/outbox';
import { createRepository } from '#local/repository';
import { readDoubles, type SameSlotDouble } from '#local/same-slot';
import type { WaterKind } from '#shared/domain/water-fields';
import { WATER_RESOURCES, WATER_TABLES } from './save-readings.ts';

/**
 * The phone's side of a double (ADR 0063): the farm's doubles from the mirror
 * (`#local/same-slot`), and the choices, which go through the outbox like any edit.
 */
export type { SameSlotDouble };
export { readDoubles };

export function useSameSlotDoubles(farmId: string, db: TambakDb = getDb()): SameSlotDouble[] | undefined {
  return useLiveMirror(`same-slot:${farmId}`, (db) => readDoubles(db, farmId), db).data;
}

/** "Keep both": remembered on the readings (slot_kept_at), on this phone at once and on the server through the outbox. */
export function keepAll(db: TambakDb, farmId: string, double: SameSlotDouble): Promise<void> {
  return keepInSlot(
    db,
    farmId,
    double.kind,
    double.readings.map((r) => r.id),
  );
}

/**
 * Readings of one kind, pond, day and slot kept side by side: the slot's double as the
 * panel shows it, or a reading saved with "save anyway" next to the one already there
 * (he chose before saving: it is not flagged afterwards). Queued after the readings' own
 * creates, so the server has them when it hears this.
 */
export async function keepInSlot(
  db: TambakDb,
  farmId: string,
  kind: WaterKind,
  ids: string[],
): Promise<void> {
  const now = new Date().toISOString();
  await enqueueAction(db, {
    method: 'POST',
    url: `/api/water/${kind}/keepBoth`,
    body: { farm_id: farmId, ids },
    table: WATER_TABLES[kind],
    rows: ids.map((id) => ({ id, slot_kept_at: now })),
  });
}

/**
 * "Keep this one", or merge per field: `changes` (what the kept reading takes from the
 * others, `mergedChanges`) as a normal per-field edit of it, and every other reading of
 * the slot removed with the normal soft delete; one transaction, so the phone never shows
 * half a resolution.
 */
export async function keepOne(
  db: TambakDb,
  double: SameSlotDouble,
  keepId: string,
  changes: Record<string, unknown> = {},
): Promise<void> {
  const repository = createRepository<ServerRecord>(WATER_RESOURCES[double.kind], db);
  await db.transaction('rw', [db.mirror(WATER_TABLES[double.kind]), db.outbox, db.syncState], async () => {
    if (Object.keys(changes).length > 0) await repository.update(keepId, changes);
    for (const row of double.readings) if (row.id !== keepId) await repository.remove(row.id);
  });
}
