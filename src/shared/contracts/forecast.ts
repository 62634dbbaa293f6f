import { type Static, Type } from 'typebox';

const N = () => Type.Union([Type.Number(), Type.Null()]);
const I = () => Type.Union([Type.Integer(), Type.Null()]);

/** `GET /api/forecast`: the farm's active ponds; sizes as a comma list (pcs/kg), checked by the service. */
export const ForecastQuery = Type.Object({
  farm_id: Type.String({ maxLength: 64 }),
  sizes: Type.Optional(Type.String({ maxLength: 64 })),
});
export type ForecastQuery = Static<typeof ForecastQuery>;

/** `GET /api/forecast/cycle/:cycle_id`: one cycle, with an optional harvest day to project. */
export const CycleForecastQuery = Type.Object({
  farm_id: Type.String({ maxLength: 64 }),
  sizes: Type.Optional(Type.String({ maxLength: 64 })),
  date: Type.Optional(Type.String({ maxLength: 32 })),
});
export type CycleForecastQuery = Static<typeof CycleForecastQuery>;
export const CycleForecastParams = Type.Object({ cycle_id: Type.String({ maxLength: 64 }) });

export const HarvestProjection = Type.Object({
  date: Type.String(),
  doc: Type.Integer(),
  abw: Type.Number(),
  abw_low: Type.Number(),
  abw_high: Type.Number(),
  size: N(),
  population: Type.Integer(),
  biomass_kg: N(),
  feed_kg: Type.Number(),
  price_per_kg: I(),
  revenue: I(),
  cost: I(),
  hpp: I(),
});

export const TargetAnswer = Type.Object({
  size: Type.Integer(),
  target_abw: Type.Number(),
  status: Type.Union([Type.Literal('ok'), Type.Literal('reached'), Type.Literal('beyond')]),
  days: I(),
  days_early: I(),
  days_late: I(),
  projection: Type.Union([HarvestProjection, Type.Null()]),
});

export const PondForecast = Type.Object({
  pond_id: Type.String(),
  pond_name: Type.String(),
  cycle_id: Type.String(),
  stock_date: Type.String(),
  doc: Type.Integer(),
  /** 'prior': fewer than two samplings, the farm's (or default) curve alone. */
  basis: Type.Union([Type.Literal('fit'), Type.Literal('prior')]),
  prior_source: Type.Union([Type.Literal('farm'), Type.Literal('default')]),
  /** Translated notice when the forecast comes from the prior alone. */
  notice: Type.Union([Type.String(), Type.Null()]),
  /** Where revenue's prices come from: the farm's list, past harvests' suggestion, or none. */
  price_source: Type.Union([Type.Literal('farm'), Type.Literal('suggested'), Type.Literal('none')]),
  /** Translated notice when the prices are the suggestion (the farm's list is empty). */
  price_notice: Type.Union([Type.String(), Type.Null()]),
  /** Cost of the cycle so far (Rp) as the finance HPP counts it; null without finance access. */
  cost_to_date: I(),
  samplings: Type.Integer(),
  /** The running cycle's samplings (DOC, ABW g) the forecast was fitted to, for its chart. */
  points: Type.Array(Type.Object({ doc: Type.Number(), abw: Type.Number() })),
  abw_now: N(),
  curve: Type.Array(
    Type.Object({
      date: Type.String(),
      doc: Type.Integer(),
      abw: Type.Number(),
      low: Type.Number(),
      high: Type.Number(),
    }),
  ),
  targets: Type.Array(TargetAnswer),
  harvest: Type.Optional(HarvestProjection),
});
export type PondForecast = Static<typeof PondForecast>;

export const ForecastAnswer = Type.Object({
  message: Type.String(),
  data: Type.Array(PondForecast),
  today: Type.String(),
  prior: Type.Object({
    source: Type.Union([Type.Literal('farm'), Type.Literal('default')]),
    cycles: Type.Integer(),
  }),
});
export type ForecastAnswer = Static<typeof ForecastAnswer>;
