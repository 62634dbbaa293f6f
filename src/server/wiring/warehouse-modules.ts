import type { Db } from '../db/database.ts';
import { Idempotency } from '../idempotency.ts';
import type { AlertPort } from '../kernel/alert-port.ts';
import type { FarmAccess } from '../kernel/farm-access.ts';
import { CycleRepository } from '../modules/cycle/cycle.repository.ts';
import { FeedingRepository } from '../modules/feeding/feeding.repository.ts';
import { FeedingService } from '../modules/feeding/feeding.service.ts';
import { NO_PRODUCTION_SOURCES } from '../modules/feeding/ration-inputs.ts';
import { PurchaseOrderRepository } from '../modules/purchase-order/purchase-order.repository.ts';
import { PurchaseOrderService } from '../modules/purchase-order/purchase-order.service.ts';
import { WhatsAppCloudClient, whatsappConfigFromEnv } from '../modules/purchase-order/whatsapp-cloud.ts';
import { StockLedger } from '../modules/warehouse/stock-ledger.ts';
import { WarehouseUsage } from '../modules/warehouse/usage.ts';
import { UseItemService } from '../modules/warehouse/use-item.service.ts';
import { WarehouseRepository } from '../modules/warehouse/warehouse.repository.ts';
import { WarehouseService } from '../modules/warehouse/warehouse.service.ts';
import { RecordMerge } from '../sync/record-merge.ts';

/**
 * The warehouse, use, feeding-programme and purchase-order services, spread into
 * AppContext. `warehouseUsage` is what production (FCR) and finance (HPP,
 * /chart/usagePrice) read; `feeding.sources` is where deaths, harvests and feed-tray
 * checks plug into the ration (ration-inputs.ts).
 */
export function createWarehouseModules({
  db,
  farmAccess,
  alerts,
  env = process.env,
  log = () => {},
}: {
  db: Db;
  farmAccess: FarmAccess;
  alerts: AlertPort;
  env?: Record<string, string | undefined>;
  log?: (line: string) => void;
}) {
  const repo = new WarehouseRepository(db);
  const ledger = new StockLedger(repo);
  const merge = new RecordMerge(db);
  const warehouseUsage = new WarehouseUsage(db);
  const warehouse = new WarehouseService({ repo, ledger, access: farmAccess, merge, alerts });
  const whatsappConfig = whatsappConfigFromEnv(env);
  return {
    warehouse,
    warehouseUsage,
    useItems: new UseItemService({
      repo,
      ledger,
      access: farmAccess,
      cycles: new CycleRepository(db),
      warehouse,
      alerts,
    }),
    feeding: new FeedingService({
      repo: new FeedingRepository(db),
      access: farmAccess,
      usage: warehouseUsage,
      sources: NO_PRODUCTION_SOURCES,
    }),
    purchaseOrders: new PurchaseOrderService({
      repo: new PurchaseOrderRepository(db),
      warehouse: repo,
      ledger,
      access: farmAccess,
      idempotency: new Idempotency(db),
      whatsapp: whatsappConfig ? new WhatsAppCloudClient(whatsappConfig) : null,
      log,
    }),
  };
}
