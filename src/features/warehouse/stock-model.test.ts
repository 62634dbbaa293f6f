import { describe, expect, it } from 'vitest';
import type { Local } from '#local/db';
import type { Movement, WarehouseItem } from '#shared/contracts/warehouse';
import { arrange, shownItems, unsentEffect } from './stock-model.ts';

const item = (
  id: string,
  category_id: number,
  qty: number,
  minimum_stock = 0,
  name = id,
): Local<WarehouseItem> => ({
  warehouse_id: id,
  farm_id: 'f',
  product_id: `p-${id}`,
  product_name: name,
  category_id,
  category_name: '',
  qty,
  unit: 'Kg',
  minimum_stock,
  price: 1000,
  stock_state: 'ok',
  created_at: '',
  updated_at: '',
  deleted_at: null,
  _status: 'synced',
});
const move = (kind: Movement['kind'], qty: number, extra: Partial<Local<Movement>> = {}): Local<Movement> =>
  ({
    id: Math.random().toString(),
    farm_id: 'f',
    warehouse_id: 'a',
    kind,
    qty,
    _status: 'pending',
    _base: null,
    ...extra,
  }) as Local<Movement>;

describe('unsentEffect', () => {
  it('counts what the server has not seen: new uses and restocks, edits by their change, deletes back', () => {
    expect(unsentEffect([move('use', 0.1), move('use', 0.2), move('store', 1)])).toBe(700);
    expect(unsentEffect([move('use', 3, { _base: { kind: 'use', qty: 1 } as Movement })])).toBe(-2000);
    expect(
      unsentEffect([move('use', 2, { _deleted: true, _base: { kind: 'use', qty: 2 } as Movement })]),
    ).toBe(2000);
    expect(unsentEffect([move('use', 5, { _status: 'synced' })])).toBe(0);
  });
});

describe('arrange', () => {
  it('lists negative then below-minimum items first, then categories in the spec’s order', () => {
    const shown = shownItems(
      [item('lime', 6, 50), item('feed', 5, 10, 0, 'Pelet'), item('bac', 3, 1, 5), item('crumble', 5, 1)],
      [move('use', 2, { warehouse_id: 'crumble' })],
    );
    const view = arrange(shown);
    expect(view.attention.map((s) => [s.item.warehouse_id, s.state])).toEqual([
      ['crumble', 'negative'],
      ['bac', 'below-minimum'],
    ]);
    expect(view.categories.map((c) => c.categoryId)).toEqual([5, 6]);
    expect(shown.find((s) => s.item.warehouse_id === 'crumble')?.qtyMilli).toBe(-1000);
  });
});
