import { NOT_MEASURED, WATER_FIELDS, type WaterFieldSpec, type WaterKind } from '#shared/contracts/water';
import { type MeasuredAt, parseMeasuredAt } from './measured-at.ts';

export type FieldMessages = Record<string, { key: string; params?: Record<string, string | number> }[]>;
type Issue = FieldMessages[string][number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const FIELDS = Object.fromEntries(
  (Object.keys(WATER_FIELDS) as WaterKind[]).map((kind) => [
    kind,
    Object.entries(WATER_FIELDS[kind]) as [string, WaterFieldSpec][],
  ]),
) as Record<WaterKind, [string, WaterFieldSpec][]>;

/** The value columns of a kind, in table order. */
export function valueFields(kind: WaterKind): string[] {
  return FIELDS[kind].map(([field]) => field);
}

/**
 * API value → stored value. -99, null, absent and '' all mean not measured and become
 * NULL; numeric strings (form bodies) are accepted; anything else gets a field message.
 */
export function parseValue(raw: unknown, spec: WaterFieldSpec): { value: number | null } | { issue: Issue } {
  if (raw === undefined || raw === null || raw === '') return { value: null };
  const value = typeof raw === 'string' ? Number(raw.trim()) : raw;
  if (typeof value !== 'number' || !Number.isFinite(value)) return { issue: { key: 'validation.numeric' } };
  if (value === NOT_MEASURED) return { value: null };
  if (spec.integer && !Number.isInteger(value)) return { issue: { key: 'validation.integer' } };
  if (value < spec.min || value > spec.max)
    return { issue: { key: 'validation.range', params: { min: spec.min, max: spec.max } } };
  return { value };
}

/** Values of one reading; with `partial`, only the fields present in `source`. */
export function parseValues(
  kind: WaterKind,
  source: Record<string, unknown>,
  partial: boolean,
): { values: Record<string, number | null>; errors: FieldMessages } {
  const values: Record<string, number | null> = {};
  const errors: FieldMessages = {};
  for (const [field, spec] of FIELDS[kind]) {
    if (partial && !Object.hasOwn(source, field)) continue;
    const parsed = parseValue(source[field], spec);
    if ('issue' in parsed) errors[field] = [parsed.issue];
    else values[field] = parsed.value;
  }
  return { values, errors };
}

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** One bulk item, checked and normalised; the ids still need authorization. */
export interface ReadingDraft {
  id: string;
  pondId: string;
  farmId: string | undefined;
  /** undefined: fill the pond's active cycle. */
  cycleId: string | undefined;
  measured: MeasuredAt;
  values: Record<string, number | null>;
}

function optionalUuid(
  item: Record<string, unknown>,
  field: string,
  errors: FieldMessages,
): string | undefined {
  const raw = item[field];
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (isUuid(raw)) return raw.toLowerCase();
  errors[field] = [{ key: 'validation.invalid' }];
  return undefined;
}

/** Validates a bulk item fully (the route checked only its id). */
export function parseReading(
  kind: WaterKind,
  item: Record<string, unknown>,
): { draft: ReadingDraft } | { errors: FieldMessages } {
  const { values, errors } = parseValues(kind, item, false);
  if (!isUuid(item.pond_id))
    errors.pond_id = [{ key: item.pond_id ? 'validation.invalid' : 'validation.required' }];
  const farmId = optionalUuid(item, 'farm_id', errors);
  const cycleId = optionalUuid(item, 'cycle_id', errors);
  const measured = parseMeasuredAt(item.measured_at);
  if (!measured)
    errors.measured_at = [{ key: item.measured_at ? 'validation.measured-at' : 'validation.required' }];
  if (Object.keys(errors).length > 0 || !measured) return { errors };
  const id = String(item.id).toLowerCase();
  return { draft: { id, pondId: String(item.pond_id).toLowerCase(), farmId, cycleId, measured, values } };
}
