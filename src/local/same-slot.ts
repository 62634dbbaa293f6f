import type { Local, TambakDb } from '#local/db';
import { visible } from '#local/visible';
import type { WaterReading } from '#shared/contracts/water';
import { type SameSlotGroup, sameSlotGroups } from '#shared/domain/same-slot';
import { WATER_KINDS, type WaterKind } from '#shared/domain/water-fields';

/**
 * Readings of one pond, day and slot recorded twice (issue 29 point 6, ADR 0063), read
 * from the phone's mirror: once a sync pulled the other keeper's reading, the double is
 * here, offline too. The water screens offer the choices; Today points to them.
 */
export interface SameSlotDouble extends SameSlotGroup<Local<WaterReading>> {
  kind: WaterKind;
}

/** The mirror stores of the reading kinds. */
export const WATER_STORES: Record<WaterKind, 'waterGeneral' | 'waterChemical' | 'waterBiological'> = {
  general: 'waterGeneral',
  chemical: 'waterChemical',
  biological: 'waterBiological',
};

type Row = Local<WaterReading>;
/** A row pulled before migration 0036 has no slot_kept_at: nobody kept it. */
const withKept = (row: Row): Row => ({ ...row, slot_kept_at: row.slot_kept_at ?? null });

/** Every double of the farm in the mirror (the newest day first), each kind judged apart. */
export async function readDoubles(db: TambakDb, farmId: string): Promise<SameSlotDouble[]> {
  const out: SameSlotDouble[] = [];
  for (const kind of WATER_KINDS) {
    const rows = visible(await db.mirror(WATER_STORES[kind]).where('farm_id').equals(farmId).toArray());
    for (const group of sameSlotGroups((rows as unknown as Row[]).map(withKept)))
      out.push({ ...group, kind });
  }
  return out.sort((a, b) => b.day.localeCompare(a.day) || a.kind.localeCompare(b.kind));
}
