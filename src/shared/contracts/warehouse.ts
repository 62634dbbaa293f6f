import { type Static, Type } from 'typebox';
import { IsoDate, Since, Uuid } from './envelope.ts';
import { MergeFields } from './merge.ts';

/**
 * Warehouse, feed and item use, feeding programme and purchase orders (seed 000 §3
 * "Warehouse item", §7 "Warehouse", "Purchase orders"; issue 15).
 *
 * Quantities are numbers with at most 3 decimals (rounded to 3 when sent with more);
 * money is integer rupiah. Quantity fields are declared `number` so a string is refused,
 * never coerced; the services validate range and sign with translated messages.
 */
export {
  FEED_CATEGORY_ID,
  MOVEMENT_KINDS,
  type MovementKind,
  UNITS,
  type Unit,
  WAREHOUSE_CATEGORIES,
} from '../domain/warehouse.ts';

const Text = (max: number) => Type.String({ maxLength: max });
const MovementKindSchema = () =>
  Type.Union([Type.Literal('store'), Type.Literal('remove'), Type.Literal('use')]);
const Quantity = Type.Number({ description: 'up to 3 decimals; rounded to 3' });
const Money = Type.Integer({ minimum: 0, description: 'rupiah' });
const HhMm = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' });

export const Category = Type.Object({
  category_id: Type.Integer(),
  category_name: Type.String(),
});
export type Category = Static<typeof Category>;

export const Product = Type.Object({
  product_id: Type.String(),
  /** null: the starter catalogue every farm sees. */
  farm_id: Type.Union([Type.String(), Type.Null()]),
  category_id: Type.Integer(),
  category_name: Type.String(),
  product_name: Type.String(),
  unit: Type.String(),
});
export type Product = Static<typeof Product>;

export const ProductQuery = Type.Object({
  farm_id: Uuid,
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  search: Type.Optional(Text(100)),
  category_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  order_by: Type.Optional(Type.Union([Type.Literal('name'), Type.Literal('category')])),
});
export type ProductQuery = Static<typeof ProductQuery>;

export const ProductPage = Type.Object({
  items: Type.Array(Product),
  page: Type.Integer(),
  per_page: Type.Integer(),
  total: Type.Integer(),
});

export const CreateProductBody = Type.Object({
  product_id: Type.Optional(Uuid),
  farm_id: Uuid,
  category_id: Type.Integer(),
  product_name: Type.String({ minLength: 1, maxLength: 100 }),
  unit: Type.String({ maxLength: 10 }),
});
export type CreateProductBody = Static<typeof CreateProductBody>;

/** A farm's warehouse item; `qty` may be negative when uses recorded offline outran the stock. */
export const WarehouseItem = Type.Object({
  warehouse_id: Type.String(),
  farm_id: Type.String(),
  product_id: Type.String(),
  product_name: Type.String(),
  category_id: Type.Integer(),
  category_name: Type.String(),
  qty: Type.Number(),
  unit: Type.String(),
  minimum_stock: Type.Number(),
  /** Rupiah per unit: what a use is valued at (set by restocks and received orders). */
  price: Type.Integer(),
  stock_state: Type.Union([Type.Literal('negative'), Type.Literal('below-minimum'), Type.Literal('ok')]),
  created_at: Type.String(),
  updated_at: Type.String(),
  deleted_at: Type.Union([Type.String(), Type.Null()]),
  ...MergeFields,
});
export type WarehouseItem = Static<typeof WarehouseItem>;

/** `related` of every write that moves stock: its items as they stand after it (see EnvelopeWithRelated). */
export const StockAfter = Type.Object({ warehouseItems: Type.Array(WarehouseItem) });
export type StockAfter = Static<typeof StockAfter>;

export const WarehouseQuery = Type.Object({
  farm_id: Uuid,
  category_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  search: Type.Optional(Text(100)),
  since: Since,
});
export type WarehouseQuery = Static<typeof WarehouseQuery>;

export const CreateItemBody = Type.Object({
  warehouse_id: Type.Optional(Uuid),
  farm_id: Uuid,
  product_id: Uuid,
  minimum_stock: Type.Optional(Quantity),
  price: Type.Optional(Money),
});
export type CreateItemBody = Static<typeof CreateItemBody>;

export const UpdateItemBody = Type.Object({
  minimum_stock: Type.Optional(Quantity),
  price: Type.Optional(Money),
});
export type UpdateItemBody = Static<typeof UpdateItemBody>;

/** One stock movement: a restock, a removal or a use in a pond (`id` = the spec's used_sub_id). */
export const Movement = Type.Object({
  id: Type.String(),
  farm_id: Type.String(),
  warehouse_id: Type.String(),
  kind: MovementKindSchema(),
  qty: Type.Number(),
  /** Rupiah per unit the movement is valued at. */
  unit_price: Type.Integer(),
  /** qty × unit_price, rounded to whole rupiah. */
  value: Type.Integer(),
  pond_id: Type.Union([Type.String(), Type.Null()]),
  cycle_id: Type.Union([Type.String(), Type.Null()]),
  /** The farm day (YYYY-MM-DD). */
  used_on: Type.String(),
  /** Feeding time HH:mm, uses only. */
  time: Type.Union([Type.String(), Type.Null()]),
  note: Type.Union([Type.String(), Type.Null()]),
  purchase_order_id: Type.Union([Type.String(), Type.Null()]),
  created_by: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  updated_at: Type.String(),
  deleted_at: Type.Union([Type.String(), Type.Null()]),
  ...MergeFields,
});
export type Movement = Static<typeof Movement>;

/** `related` of a received purchase order: the restocks it made and their items after them. */
export const ReceivedStock = Type.Object({
  warehouseItems: Type.Array(WarehouseItem),
  warehouseMovements: Type.Array(Movement),
});
export type ReceivedStock = Static<typeof ReceivedStock>;

export const HistoryQuery = Type.Object({
  farm_id: Uuid,
  warehouse_id: Type.Optional(Uuid),
  kind: Type.Optional(MovementKindSchema()),
  pond_id: Type.Optional(Uuid),
  from: Type.Optional(IsoDate),
  to: Type.Optional(IsoDate),
  since: Since,
});
export type HistoryQuery = Static<typeof HistoryQuery>;

/** One item of `POST /api/useitem/bulk` (the route checks only `id`; the service the rest, per item). */
export const UseItemInput = Type.Object({
  id: Uuid,
  warehouse_id: Uuid,
  pond_id: Uuid,
  farm_id: Type.Optional(Uuid),
  cycle_id: Type.Optional(Type.Union([Uuid, Type.Null()])),
  qty: Quantity,
  used_on: IsoDate,
  time: Type.Optional(Type.Union([HhMm, Type.Null()])),
  note: Type.Optional(Type.Union([Text(500), Type.Null()])),
});
export type UseItemInput = Static<typeof UseItemInput>;

export const UpdateUseBody = Type.Object({
  qty: Type.Optional(Quantity),
  used_on: Type.Optional(IsoDate),
  time: Type.Optional(Type.Union([HhMm, Type.Null()])),
  note: Type.Optional(Type.Union([Text(500), Type.Null()])),
});
export type UpdateUseBody = Static<typeof UpdateUseBody>;

/** `POST /api/warehouse/{id}/store`: a restock; `price` (per unit) becomes the item's price. */
export const StoreBody = Type.Object({
  id: Uuid,
  qty: Quantity,
  price: Type.Optional(Money),
  used_on: IsoDate,
  note: Type.Optional(Type.Union([Text(500), Type.Null()])),
});
export type StoreBody = Static<typeof StoreBody>;

export const UpdateStoreBody = Type.Object({
  qty: Type.Optional(Quantity),
  price: Type.Optional(Money),
  used_on: Type.Optional(IsoDate),
  note: Type.Optional(Type.Union([Text(500), Type.Null()])),
});
export type UpdateStoreBody = Static<typeof UpdateStoreBody>;

/** `POST /api/warehouse/{id}/remove`: refused beyond the stock. */
export const RemoveBody = Type.Object({
  id: Uuid,
  qty: Quantity,
  used_on: IsoDate,
  note: Type.Optional(Type.Union([Text(500), Type.Null()])),
});
export type RemoveBody = Static<typeof RemoveBody>;
export const UpdateRemoveBody = Type.Object({
  qty: Type.Optional(Quantity),
  used_on: Type.Optional(IsoDate),
  note: Type.Optional(Type.Union([Text(500), Type.Null()])),
});
export type UpdateRemoveBody = Static<typeof UpdateRemoveBody>;

export const MovementParams = Type.Object({ id: Uuid, used_sub_id: Uuid });
export const UsedSubParams = Type.Object({ used_sub_id: Uuid });

/** `/feedIdxSetting`: the farm's feeding programme. */
export const FeedProgrammeSchema = Type.Object({
  blind_until_doc: Type.Integer(),
  blind_start_kg: Type.Number(),
  feed_index: Type.Number(),
  feedings_per_day: Type.Integer(),
  anco_empty_pct: Type.Number(),
  anco_little_pct: Type.Number(),
  anco_lot_pct: Type.Number(),
  /** Days between samplings of a pond (issue 31); optional in a save: 7 when never set. */
  sampling_every_days: Type.Optional(Type.Integer()),
});
export const FeedSetting = Type.Object({
  farm_id: Type.String(),
  is_default: Type.Boolean(),
  ...FeedProgrammeSchema.properties,
});
export type FeedSetting = Static<typeof FeedSetting>;
export const SaveFeedSettingBody = Type.Object({ farm_id: Uuid, ...FeedProgrammeSchema.properties });
export type SaveFeedSettingBody = Static<typeof SaveFeedSettingBody>;

export const FrRow = Type.Object({ abw: Type.Number(), fr: Type.Number() });
/** `/fr`: the FR table by ABW. */
export const FrTable = Type.Object({
  farm_id: Type.String(),
  is_default: Type.Boolean(),
  rows: Type.Array(FrRow),
});
export type FrTable = Static<typeof FrTable>;
export const SaveFrBody = Type.Object({
  farm_id: Uuid,
  rows: Type.Array(FrRow, { minItems: 1, maxItems: 50 }),
});
export type SaveFrBody = Static<typeof SaveFrBody>;
export const FarmQuery = Type.Object({ farm_id: Uuid });

/** `GET /api/feed/ration`: the recommended ration of every pond with an active cycle. */
export const PondRation = Type.Object({
  pond_id: Type.String(),
  farm_id: Type.String(),
  cycle_id: Type.String(),
  on: Type.String(),
  doc: Type.Integer(),
  population: Type.Integer(),
  abw: Type.Union([Type.Number(), Type.Null()]),
  anco: Type.Union([Type.String(), Type.Null()]),
  mode: Type.Union([Type.Literal('blind'), Type.Literal('fr'), Type.Literal('no-sampling')]),
  daily_kg: Type.Union([Type.Number(), Type.Null()]),
  per_feeding_kg: Type.Union([Type.Number(), Type.Null()]),
  fr: Type.Union([Type.Number(), Type.Null()]),
  biomass_kg: Type.Union([Type.Number(), Type.Null()]),
  anco_pct: Type.Number(),
  /** Feed recorded for this pond on `on` (kg). */
  fed_kg: Type.Number(),
});
export type PondRation = Static<typeof PondRation>;
export const RationQuery = Type.Object({ farm_id: Uuid, on: Type.Optional(IsoDate), since: Since });

export const PurchaseOrderItem = Type.Object({
  product_id: Type.String(),
  product_name: Type.String(),
  qty: Type.Number(),
  unit: Type.String(),
  /** Price per unit paid, recorded when the order is received. */
  price: Type.Union([Type.Integer(), Type.Null()]),
});
export const PurchaseOrder = Type.Object({
  id: Type.String(),
  farm_id: Type.String(),
  supplier_name: Type.String(),
  /** E.164 (+62…). */
  supplier_phone: Type.String(),
  note: Type.Union([Type.String(), Type.Null()]),
  status: Type.Union([Type.Literal('open'), Type.Literal('sent'), Type.Literal('received')]),
  sent_via: Type.Union([Type.Literal('link'), Type.Literal('cloud-api'), Type.Null()]),
  sent_at: Type.Union([Type.String(), Type.Null()]),
  received_at: Type.Union([Type.String(), Type.Null()]),
  items: Type.Array(PurchaseOrderItem),
  created_at: Type.String(),
  updated_at: Type.String(),
  deleted_at: Type.Union([Type.String(), Type.Null()]),
});
export type PurchaseOrder = Static<typeof PurchaseOrder>;

export const CreatePurchaseOrderBody = Type.Object({
  id: Type.Optional(Uuid),
  farm_id: Uuid,
  supplier_name: Type.String({ maxLength: 100 }),
  supplier_phone: Type.String({ maxLength: 30 }),
  note: Type.Optional(Type.Union([Text(1000), Type.Null()])),
  items: Type.Array(Type.Object({ product_id: Uuid, qty: Quantity }), { maxItems: 100 }),
});
export type CreatePurchaseOrderBody = Static<typeof CreatePurchaseOrderBody>;

export const PurchaseOrderQuery = Type.Object({
  farm_id: Uuid,
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  since: Since,
});
export type PurchaseOrderQuery = Static<typeof PurchaseOrderQuery>;

export const SendResult = Type.Object({
  channel: Type.Union([Type.Literal('link'), Type.Literal('cloud-api')]),
  /** The click-to-chat link (always given: the app opens it when the channel is `link`). */
  url: Type.String(),
  text: Type.String(),
  message_id: Type.Union([Type.String(), Type.Null()]),
});
export type SendResult = Static<typeof SendResult>;

export const ReceiveBody = Type.Object({
  received_on: IsoDate,
  items: Type.Array(Type.Object({ product_id: Uuid, qty: Type.Optional(Quantity), price: Money }), {
    minItems: 1,
    maxItems: 100,
  }),
});
export type ReceiveBody = Static<typeof ReceiveBody>;
