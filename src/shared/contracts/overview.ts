import { type Static, Type } from 'typebox';
import { Uuid } from './envelope.ts';

const N = () => Type.Union([Type.Number(), Type.Null()]);

/** The figures of shared/domain/cycle-figures.ts; null = unknown (shown "–"). */
const Figures = {
  doc: Type.Union([Type.Integer(), Type.Null()]),
  abw: N(),
  adg: N(),
  size: N(),
  population: Type.Integer(),
  sr: N(),
  biomass_kg: N(),
  fcr: N(),
  productivity_kg_ha: N(),
  stocked: Type.Integer(),
  death_count: Type.Integer(),
  harvested_count: Type.Integer(),
  harvested_kg: Type.Number(),
  revenue: Type.Integer(),
};

export const OverviewPond = Type.Object({
  pond_id: Type.String(),
  pond_name: Type.String(),
  block_name: Type.String(),
  area_m2: Type.Number(),
  stock_id: Type.String(),
  cycle_id: Type.String(),
  stock_date: Type.String(),
  /** Cumulative feed (kg) of the cycle; null until feed use is recorded (warehouse). */
  feed_kg: N(),
  sampled_on: Type.Union([Type.String(), Type.Null()]),
  /** The cycle's latest two samplings (ABW, ADG): a device recomputes with them offline. */
  last_samplings: Type.Array(
    Type.Object({ sampled_on: Type.String(), sample_weight: Type.Number(), shrimp_count: Type.Integer() }),
  ),
  ...Figures,
});
export type OverviewPond = Static<typeof OverviewPond>;

export const OverviewSummary = Type.Object({
  ponds: Type.Integer(),
  area_m2: Type.Number(),
  ...Figures,
});

export const Overview = Type.Object({
  ponds: Type.Array(OverviewPond),
  summary: OverviewSummary,
  /** The farm's day the figures are for (YYYY-MM-DD). */
  today: Type.String(),
  server_time: Type.String(),
});
export type Overview = Static<typeof Overview>;

/** `pond_id` may repeat (?pond_id=a&pond_id=b) to limit the overview to some ponds. */
export const OverviewQuery = Type.Object({
  farm_id: Uuid,
  pond_id: Type.Optional(Type.Union([Uuid, Type.Array(Uuid, { maxItems: 500 })])),
});
export type OverviewQuery = Static<typeof OverviewQuery>;
