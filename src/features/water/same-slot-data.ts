import { useLiveMirror } from '#components/use-live-mirror.ts';
import { getDb, type ServerRecord, type TambakDb } from '#local/db';
import { enqueueAction } from '#local/outbox';
import { createRepository } from '#local/repository';
import { visible } from '#local/visible';
import { type SameSlotGroup, sameSlotGroups } from '#shared/domain/same-slot';
import { WATER_KINDS, type WaterKind } from '#shared/domain/water-fields';
import type { ReadingItem } from './reading-groups.ts';
import { WATER_RESOURCES, WATER_TABLES } from './save-readings.ts';

/**
 * Readings of one pond, day and slot recorded twice (issue 29 point 6, ADR 0063), read
 * from the phone's mirror: once a sync pulled the other keeper's reading, the double
 * shows here, offline too. The choices go through the outbox like any edit.
 */
export interface SameSlotDouble extends SameSlotGroup<ReadingItem['row']> {
  kind: WaterKind;
}

type Row = ReadingItem['row'];
/** A row pulled before migration 0036 has no slot_kept_at: nobody kept it. */
const withKept = (row: Row): Row => ({ ...row, slot_kept_at: row.slot_kept_at ?? null });

/** Every double of the farm in the mirror (the newest day first), each kind judged apart. */
export async function readDoubles(db: TambakDb, farmId: string): Promise<SameSlotDouble[]> {
  const out: SameSlotDouble[] = [];
  for (const kind of WATER_KINDS) {
    const rows = visible(await db.mirror(WATER_TABLES[kind]).where('farm_id').equals(farmId).toArray());
    for (const group of sameSlotGroups((rows as unknown as Row[]).map(withKept)))
      out.push({ ...group, kind });
  }
  return out.sort((a, b) => b.day.localeCompare(a.day) || a.kind.localeCompare(b.kind));
}

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
