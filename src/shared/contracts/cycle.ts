import { type Static, Type } from 'typebox';
import { IsoDate, Since, Uuid } from './envelope.ts';
import { MergeFields } from './merge.ts';

/**
 * A cycle (siklus) of one pond: from stocking preparation to the final harvest.
 * `end_date` is 0 while the cycle is active (seed 000 §3), else its last day.
 * `cycle_number` is the per-pond sequence (1, 2, 3 …): the client labels it
 * "Siklus n" / "Cycle n" (or "Stok n" / "Stock n" on free farms), so the stored record
 * does not depend on the language it was fetched in.
 */
export const Cycle = Type.Object({
  cycle_id: Type.String(),
  farm_id: Type.String(),
  pond_id: Type.String(),
  cycle_number: Type.Integer({ minimum: 1 }),
  start_date: Type.String({ description: 'YYYY-MM-DD' }),
  end_date: Type.Union([Type.String({ description: 'YYYY-MM-DD' }), Type.Literal(0)]),
  is_active: Type.Boolean(),
  /** Days of culture on the end date, or today (farm time) while active. */
  doc: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
  deleted_at: Type.Union([Type.String(), Type.Null()]),
  ...MergeFields,
});
export type Cycle = Static<typeof Cycle>;

/**
 * Exactly one of pond_id, cycle_id or farm_id. Answered as ListEnvelope(Cycle); with
 * `since`, changed rows after it, soft-deleted ones included.
 */
export const CycleQuery = Type.Object({
  pond_id: Type.Optional(Uuid),
  cycle_id: Type.Optional(Uuid),
  farm_id: Type.Optional(Uuid),
  since: Since,
});
export type CycleQuery = Static<typeof CycleQuery>;

/** Start a cycle. `cycle_id` (UUIDv7 from the device) makes a replay return the same cycle. */
export const AddCycleBody = Type.Object({
  cycle_id: Type.Optional(Uuid),
  pond_id: Uuid,
  start_date: IsoDate,
});
export type AddCycleBody = Static<typeof AddCycleBody>;

/** `end_date`: absent keeps it, a date ends (or re-dates) the cycle, 0 or null reopens it. */
export const UpdateCycleBody = Type.Object({
  /** Absent keeps it: a device's edit carries only the fields the user changed (ADR 0002). */
  start_date: Type.Optional(IsoDate),
  end_date: Type.Optional(Type.Union([IsoDate, Type.Literal(0), Type.Null()])),
});
export type UpdateCycleBody = Static<typeof UpdateCycleBody>;

/** `POST /api/cycle/{id}/end`, with an `Idempotency-Key` header so a replay is harmless. */
export const EndCycleBody = Type.Object({ end_date: IsoDate });
export type EndCycleBody = Static<typeof EndCycleBody>;
