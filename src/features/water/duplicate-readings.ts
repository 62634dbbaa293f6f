import type { TambakDb } from '#local/db';
import { visible } from '#local/visible';
import type { TimeOfDay } from '#shared/domain/time-of-day';
import type { Batches } from './entry-model.ts';
import { type ReadingItem, wallDay } from './reading-groups.ts';
import { WATER_TABLES } from './save-readings.ts';

/**
 * A second reading of a pond in the same day and slot is usually the same round typed
 * twice (two keepers, or one who forgot he saved): before saving, the form looks in the
 * phone's copy of the readings for one already there, and asks.
 */
export interface Duplicate {
  /** The reading already stored for this pond, day and slot (the newest if several). */
  existing: ReadingItem;
}

/** Does this stored reading fall on `day` (farm wall clock) in `slot`? */
export function sameSlot(row: ReadingItem['row'], day: string, slot: TimeOfDay): boolean {
  return wallDay(row.measured_at) === day && row.time_of_day === slot;
}

export async function findDuplicates(
  db: TambakDb,
  batches: Batches['batches'],
  day: string,
  slot: TimeOfDay,
): Promise<Duplicate[]> {
  const found: Duplicate[] = [];
  for (const { kind, records } of batches) {
    const table = db.mirror(WATER_TABLES[kind]);
    for (const record of records) {
      const rows = visible(
        await table.where('pond_id').equals(record.pond_id).toArray(),
      ) as unknown as ReadingItem['row'][];
      const same = rows
        .filter((row) => row.id !== record.id && sameSlot(row, day, slot))
        .sort((a, b) => b.measured_at.localeCompare(a.measured_at));
      if (same[0]) found.push({ existing: { kind, row: same[0] } });
    }
  }
  return found;
}
