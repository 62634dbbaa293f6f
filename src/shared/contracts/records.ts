import { type Static, type TSchema, Type } from 'typebox';
import type { AncoStatus } from '../domain/anco.ts';
import { IsoDate, Since, Uuid } from './envelope.ts';
import { MergeFields } from './merge.ts';

/**
 * The daily pond records of issue 14 besides stocking, sampling, deaths and harvest
 * (seed 000 §3, §7): feed-tray checks (anco), water changes, notes and disease records.
 * Each belongs to a pond and the pond's active cycle (a note's pond is optional), is
 * created with a device-made UUIDv7 (a replay stores one copy) and edited per field
 * (ADR 0002). Validation happens per item in the service (src/server/modules/records),
 * so one bad item of a bulk never fails the others; these schemas document the shapes
 * and type the client.
 */
export { ANCO_STATUSES, type AncoStatus } from '../domain/anco.ts';
export { MASTER_DISEASES, type MasterDisease } from '../domain/diseases.ts';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
/**
 * Answer fields as `type: [x, 'null']` rather than anyOf: fast-json-stringify checks each
 * anyOf branch with ajv per value, which made a 90-day farm list (10 000 rows) 3× slower.
 */
const NullableString = () => Type.Unsafe<string | null>({ type: ['string', 'null'] });
const NullableInteger = () => Type.Unsafe<number | null>({ type: ['integer', 'null'] });
/** `type: ['number', 'null']` (not anyOf): ajv's coerceTypes would turn null into 0. */
const NullableNumber = () => Type.Unsafe<number | null>({ type: ['number', 'null'] });
const HhMm = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', description: 'HH:mm, farm time' });

const recordBase = {
  id: Type.String(),
  farm_id: Type.String(),
  pond_id: Type.String(),
  cycle_id: Type.String(),
  created_by: NullableString(),
  /** The name of the person who entered it (for "who and when" lists). */
  created_by_name: NullableString(),
  created_at: Type.String(),
  updated_at: Type.String(),
  deleted_at: NullableString(),
  ...MergeFields,
};

export const AncoTray = Type.Object({
  tray: Type.Integer({ minimum: 1 }),
  status: Type.Unsafe<AncoStatus>({ type: 'string', enum: ['habis', 'sisa_sedikit', 'sisa_banyak'] }),
});

const ancoFields = {
  /** The farm day the trays were checked (YYYY-MM-DD). */
  check_date: Type.String(),
  /** Which feeding of the day (1 = first). */
  feeding_time: Type.Integer(),
  checked_at: Type.String({ description: 'HH:mm' }),
  data_anco: Type.Array(AncoTray),
  note: NullableString(),
};
export const Anco = Type.Object({ ...recordBase, ...ancoFields });
export type Anco = Static<typeof Anco>;

const waterChangeFields = {
  change_date: Type.String(),
  change_time: NullableString(),
  /** Share of the pond's water changed, 0–100 %; null when only the height was noted. */
  percent: NullableNumber(),
  /** Height of water changed in cm; null when only the percent was noted. */
  height_cm: NullableNumber(),
  note: NullableString(),
};
export const WaterChange = Type.Object({
  ...recordBase,
  ...waterChangeFields,
  /**
   * Seed 000 §3 "total water": m³ changed, the pond's area × the height (set by the server;
   * null when only a percent was noted). Optional: a device's own unsent row has none yet.
   */
  total_water_m3: Type.Optional(NullableNumber()),
});
export type WaterChange = Static<typeof WaterChange>;

const noteFields = {
  note_date: Type.String(),
  title: Type.String(),
  tags: Type.Array(Type.String()),
  description: Type.String(),
};
/** A note is the farm's; its pond (and then cycle) is optional. */
export const Note = Type.Object({
  ...recordBase,
  pond_id: NullableString(),
  cycle_id: NullableString(),
  ...noteFields,
});
export type Note = Static<typeof Note>;

const diseaseFields = {
  disease_date: Type.String(),
  /** An id of MASTER_DISEASES (`GET /api/master/disease`). */
  master_disease_id: Type.Integer(),
  /** 1 light, 2 moderate, 3 severe; null when not judged. */
  severity: NullableInteger(),
  /** Estimated share of the pond's shrimp affected, 0–100 %. */
  affected_percent: NullableNumber(),
  note: NullableString(),
};
export const Disease = Type.Object({ ...recordBase, ...diseaseFields });
export type Disease = Static<typeof Disease>;

export const MasterDiseaseSchema = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name_id: Type.String(),
  name_en: Type.String(),
  signs_id: Type.String(),
  signs_en: Type.String(),
});

/** What a create item carries (bulk items and single POSTs alike). */
const createOf = <P extends Record<string, TSchema>>(props: P) =>
  Type.Object({
    id: Uuid,
    pond_id: Uuid,
    farm_id: Type.Optional(Uuid),
    /** Absent: the server fills the pond's active cycle; sent: it must be that cycle. */
    cycle_id: Type.Optional(Nullable(Uuid)),
    ...props,
  });

export const AncoInput = createOf({
  check_date: IsoDate,
  feeding_time: Type.Integer({ minimum: 1 }),
  checked_at: HhMm,
  data_anco: Type.Array(AncoTray, { minItems: 1 }),
  note: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
});
export type AncoInput = Static<typeof AncoInput>;

export const WaterChangeInput = createOf({
  change_date: IsoDate,
  change_time: Type.Optional(Nullable(HhMm)),
  percent: Type.Optional(NullableNumber()),
  height_cm: Type.Optional(NullableNumber()),
  note: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
});
export type WaterChangeInput = Static<typeof WaterChangeInput>;

/** `POST /api/note`: loose here, checked field by field in the service (translated messages). */
export const NoteInput = Type.Object({
  id: Uuid,
  farm_id: Uuid,
  pond_id: Type.Optional(Nullable(Uuid)),
  note_date: Type.Optional(Type.String()),
  title: Type.Optional(Type.Unknown()),
  tags: Type.Optional(Type.Unknown()),
  description: Type.Optional(Type.Unknown()),
});
export type NoteInput = Static<typeof NoteInput>;

/** `POST /api/disease`: loose here, checked field by field in the service. */
export const DiseaseInput = Type.Object({
  id: Uuid,
  pond_id: Uuid,
  farm_id: Type.Optional(Uuid),
  cycle_id: Type.Optional(Nullable(Uuid)),
  disease_date: Type.Optional(Type.Unknown()),
  master_disease_id: Type.Optional(Type.Unknown()),
  severity: Type.Optional(Type.Unknown()),
  affected_percent: Type.Optional(Type.Unknown()),
  note: Type.Optional(Type.Unknown()),
});
export type DiseaseInput = Static<typeof DiseaseInput>;

/** Update bodies: every field optional, only the changed ones sent; checked in the service. */
const loose = (fields: string[]) =>
  Type.Object(Object.fromEntries(fields.map((f) => [f, Type.Optional(Type.Unknown())])));
export const AncoUpdateBody = loose(['check_date', 'feeding_time', 'checked_at', 'data_anco', 'note']);
export const WaterChangeUpdateBody = loose(['change_date', 'change_time', 'percent', 'height_cm', 'note']);
export const NoteUpdateBody = loose(['note_date', 'title', 'tags', 'description']);
export const DiseaseUpdateBody = loose([
  'disease_date',
  'master_disease_id',
  'severity',
  'affected_percent',
  'note',
]);
export type RecordUpdateBody = Record<string, unknown>;

/** Lists: by cycle, by pond or by farm (one of them), a date range, and `since` for pulls. */
export const RecordQuery = Type.Object({
  farm_id: Type.Optional(Uuid),
  pond_id: Type.Optional(Uuid),
  cycle_id: Type.Optional(Uuid),
  /** Record date from (inclusive), YYYY-MM-DD. */
  from: Type.Optional(IsoDate),
  /** Record date until (inclusive), YYYY-MM-DD. */
  to: Type.Optional(IsoDate),
  since: Since,
});
export type RecordQuery = Static<typeof RecordQuery>;
