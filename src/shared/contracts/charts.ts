import { type Static, Type } from 'typebox';
import { IsoDate, Uuid } from './envelope.ts';
import { MoneyText } from './finance.ts';

/**
 * Chart endpoints (seed 000 §7 "Charts"): read-only series per pond over a range of farm
 * days, answered as ListEnvelope(series) — one series a pond, in the order the ponds were
 * asked (or by name for `farm_id`). Charts are read online (not mirrored in Dexie).
 *
 * Limits (src/shared/domain/chart-range.ts): `from` ≤ `to`, at most 366 days, at most 20
 * ponds a call; a pond that is unknown, of another farm or outside the caller's pond
 * access refuses the whole call (404), never a partial answer.
 */

/** A comma list of pond ids; checked one by one in the service (a clear field error). */
const PondList = Type.String({ maxLength: 2000, description: 'comma list of pond ids' });

const chartQueryFields = {
  from: IsoDate,
  to: IsoDate,
  /** Either `ponds` or `farm_id` (every pond of the farm the caller may see, up to 20). */
  ponds: Type.Optional(PondList),
  farm_id: Type.Optional(Uuid),
};
export const ChartQuery = Type.Object(chartQueryFields);
export type ChartQuery = Static<typeof ChartQuery>;

/** `GET /api/chart/water`: one water field key (ph, do, tan …; not colour or weather). */
export const WaterChartQuery = Type.Object({
  ...chartQueryFields,
  parameter: Type.String({ maxLength: 40 }),
});
export type WaterChartQuery = Static<typeof WaterChartQuery>;

const SeriesHead = {
  pond_id: Uuid,
  pond_name: Type.String(),
};

/** One reading's value; -99 (not measured) is never a point. */
export const WaterChartPoint = Type.Object({
  /** Farm-local day of the reading. */
  day: IsoDate,
  /** The slot: morning, afternoon or evening. */
  time_of_day: Type.String(),
  /** The instant with the device's offset, e.g. 2026-03-01T06:00:00+07:00. */
  measured_at: Type.String(),
  value: Type.Number(),
});
export type WaterChartPoint = Static<typeof WaterChartPoint>;

export const WaterChartSeries = Type.Object({
  ...SeriesHead,
  parameter: Type.String(),
  unit: Type.String(),
  /** The farm's standard range for the parameter (either bound open = null). */
  standard_min: Type.Union([Type.Number(), Type.Null()]),
  standard_max: Type.Union([Type.Number(), Type.Null()]),
  points: Type.Array(WaterChartPoint),
});
export type WaterChartSeries = Static<typeof WaterChartSeries>;

/** One sampling's growth figures (DOMAIN.md); a figure that cannot be computed is null. */
export const SamplingChartPoint = Type.Object({
  day: IsoDate,
  sampling_id: Uuid,
  cycle_id: Uuid,
  /** g */
  abw: Type.Union([Type.Number(), Type.Null()]),
  /** g/day against the cycle's previous sampling (even one before `from`). */
  adg: Type.Union([Type.Number(), Type.Null()]),
  /** shrimp per kg */
  size: Type.Union([Type.Number(), Type.Null()]),
});
export type SamplingChartPoint = Static<typeof SamplingChartPoint>;

export const SamplingChartSeries = Type.Object({ ...SeriesHead, points: Type.Array(SamplingChartPoint) });
export type SamplingChartSeries = Static<typeof SamplingChartSeries>;

/**
 * Feed used (kg, 3 decimals) from warehouse uses of feed-category items. `time` is the
 * feeding time (HH:mm) for `/chart/feed` and `/chart/feedAccumulative`, null for the
 * daily calls. `kg` is that use's (or day's) feed; `cumulative_kg` the cycle's feed up to
 * and including it (from the cycle's first use, even before `from`; a new cycle restarts).
 */
export const FeedChartPoint = Type.Object({
  day: IsoDate,
  time: Type.Union([Type.String(), Type.Null()]),
  cycle_id: Type.Union([Uuid, Type.Null()]),
  kg: Type.Number(),
  cumulative_kg: Type.Number(),
});
export type FeedChartPoint = Static<typeof FeedChartPoint>;

export const FeedChartSeries = Type.Object({
  ...SeriesHead,
  unit: Type.Literal('kg'),
  total_kg: Type.Number(),
  points: Type.Array(FeedChartPoint),
});
export type FeedChartSeries = Static<typeof FeedChartSeries>;

/** Rupiah value (quantity × price when used) of every item used on the pond that day. */
export const UsagePriceChartPoint = Type.Object({ day: IsoDate, value: MoneyText });
export type UsagePriceChartPoint = Static<typeof UsagePriceChartPoint>;

export const UsagePriceChartSeries = Type.Object({
  ...SeriesHead,
  total: MoneyText,
  points: Type.Array(UsagePriceChartPoint),
});
export type UsagePriceChartSeries = Static<typeof UsagePriceChartSeries>;
