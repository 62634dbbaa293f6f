import { type Static, Type } from 'typebox';
import { TIMES_OF_DAY, WATER_FIELDS, type WaterField, type WaterKind } from '../domain/water-fields.ts';
import { Since, Uuid } from './envelope.ts';
import { MergeFields } from './merge.ts';

/**
 * Water-quality readings (seed 000 §3): three kinds sharing one shape, each with its own
 * value fields. The field table below is the single source for the server's per-item
 * validation, the client's form bounds and the response schemas.
 *
 * "Not measured": the API speaks the spec's sentinel -99 (in and out); the database
 * stores NULL, so -99 never reaches an average, a chart or an alert by accident.
 * A missing field or `null` in a request also means not measured.
 */
export {
  type AnyWaterField,
  NOT_MEASURED,
  TIMES_OF_DAY,
  WATER_FIELDS,
  WATER_KINDS,
  type WaterField,
  type WaterFieldSpec,
  type WaterKind,
} from '../domain/water-fields.ts';

type ValueProps<K extends WaterKind, T> = { [F in WaterField<K>]: T };
function valueProps<K extends WaterKind, T>(kind: K, schema: () => T): ValueProps<K, T> {
  return Object.fromEntries(Object.keys(WATER_FIELDS[kind]).map((f) => [f, schema()])) as ValueProps<K, T>;
}

const readingBase = {
  id: Type.String(),
  farm_id: Type.String(),
  pond_id: Type.String(),
  cycle_id: Type.Union([Type.String(), Type.Null()]),
  /** ISO 8601 with the offset the device sent, e.g. 2025-03-01T06:10:00.000+07:00. */
  measured_at: Type.String(),
  /** Minutes east of UTC the reading was taken at (420 = WIB). */
  utc_offset: Type.Integer(),
  time_of_day: Type.Union(TIMES_OF_DAY.map((t) => Type.Literal(t))),
  created_by: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  updated_at: Type.String(),
  deleted_at: Type.Union([Type.String(), Type.Null()]),
  /**
   * When someone said "keep both" for this reading's pond, day and slot (ADR 0063); null
   * while nobody has. A slot with two live readings of one kind is flagged while one of
   * them has null here (`domain/same-slot.ts`).
   */
  slot_kept_at: Type.Union([Type.String(), Type.Null()]),
  ...MergeFields,
};

const measured = () => Type.Number({ description: '-99 = not measured' });
const readingSchema = <K extends WaterKind>(kind: K) =>
  Type.Object({ ...readingBase, ...valueProps(kind, measured) });

/** A stored reading as GET answers it: every value field present, -99 when not measured. */
export const WaterReading = {
  general: readingSchema('general'),
  chemical: readingSchema('chemical'),
  biological: readingSchema('biological'),
};
export type WaterReading<K extends WaterKind = WaterKind> = Static<(typeof WaterReading)[K]>;

/**
 * `type: ['number', 'null']`, not anyOf: with the server's ajv `coerceTypes`, an anyOf
 * would coerce null into 0 in its number branch and store a real zero.
 */
const NullableNumber = () => Type.Unsafe<number | null>({ type: ['number', 'null'] });
const inputValue = () => Type.Optional(NullableNumber());
const inputSchema = <K extends WaterKind>(kind: K) =>
  Type.Object({
    id: Uuid,
    pond_id: Uuid,
    /** Optional; when sent it must be the pond's farm. */
    farm_id: Type.Optional(Uuid),
    /** Absent or null: the server fills the pond's active cycle (null when there is none). */
    cycle_id: Type.Optional(Type.Union([Uuid, Type.Null()])),
    /** ISO 8601 with the device's offset; without an offset it is read as WIB (+07:00). */
    measured_at: Type.String(),
    ...valueProps(kind, inputValue),
  });

/**
 * One item of `POST /api/water/<kind>/bulk` as the device sends it. Documented here and
 * used to type the client's outbox; the route itself checks only `id` (see bulk.ts).
 */
export const WaterReadingInput = {
  general: inputSchema('general'),
  chemical: inputSchema('chemical'),
  biological: inputSchema('biological'),
};
export type WaterReadingInput<K extends WaterKind = WaterKind> = Static<(typeof WaterReadingInput)[K]>;

const updateSchema = <K extends WaterKind>(kind: K) =>
  Type.Object({
    measured_at: Type.Optional(Type.String()),
    /**
     * Moves the reading to another cycle of the same pond. `null` (or absent) keeps the
     * cycle: a device's edit sends the whole mirrored row, and a reading taken outside any
     * cycle has `cycle_id: null` (found by tests/chaos).
     */
    cycle_id: Type.Optional(Type.Union([Uuid, Type.Null()])),
    ...valueProps(kind, inputValue),
  });

/** `PUT /api/water/<kind>/{id}/update`: fields sent are changed, -99 clears one. */
export const WaterUpdateBody = {
  general: updateSchema('general'),
  chemical: updateSchema('chemical'),
  biological: updateSchema('biological'),
};
export type WaterUpdateBody<K extends WaterKind = WaterKind> = Static<(typeof WaterUpdateBody)[K]>;

/**
 * `POST /api/water/<kind>/keepBoth`: readings of one kind, pond, farm day and slot that
 * stay side by side on purpose (ADR 0063); answered with the readings as stored.
 */
export const KeepBothBody = Type.Object({
  farm_id: Uuid,
  ids: Type.Array(Uuid, { minItems: 2, maxItems: 20, uniqueItems: true }),
});
export type KeepBothBody = Static<typeof KeepBothBody>;

/** A day (YYYY-MM-DD, farm time) or an instant (ISO 8601). */
const DayOrInstant = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}([T ].+)?$' });

/** `GET /api/water/<kind>`, answered as ListEnvelope(WaterReading[kind]), oldest first. */
export const WaterQuery = Type.Object({
  farm_id: Uuid,
  pond_id: Type.Optional(Uuid),
  cycle_id: Type.Optional(Uuid),
  /** measured_at from (inclusive); a bare day starts at 00:00 farm time. */
  from: Type.Optional(DayOrInstant),
  /** measured_at until; a bare day includes that whole day. */
  to: Type.Optional(DayOrInstant),
  /** Rows changed after this instant, soft-deleted ones included (deleted_at set). */
  since: Since,
});
export type WaterQuery = Static<typeof WaterQuery>;

/** One parameter of a farm's water standards; `setting_id` is null for an untouched default. */
/** The time of day a range is for; null is the all-day range (water-standards.ts). */
const StandardSlot = Type.Union([
  Type.Null(),
  Type.Literal('morning'),
  Type.Literal('afternoon'),
  Type.Literal('evening'),
]);

export const WaterSetting = Type.Object({
  setting_id: Type.Union([Type.String(), Type.Null()]),
  parameter: Type.String(),
  slot: StandardSlot,
  min: NullableNumber(),
  max: NullableNumber(),
  unit: Type.String(),
  is_default: Type.Boolean(),
});
export type WaterSetting = Static<typeof WaterSetting>;

export const WaterSettingQuery = Type.Object({ farm_id: Uuid });

/**
 * Stores the farm's own range for each parameter (and slot: morning / afternoon / evening,
 * none for all day) sent; null leaves that side open.
 */
export const SaveWaterSettingsBody = Type.Object({
  farm_id: Uuid,
  settings: Type.Array(
    Type.Object({
      parameter: Type.String({ minLength: 1, maxLength: 30 }),
      slot: Type.Optional(StandardSlot),
      min: NullableNumber(),
      max: NullableNumber(),
    }),
    { minItems: 1, maxItems: 50 },
  ),
});
export type SaveWaterSettingsBody = Static<typeof SaveWaterSettingsBody>;
