import type { AlertPort } from '../../kernel/alert-port.ts';
import type { WarehouseRepository } from './warehouse.repository.ts';

/**
 * After stock left items (a removal, a batch of uses) committed: their stock against
 * their minimum goes to the stock alert, read after the commit.
 */
export function alertStockMoved(
  alerts: AlertPort,
  repo: Pick<WarehouseRepository, 'stockForAlert'>,
  farmId: string,
  warehouseIds: string[],
  day: string,
): void {
  alerts.committedRead('stock', async () => {
    const rows = await repo.stockForAlert(farmId, warehouseIds);
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
