import type { Movement, WarehouseItem } from '#shared/contracts/warehouse';
import { categoryKey, decimalToMilli, stockState } from '#shared/domain/warehouse';
import type { Language } from '#shared/i18n/language';
import { mergeFieldsOf } from '../../sync/record-merge.ts';
import { categoryName } from './categories.ts';
import type { ItemRow } from './item.repository.ts';
import type { MovementRow } from './movement.repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toItem(row: ItemRow, lang: Language): WarehouseItem {
  const qty = decimalToMilli(row.qty);
  const min = decimalToMilli(row.minimum_stock);
  return {
    warehouse_id: row.id,
    farm_id: row.farm_id,
    product_id: row.product_id,
    product_name: row.product_name,
    category_id: row.category_id,
    category_name: categoryName(categoryKey(row.category_id), lang),
    qty: qty / 1000,
    unit: row.unit,
    minimum_stock: min / 1000,
    price: Number(row.price),
    stock_state: stockState(qty, min),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    deleted_at: iso(row.deleted_at),
    ...mergeFieldsOf(row),
  };
}

export function toMovement(row: MovementRow): Movement {
  return {
    id: row.id,
    farm_id: row.farm_id,
    warehouse_id: row.warehouse_id,
    kind: row.kind as Movement['kind'],
    qty: decimalToMilli(row.qty) / 1000,
    unit_price: Number(row.unit_price),
    value: Number(row.value),
    pond_id: row.pond_id,
    cycle_id: row.cycle_id,
    used_on: row.used_on,
    time: row.time,
    note: row.note,
    purchase_order_id: row.purchase_order_id,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    deleted_at: iso(row.deleted_at),
    ...mergeFieldsOf(row),
  };
}
