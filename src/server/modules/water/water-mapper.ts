import { NOT_MEASURED, type WaterKind, type WaterReading } from '#shared/contracts/water';
import { mergeFieldsOf } from '../../sync/record-merge.ts';
import { formatMeasuredAt } from './measured-at.ts';
import type { ReadingRow } from './water.repository.ts';
import { valueFields } from './water-values.ts';

/** Stored row → API reading: NULL becomes the spec's -99, numeric strings become numbers. */
export function toReading<K extends WaterKind>(kind: K, row: ReadingRow): WaterReading<K> {
  const reading: Record<string, unknown> = {
    id: row.id,
    farm_id: row.farm_id,
    pond_id: row.pond_id,
    cycle_id: row.cycle_id,
    measured_at: formatMeasuredAt(row.measured_at, row.utc_offset),
    utc_offset: row.utc_offset,
    time_of_day: row.time_of_day,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    deleted_at: row.deleted_at?.toISOString() ?? null,
    slot_kept_at: row.slot_kept_at?.toISOString() ?? null,
    ...mergeFieldsOf(row),
  };
  for (const field of valueFields(kind)) {
    const value = row[field];
    reading[field] = value === null || value === undefined ? NOT_MEASURED : Number(value);
  }
  return reading as WaterReading<K>;
}
