import type { AlertRule } from './alerts.ts';

/** A warehouse item's stock after a use or removal committed. */
export interface StockLevelRecord {
  warehouse_id: string;
  /** Product name, Indonesian and English. */
  name_id: string;
  name_en: string;
  unit: string;
  qty: number;
  minimum_stock: number;
  /** Farm day of the movement, YYYY-MM-DD. */
  on: string;
}

/**
 * An item below its minimum stock, or negative (a use recorded at the pond before the
 * restock): once per item and day, to those who see the warehouse.
 */
export const stockAlerts: AlertRule<StockLevelRecord> = ({ farmId, record }) => {
  if (!(record.qty < 0 || record.qty < record.minimum_stock)) return [];
  const unit = record.unit ? ` ${record.unit}` : '';
  return [
    {
      kind: 'stock',
      key: `stock:${record.warehouse_id}:${record.on}`,
      occurredAt: `${record.on}T00:00:00.000Z`,
      pondId: null,
      feature: 'warehouse',
      title: { key: 'alert.stock-title' },
      body: {
        key: 'alert.stock-body',
        params: {
          item: record.name_id,
          'item@en': record.name_en,
          quantity: `${fmt(record.qty, 'id')}${unit}`,
          'quantity@en': `${fmt(record.qty, 'en')}${unit}`,
          minimum: `${fmt(record.minimum_stock, 'id')}${unit}`,
          'minimum@en': `${fmt(record.minimum_stock, 'en')}${unit}`,
        },
      },
      url: `/farm/${farmId}/warehouse`,
    },
  ];
};

const fmt = (n: number, lang: 'id' | 'en') =>
  new Intl.NumberFormat(lang === 'id' ? 'id-ID' : 'en-US', { maximumFractionDigits: 3 }).format(n);
