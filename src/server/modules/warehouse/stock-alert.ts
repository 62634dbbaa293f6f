import type { AlertPort } from '../../kernel/alert-port.ts';
import type { WarehouseItemRepository } from './item.repository.ts';

/**
 * After stock left items (a removal, a batch of uses) committed: their stock against
 * their minimum goes to the stock alert, read after the commit.
 */
export function alertStockMoved(
  alerts: AlertPort,
  items: Pick<WarehouseItemRepository, 'stockForAlert'>,
  farmId: string,
  warehouseIds: string[],
  day: string,
): void {
  alerts.committedRead('stock', async () => {
    const rows = await items.stockForAlert(farmId, warehouseIds);
    const records = rows.map((r) => ({
      warehouse_id: r.id,
      name_id: r.name_id,
      name_en: r.name_en,
      unit: r.unit,
      qty: Number(r.qty),
      minimum_stock: Number(r.minimum_stock),
      on: day,
    }));
    return [{ farmId, records }];
  });
}
