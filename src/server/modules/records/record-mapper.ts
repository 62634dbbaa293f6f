import { mergeFieldsOf } from '../../sync/record-merge.ts';
import { type FieldMessages, parseField } from './record-fields.ts';
import type { RecordType } from './record-types.ts';
import type { RecordRow } from './records.repository.ts';

/** Stored row → the API's record: numeric strings become numbers, the day stays YYYY-MM-DD. */
export function toApi(type: RecordType, row: RecordRow): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: row.id,
    farm_id: row.farm_id,
    pond_id: row.pond_id,
    cycle_id: row.cycle_id,
    created_by: row.created_by,
    created_by_name: row.created_by_name ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    deleted_at: row.deleted_at?.toISOString() ?? null,
    ...mergeFieldsOf(row),
  };
  for (const field of [...Object.keys(type.fields), ...(type.derived ?? [])]) {
    const value = row[field];
    out[field] =
      type.numeric?.includes(field) && value !== null && value !== undefined ? Number(value) : value;
  }
  return out;
}

/** API values → columns (jsonb fields as JSON text). */
export function toColumns(type: RecordType, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values))
    out[field] = type.json?.includes(field) ? JSON.stringify(value) : value;
  return out;
}

/**
 * The value fields of one record; with `partial` (an edit), only those present. Unknown
 * fields are ignored (a device's edit may carry display fields).
 */
export function parseValues(
  type: RecordType,
  source: Record<string, unknown>,
  partial: boolean,
): { values: Record<string, unknown>; errors: FieldMessages } {
  const values: Record<string, unknown> = {};
  const errors: FieldMessages = {};
  for (const [field, spec] of Object.entries(type.fields)) {
    if (partial && (!Object.hasOwn(source, field) || type.createOnly?.includes(field))) continue;
    const parsed = parseField(source[field], spec);
    if ('issue' in parsed) errors[field] = [parsed.issue];
    else values[field] = parsed.value;
  }
  return { values, errors };
}
