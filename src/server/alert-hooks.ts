import { sql } from 'kysely';
import type { Db } from './db/database.ts';
import type { AlertService } from './modules/alerts/alerts.service.ts';
import type { DeathService } from './modules/production/death.service.ts';
import type { ProductionRepository } from './modules/production/production.repository.ts';
import type { RecordsService } from './modules/records/records.service.ts';
import type { UseItemService } from './modules/warehouse/use-item.service.ts';
import type { WarehouseService } from './modules/warehouse/warehouse.service.ts';

/**
 * Hands the committed writes of production, records and the warehouse to the alert rules
 * (alert-rules.ts: `death`, `disease`, `stock`). Each hook runs after its write committed
 * and is never awaited by it: what it reads is loaded here, errors are only logged.
 */
export function wireAlertHooks(d: {
  db: Db;
  alerts: AlertService;
  production: ProductionRepository;
  deaths: DeathService;
  records: RecordsService;
  useItems: UseItemService;
  warehouse: WarehouseService;
  log: (line: string) => void;
}) {
  const later = (what: string, run: () => Promise<void>) => {
    run().catch((error) => d.log(`[alerts] ${what} failed: ${(error as Error).message}`));
  };

  d.deaths.committed = (row) =>
    later('death', async () => {
      const count = await d.production.pondDayDeaths(row.pond_id, row.died_on);
      d.alerts.committed('death', row.farm_id, [{ pond_id: row.pond_id, died_on: row.died_on, count }]);
    });

  d.records.committed = (type, ids) => {
    if (type.table !== 'disease_records' || ids.length === 0) return;
    later('disease', async () => {
      const rows = await d.db
        .selectFrom('disease_records')
        .select([
          'id',
          'farm_id',
          'pond_id',
          sql<string>`disease_date::text`.as('disease_date'),
          'master_disease_id',
        ])
        .where('id', '=', sql<string>`any(${ids}::uuid[])`)
        .where('deleted_at', 'is', null)
        .execute();
      const byFarm = new Map<string, typeof rows>();
      for (const r of rows) byFarm.set(r.farm_id, [...(byFarm.get(r.farm_id) ?? []), r]);
      for (const [farmId, list] of byFarm) d.alerts.committed('disease', farmId, list);
    });
  };

  const stockMoved = (farmId: string, warehouseIds: string[], day: string) =>
    later('stock', async () => {
      const rows = await d.db
        .selectFrom('warehouse_items as w')
        .innerJoin('warehouse_products as p', 'p.id', 'w.product_id')
        .select(['w.id', 'p.name_id', 'p.name_en', 'w.unit', 'w.qty', 'w.minimum_stock'])
        .where('w.id', '=', sql<string>`any(${warehouseIds}::uuid[])`)
        .where('w.farm_id', '=', farmId)
        .where('w.deleted_at', 'is', null)
        .execute();
      d.alerts.committed(
        'stock',
        farmId,
        rows.map((r) => ({
          warehouse_id: r.id,
          name_id: r.name_id,
          name_en: r.name_en,
          unit: r.unit,
          qty: Number(r.qty),
          minimum_stock: Number(r.minimum_stock),
          on: day,
        })),
      );
    });
  d.useItems.stockMoved = stockMoved;
  d.warehouse.stockMoved = stockMoved;
}
