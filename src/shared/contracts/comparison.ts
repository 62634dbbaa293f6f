import { type Static, Type } from 'typebox';
import { COMPARISON_MAX_SERIES, TEMPLATE_NAME_MAX } from '../domain/analysis.ts';
import { IsoDate, Since, Uuid } from './envelope.ts';
import { MergeFields } from './merge.ts';

/**
 * Comparison (issue 17 point 4; seed 000 "GET /multipleComparison"): several metrics of
 * several ponds of one farm on one time axis. A metric is a water-quality parameter key
 * (ph, do, tan …) or one of feed, abw, adg, size, death. `type` 1 merges the same day
 * (quantities summed, readings averaged); 0 keeps every reading (range ≤ 92 days).
 * Limits: `from` ≤ `to`, at most 366 days, at most 8 series; a pond unknown or not seen
 * refuses the whole call (404).
 */
const ComparisonType = Type.Unsafe<'0' | '1'>({ type: 'string', enum: ['0', '1'] });

const comparisonFields = {
  farm_id: Uuid,
  from: IsoDate,
  to: IsoDate,
  type: Type.Optional(ComparisonType),
};

/** `GET /multipleComparison`: `series` = "pondId:metric,pondId:metric". */
export const MultipleComparisonQuery = Type.Object({
  ...comparisonFields,
  series: Type.String({ maxLength: 2000 }),
});
export type MultipleComparisonQuery = Static<typeof MultipleComparisonQuery>;

/** `GET /farm/comparison`: every metric of every pond (ponds × metrics series). */
export const ComparisonQuery = Type.Object({
  ...comparisonFields,
  ponds: Type.String({ maxLength: 2000 }),
  metrics: Type.String({ maxLength: 500 }),
});
export type ComparisonQuery = Static<typeof ComparisonQuery>;

export const ComparisonPoint = Type.Object({
  day: IsoDate,
  /** The day (type 1) or the reading's local time, YYYY-MM-DDTHH:mm (type 0). */
  at: Type.String(),
  value: Type.Number(),
});

export const ComparisonSeries = Type.Object({
  pond_id: Uuid,
  pond_name: Type.String(),
  metric: Type.String(),
  unit: Type.String(),
  standard_min: Type.Union([Type.Number(), Type.Null()]),
  standard_max: Type.Union([Type.Number(), Type.Null()]),
  points: Type.Array(ComparisonPoint),
});
export type ComparisonSeries = Static<typeof ComparisonSeries>;

export const TemplateField = Type.Object({
  pond_id: Uuid,
  metric: Type.String({ minLength: 1, maxLength: 40 }),
});
export type TemplateField = Static<typeof TemplateField>;
const TemplateFields = Type.Array(TemplateField, { minItems: 1, maxItems: COMPARISON_MAX_SERIES });
const TemplateName = Type.String({ minLength: 1, maxLength: TEMPLATE_NAME_MAX });
const TemplateType = Type.Union([Type.Literal(0), Type.Literal(1)]);

/** A saved comparison: the caller's own, per farm (seed 000 §3 "Comparison template per farm"). */
export const ComparisonTemplate = Type.Object({
  template_id: Uuid,
  farm_id: Uuid,
  name: Type.String(),
  type: TemplateType,
  fields: Type.Array(TemplateField),
  updated_at: Type.String(),
  deleted_at: Type.Union([Type.String(), Type.Null()]),
  ...MergeFields,
});
export type ComparisonTemplate = Static<typeof ComparisonTemplate>;

export const TemplateListQuery = Type.Object({ farm_id: Uuid, since: Since });
export type TemplateListQuery = Static<typeof TemplateListQuery>;

export const AddTemplateBody = Type.Object({
  template_id: Type.Optional(Uuid),
  farm_id: Uuid,
  name: TemplateName,
  type: TemplateType,
  fields: TemplateFields,
});
export type AddTemplateBody = Static<typeof AddTemplateBody>;

export const UpdateTemplateBody = Type.Object({
  name: Type.Optional(TemplateName),
  type: Type.Optional(TemplateType),
  fields: Type.Optional(TemplateFields),
});
export type UpdateTemplateBody = Static<typeof UpdateTemplateBody>;
