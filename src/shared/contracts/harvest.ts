import { type Static, Type } from 'typebox';
import { HARVEST_TYPES, type HarvestType } from '../domain/production-rules.ts';
import { IsoDate, Since, Uuid } from './envelope.ts';
import { MergeFields } from './merge.ts';

export { HARVEST_TYPES, type HarvestType };

const HarvestKind = Type.Union([
  Type.Literal('partial'),
  Type.Literal('molting'),
  Type.Literal('defective'),
  Type.Literal('hollow'),
  Type.Literal('others'),
  Type.Literal('total'),
]);

/**
 * One harvest of a stocking. Money is integer rupiah: `revenue` = round(weight × price),
 * computed by the server; `harvested_count` = round(weight × size) shrimp.
 */
export const Harvest = Type.Object({
  harvest_id: Type.String(),
  farm_id: Type.String(),
  pond_id: Type.String(),
  stock_id: Type.String(),
  cycle_id: Type.String(),
  harvested_on: Type.String({ description: 'YYYY-MM-DD' }),
  type: HarvestKind,
  weight_kg: Type.Number(),
  /** pcs/kg */
  size: Type.Number(),
  price_per_kg: Type.Integer({ description: 'Rp per kg' }),
  revenue: Type.Integer({ description: 'Rp' }),
  harvested_count: Type.Integer(),
  created_by: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  updated_at: Type.String(),
  deleted_at: Type.Union([Type.String(), Type.Null()]),
  ...MergeFields,
});
export type Harvest = Static<typeof Harvest>;

/** stock_id or farm_id; with `since`, changed rows incl. deleted. */
export const HarvestQuery = Type.Object({
  stock_id: Type.Optional(Uuid),
  farm_id: Type.Optional(Uuid),
  since: Since,
});
export type HarvestQuery = Static<typeof HarvestQuery>;

const Weight = Type.Number({ minimum: 0, maximum: 10_000_000, description: 'kg, above 0' });
const Size = Type.Number({ minimum: 0, maximum: 100_000, description: 'pcs/kg, above 0' });
const Price = Type.Integer({ minimum: 0, maximum: 100_000_000 });

export const AddHarvestBody = Type.Object({
  harvest_id: Type.Optional(Uuid),
  stock_id: Uuid,
  harvested_on: IsoDate,
  type: HarvestKind,
  weight_kg: Weight,
  size: Size,
  price_per_kg: Price,
});
export type AddHarvestBody = Static<typeof AddHarvestBody>;

export const UpdateHarvestBody = Type.Object({
  harvested_on: Type.Optional(IsoDate),
  type: Type.Optional(HarvestKind),
  weight_kg: Type.Optional(Weight),
  size: Type.Optional(Size),
  price_per_kg: Type.Optional(Price),
});
export type UpdateHarvestBody = Static<typeof UpdateHarvestBody>;

/** What finance (HPP) reads: harvested kg, count and revenue of a cycle, farm or period. */
export interface HarvestTotals {
  harvested_kg: number;
  harvested_count: number;
  revenue: number;
}
