import { type Static, Type } from 'typebox';
import { SAMPLING_SIGNS, type SamplingSign } from '../domain/sampling-signs.ts';
import { IsoDate, Live, Since, Uuid } from './envelope.ts';
import { MergeFields } from './merge.ts';

/**
 * Growth sampling (seed 000 §3 "Sampling", issue 14): `shrimp_count` shrimp weighed
 * together at `sample_weight` grams; the six sign counts say how many of those shrimp
 * showed each sign. ABW, size and ADG are derived (src/shared/domain/sampling-metrics.ts),
 * never stored.
 */
export {
  SAMPLING_MAX_COUNT,
  SAMPLING_MAX_WEIGHT,
  SAMPLING_SIGNS,
  type SamplingSign,
} from '../domain/sampling-signs.ts';

const signProps = <T>(schema: () => T) =>
  Object.fromEntries(SAMPLING_SIGNS.map((s) => [s, schema()])) as Record<SamplingSign, T>;

export const Sampling = Type.Object({
  id: Type.String(),
  farm_id: Type.String(),
  pond_id: Type.String(),
  cycle_id: Type.String(),
  /** The farm day of the sample (YYYY-MM-DD). */
  sampled_on: Type.String(),
  shrimp_count: Type.Integer(),
  /** Grams for the whole sample. */
  sample_weight: Type.Number(),
  ...signProps(() => Type.Integer()),
  note: Type.Union([Type.String(), Type.Null()]),
  created_by: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  updated_at: Type.String(),
  deleted_at: Type.Union([Type.String(), Type.Null()]),
  ...MergeFields,
});
export type Sampling = Static<typeof Sampling>;

/**
 * One item of `POST /api/sampling/bulk` as the device sends it (one per pond of an
 * entry). Documented here and used to type the outbox; the route checks only `id` and
 * the service validates each item on its own (wrong types are refused, never coerced).
 */
export const SamplingInput = Type.Object({
  id: Uuid,
  pond_id: Uuid,
  farm_id: Type.Optional(Uuid),
  /** Absent: the pond's active cycle. */
  cycle_id: Type.Optional(Type.Union([Uuid, Type.Null()])),
  sampled_on: IsoDate,
  shrimp_count: Type.Integer({ minimum: 1 }),
  sample_weight: Type.Number({ exclusiveMinimum: 0 }),
  /** Counts of shrimp with each sign; absent or null is 0 (`sampling-rules.ts`). */
  ...signProps(() => Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]))),
  note: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
});
export type SamplingInput = Static<typeof SamplingInput>;

/**
 * `PUT /api/sampling/{id}/update`: the fields sent are changed, merged per field with
 * other devices' edits (ADR 0002). Types are checked in the service, so a string where a
 * number belongs is refused with a field message instead of coerced.
 */
export const SamplingUpdateBody = Type.Object({
  sampled_on: Type.Optional(Type.Unknown()),
  shrimp_count: Type.Optional(Type.Unknown()),
  sample_weight: Type.Optional(Type.Unknown()),
  ...signProps(() => Type.Optional(Type.Unknown())),
  note: Type.Optional(Type.Unknown()),
});
export type SamplingUpdateBody = Partial<
  Pick<Sampling, 'sampled_on' | 'shrimp_count' | 'sample_weight' | SamplingSign | 'note'>
>;

/** `GET /api/sampling`, answered as ListEnvelope(Sampling), oldest first. */
export const SamplingQuery = Type.Object({
  farm_id: Uuid,
  pond_id: Type.Optional(Uuid),
  cycle_id: Type.Optional(Uuid),
  since: Since,
  live: Live,
  /** The spec's client sends its UTC offset; the farm's day is used instead, so it is accepted and ignored. */
  timediff: Type.Optional(Type.String({ maxLength: 10 })),
});
export type SamplingQuery = Static<typeof SamplingQuery>;
