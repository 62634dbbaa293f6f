import { NOT_MEASURED, type WaterKind } from '#shared/domain/water-fields';
import type { ReadingItem } from './reading-groups.ts';
import { FIELD_ORDER } from './water-fields.ts';

type Row = ReadingItem['row'];

/** One parameter two readings of a slot disagree on, with each reading's value (null: not measured). */
export interface MergeField {
  field: string;
  values: { id: string; value: number | null }[];
}

const measuredValue = (row: Row, field: string): number | null => {
  const raw = (row as unknown as Record<string, unknown>)[field];
  return typeof raw === 'number' && raw !== NOT_MEASURED ? raw : null;
};

/** The parameters, in entry order, where the readings do not all hold the same value. */
export function differingFields(kind: WaterKind, readings: readonly Row[]): MergeField[] {
  const out: MergeField[] = [];
  for (const field of FIELD_ORDER[kind]) {
    const values = readings.map((row) => ({ id: row.id, value: measuredValue(row, field) }));
    if (values.some((v) => v.value !== values[0].value)) out.push({ field, values });
  }
  return out;
}

/** The merge's starting choice: for each parameter the first reading that measured it. */
export function defaultChoice(fields: readonly MergeField[]): Record<string, string> {
  return Object.fromEntries(
    fields.map((f) => [f.field, (f.values.find((v) => v.value !== null) ?? f.values[0]).id]),
  );
}

/**
 * Which reading a merge is saved into: the oldest, when the person may change every
 * reading of the slot (edit the kept one, delete the others: one right, `recordRight`,
 * as the server's requireRecordChange decides it); null otherwise.
 */
export function mergeTarget(readings: readonly Row[], mayChange: (row: Row) => boolean): string | null {
  return readings.length > 0 && readings.every(mayChange) ? readings[0].id : null;
}
