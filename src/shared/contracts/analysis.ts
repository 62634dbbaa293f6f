import { type Static, Type } from 'typebox';
import { IsoDate, Uuid } from './envelope.ts';
import { MoneyText } from './finance.ts';

/**
 * Farm analysis (seed 000 §7 "Analysis", issue 17 point 3): read-only figures of one farm
 * day (`start_date`) per pond, answered as ListEnvelope(row) — one row a pond the caller
 * may see (by name), or the ponds asked in `ponds`, in that order. Read online (ADR 0005).
 *
 * Limits (src/shared/domain/analysis.ts): at most 100 ponds; a pond that is unknown, of
 * another farm or outside the caller's pond access refuses the whole call (404).
 */
const PondList = Type.String({ maxLength: 4000, description: 'comma list of pond ids' });

const analysisFields = {
  farm_id: Uuid,
  start_date: IsoDate,
  ponds: Type.Optional(PondList),
};
export const AnalysisQuery = Type.Object(analysisFields);
export type AnalysisQuery = Static<typeof AnalysisQuery>;

/** `/farm/water`: which reading table (general by default). */
export const WaterAnalysisQuery = Type.Object({
  ...analysisFields,
  kind: Type.Optional(
    Type.Unsafe<'general' | 'chemical' | 'biological'>({
      type: 'string',
      enum: ['general', 'chemical', 'biological'],
    }),
  ),
});
export type WaterAnalysisQuery = Static<typeof WaterAnalysisQuery>;

/** `/farm/product/cumulative`: optional comma list of warehouse category ids (5 = feed). */
export const CumulativeQuery = Type.Object({
  ...analysisFields,
  category_ids: Type.Optional(Type.String({ maxLength: 100 })),
});
export type CumulativeQuery = Static<typeof CumulativeQuery>;

/** `/farm/status`: the language of `status_label` (the request's language otherwise). */
export const StatusQuery = Type.Object({
  ...analysisFields,
  lang: Type.Optional(Type.String({ maxLength: 10 })),
});
export type StatusQuery = Static<typeof StatusQuery>;

const PondHead = { pond_id: Uuid, pond_name: Type.String() };
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const WaterAnalysisReading = Type.Object({
  time_of_day: Type.String(),
  /** The device's wall clock, HH:mm. */
  time: Type.String(),
  /** Field key → value; null = not measured (the API's -99). */
  values: Type.Record(Type.String(), Nullable(Type.Number())),
});
export const WaterAnalysisRow = Type.Object({ ...PondHead, readings: Type.Array(WaterAnalysisReading) });
export type WaterAnalysisRow = Static<typeof WaterAnalysisRow>;

/** `/farm/water/standar`: one row a parameter with a standard, with the readings outside it. */
export const StandardAnalysisRow = Type.Object({
  parameter: Type.String(),
  unit: Type.String(),
  min: Nullable(Type.Number()),
  max: Nullable(Type.Number()),
  /** Measured readings of the parameter that day, over the ponds asked. */
  readings: Type.Integer(),
  out: Type.Array(
    Type.Object({
      ...PondHead,
      time_of_day: Type.String(),
      time: Type.String(),
      value: Type.Number(),
      status: Type.Unsafe<'low' | 'high'>({ type: 'string', enum: ['low', 'high'] }),
    }),
  ),
});
export type StandardAnalysisRow = Static<typeof StandardAnalysisRow>;

export const ProductFigure = Type.Object({
  product_id: Uuid,
  name_id: Type.String(),
  name_en: Type.String(),
  category_id: Type.Integer(),
  /** The warehouse item's unit (Kg, Gram, Liter …): quantities are not converted. */
  unit: Type.String(),
  qty: Type.Number(),
  /** Rupiah value of the uses. */
  value: MoneyText,
});
export type ProductFigure = Static<typeof ProductFigure>;

export const ProductAnalysisRow = Type.Object({
  ...PondHead,
  products: Type.Array(ProductFigure),
  total_value: MoneyText,
});
export type ProductAnalysisRow = Static<typeof ProductAnalysisRow>;

/** Uses of the pond's cycle running on `start_date`, from its start up to that day. */
export const CumulativeAnalysisRow = Type.Object({
  ...PondHead,
  cycle_id: Nullable(Uuid),
  cycle_start: Nullable(IsoDate),
  products: Type.Array(ProductFigure),
  total_value: MoneyText,
});
export type CumulativeAnalysisRow = Static<typeof CumulativeAnalysisRow>;

/** The 7 farm days ending `start_date`: quantity per product per day (`days` order). */
export const WeeklyAnalysisRow = Type.Object({
  ...PondHead,
  days: Type.Array(IsoDate),
  products: Type.Array(Type.Object({ ...ProductFigure.properties, qty_by_day: Type.Array(Type.Number()) })),
});
export type WeeklyAnalysisRow = Static<typeof WeeklyAnalysisRow>;

export const AncoAnalysisRow = Type.Object({
  ...PondHead,
  checks: Type.Array(
    Type.Object({
      feeding_time: Type.Integer(),
      checked_at: Type.String(),
      trays: Type.Integer(),
      habis: Type.Integer(),
      sisa_sedikit: Type.Integer(),
      sisa_banyak: Type.Integer(),
      advice: Type.Unsafe<'raise' | 'keep' | 'cut' | 'none'>({
        type: 'string',
        enum: ['raise', 'keep', 'cut', 'none'],
      }),
    }),
  ),
});
export type AncoAnalysisRow = Static<typeof AncoAnalysisRow>;

/** `/shrimData`: the cycle running on the day and its last sampling up to it. */
export const ShrimpAnalysisRow = Type.Object({
  ...PondHead,
  cycle_id: Nullable(Uuid),
  cycle_start: Nullable(IsoDate),
  doc: Nullable(Type.Integer()),
  sampling: Nullable(
    Type.Object({
      day: IsoDate,
      shrimp_count: Type.Integer(),
      sample_weight: Type.Number(),
      abw: Nullable(Type.Number()),
      adg: Nullable(Type.Number()),
      size: Nullable(Type.Number()),
    }),
  ),
  /** Deaths of the cycle up to the day (pieces). */
  deaths: Type.Integer(),
  /** Harvested kg of the cycle up to the day. */
  harvest_kg: Type.Number(),
});
export type ShrimpAnalysisRow = Static<typeof ShrimpAnalysisRow>;

export const StatusAnalysisRow = Type.Object({
  ...PondHead,
  cycle_id: Nullable(Uuid),
  doc: Nullable(Type.Integer()),
  /** The water slots with a general reading that day (morning, afternoon, evening). */
  water_slots: Type.Array(Type.String()),
  feed_kg: Type.Number(),
  anco_checks: Type.Integer(),
  sampled: Type.Boolean(),
  /** General readings' values outside the farm's standards that day. */
  out_of_standard: Type.Integer(),
  status: Type.Unsafe<'complete' | 'partial' | 'missing' | 'empty'>({
    type: 'string',
    enum: ['complete', 'partial', 'missing', 'empty'],
  }),
  status_label: Type.String(),
});
export type StatusAnalysisRow = Static<typeof StatusAnalysisRow>;
