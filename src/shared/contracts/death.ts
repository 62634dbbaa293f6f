import { type Static, Type } from 'typebox';
import { IsoDate, Live, Since, Uuid } from './envelope.ts';
import { MergeFields } from './merge.ts';

/** Dead shrimp found on one day in one stocking (seed 000 §3 "Death"). */
export const Death = Type.Object({
  death_id: Type.String(),
  farm_id: Type.String(),
  pond_id: Type.String(),
  stock_id: Type.String(),
  cycle_id: Type.String(),
  died_on: Type.String({ description: 'YYYY-MM-DD' }),
  count: Type.Integer(),
  /** kg; null when not weighed */
  total_weight_kg: Type.Union([Type.Number(), Type.Null()]),
  created_by: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  updated_at: Type.String(),
  deleted_at: Type.Union([Type.String(), Type.Null()]),
  ...MergeFields,
});
export type Death = Static<typeof Death>;

export const DeathQuery = Type.Object({
  stock_id: Type.Optional(Uuid),
  farm_id: Type.Optional(Uuid),
  since: Since,
  live: Live,
});
export type DeathQuery = Static<typeof DeathQuery>;

const Count = Type.Integer({ minimum: 1, maximum: 100_000_000 });
const Weight = Type.Union([
  Type.Number({ minimum: 0, maximum: 1_000_000, description: 'kg, above 0' }),
  Type.Null(),
]);

export const AddDeathBody = Type.Object({
  death_id: Type.Optional(Uuid),
  stock_id: Uuid,
  died_on: IsoDate,
  count: Count,
  total_weight_kg: Type.Optional(Weight),
});
export type AddDeathBody = Static<typeof AddDeathBody>;

export const UpdateDeathBody = Type.Object({
  died_on: Type.Optional(IsoDate),
  count: Type.Optional(Count),
  total_weight_kg: Type.Optional(Weight),
});
export type UpdateDeathBody = Static<typeof UpdateDeathBody>;

/** `GET /api/death/farm`: deaths per pond per day between start_date and end_date (incl.). */
export const FarmDeathQuery = Type.Object({
  farm_id: Uuid,
  start_date: IsoDate,
  end_date: Type.Optional(IsoDate),
});
export type FarmDeathQuery = Static<typeof FarmDeathQuery>;

export const PondDayDeaths = Type.Object({
  pond_id: Type.String(),
  stock_id: Type.String(),
  died_on: Type.String(),
  count: Type.Integer(),
  total_weight_kg: Type.Union([Type.Number(), Type.Null()]),
});
export type PondDayDeaths = Static<typeof PondDayDeaths>;

/** `GET /api/death/farm/cumulative/before`: totals per pond's active stocking before start_date. */
export const CumulativeDeathQuery = Type.Object({ farm_id: Uuid, start_date: IsoDate });
export type CumulativeDeathQuery = Static<typeof CumulativeDeathQuery>;

export const PondCumulativeDeaths = Type.Object({
  pond_id: Type.String(),
  stock_id: Type.String(),
  count: Type.Integer(),
  total_weight_kg: Type.Union([Type.Number(), Type.Null()]),
});
export type PondCumulativeDeaths = Static<typeof PondCumulativeDeaths>;
