import { type Static, Type } from 'typebox';
import { IsoDate, Since, Uuid } from './envelope.ts';
import { MergeFields } from './merge.ts';
import { PhotoRef } from './uploads.ts';

/**
 * A stocking (tebar) of one pond (seed 000 §3 "Stock"): seed counts, source, PL age,
 * bags and the density the server derives from the pond's area. `is_harvest` false
 * means active; a total harvest sets it. Free farms call it "Stok", pro farms "Siklus".
 * `seed_photo`: the stored file's URL once the photo pipeline (uploads) lands; null
 * until then.
 */
export const Stock = Type.Object({
  stock_id: Type.String(),
  farm_id: Type.String(),
  pond_id: Type.String(),
  cycle_id: Type.String(),
  stock_date: Type.String({ description: 'YYYY-MM-DD' }),
  seed_net: Type.Integer(),
  seed_actual: Type.Integer(),
  seed_source: Type.Union([Type.String(), Type.Null()]),
  pl_age: Type.Union([Type.Integer(), Type.Null()]),
  bags: Type.Union([Type.Integer(), Type.Null()]),
  seed_photo: Type.Union([Type.String(), Type.Null()]),
  is_harvest: Type.Boolean(),
  /** PL per m²: seed_actual ÷ the pond's area; null when the pond has no area. */
  density: Type.Union([Type.Number(), Type.Null()]),
  created_by: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  updated_at: Type.String(),
  deleted_at: Type.Union([Type.String(), Type.Null()]),
  ...MergeFields,
});
export type Stock = Static<typeof Stock>;

/** One of pond_id, stock_id or farm_id; with `since`, changed rows incl. deleted. */
export const StockQuery = Type.Object({
  pond_id: Type.Optional(Uuid),
  stock_id: Type.Optional(Uuid),
  farm_id: Type.Optional(Uuid),
  since: Since,
});
export type StockQuery = Static<typeof StockQuery>;

export const SEED_MAX = 100_000_000;
const SeedCount = Type.Integer({ minimum: 1, maximum: SEED_MAX });
const Source = Type.Union([Type.String({ maxLength: 100 }), Type.Null()]);
const PlAge = Type.Union([Type.Integer({ minimum: 1, maximum: 60 }), Type.Null()]);
const Bags = Type.Union([Type.Integer({ minimum: 0, maximum: 1_000_000 }), Type.Null()]);
const Photo = Type.Union([PhotoRef, Type.Null()]);

/**
 * `POST /api/stock`. `stock_id` (UUIDv7 from the device) makes a replay answer the same
 * stocking. A pond without an active cycle gets one starting on the stock date, with
 * `cycle_id` as its id when sent (so an offline device can name it).
 */
export const AddStockBody = Type.Object({
  stock_id: Type.Optional(Uuid),
  cycle_id: Type.Optional(Uuid),
  pond_id: Uuid,
  stock_date: IsoDate,
  seed_net: SeedCount,
  seed_actual: SeedCount,
  seed_source: Type.Optional(Source),
  pl_age: Type.Optional(PlAge),
  bags: Type.Optional(Bags),
  seed_photo: Type.Optional(Photo),
});
export type AddStockBody = Static<typeof AddStockBody>;

/**
 * `PUT /api/stock/{id}/update` (the stocking alone) and `PUT /api/stock-cycle/{id}/update`
 * (the stocking and its cycle: a new stock date moves the cycle's start too). Only the
 * fields the user changed (ADR 0002).
 */
export const UpdateStockBody = Type.Object({
  stock_date: Type.Optional(IsoDate),
  seed_net: Type.Optional(SeedCount),
  seed_actual: Type.Optional(SeedCount),
  seed_source: Type.Optional(Source),
  pl_age: Type.Optional(PlAge),
  bags: Type.Optional(Bags),
  seed_photo: Type.Optional(Photo),
});
export type UpdateStockBody = Static<typeof UpdateStockBody>;
