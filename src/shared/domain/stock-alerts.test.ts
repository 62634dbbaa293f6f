import { describe, expect, it } from 'vitest';
import { stockAlerts } from './stock-alerts.ts';

const settings = { waterStandards: [], deathThreshold: 100 };
const item = (qty: number, minimum_stock: number) => ({
  warehouse_id: 'w1',
  name_id: 'Kapur',
  name_en: 'Lime',
  unit: 'Kg',
  qty,
  minimum_stock,
  on: '2025-03-01',
});

describe('stockAlerts', () => {
  it('fires below the minimum, once per item and day, farm-wide for the warehouse', () => {
    const [c] = stockAlerts({ farmId: 'f', record: item(7.5, 10), settings });
    expect(c).toMatchObject({
      kind: 'stock',
      key: 'stock:w1:2025-03-01',
      pondId: null,
      feature: 'warehouse',
      url: '/farm/f/warehouse',
    });
    expect(c.body.params).toMatchObject({
      item: 'Kapur',
      'item@en': 'Lime',
      quantity: '7,5 Kg',
      'quantity@en': '7.5 Kg',
      minimum: '10 Kg',
    });
  });
  it('fires on negative stock even without a minimum; quiet at or above the minimum', () => {
    expect(stockAlerts({ farmId: 'f', record: item(-2, 0), settings })).toHaveLength(1);
    expect(stockAlerts({ farmId: 'f', record: item(10, 10), settings })).toEqual([]);
    expect(stockAlerts({ farmId: 'f', record: item(0, 0), settings })).toEqual([]);
  });
});
