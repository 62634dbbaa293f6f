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
import { WarehouseItemRepository } from '../modules/warehouse/item.repository.ts';
import { WarehouseMovementRepository } from '../modules/warehouse/movement.repository.ts';
import { WarehouseProductRepository } from '../modules/warehouse/product.repository.ts';
import { StockLedger } from '../modules/warehouse/stock-ledger.ts';
import { WarehouseUsage } from '../modules/warehouse/usage.ts';
import { UseItemService } from '../modules/warehouse/use-item.service.ts';
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
  const products = new WarehouseProductRepository(db);
  const items = new WarehouseItemRepository(db);
  const movements = new WarehouseMovementRepository(db);
  const ledger = new StockLedger({ items, movements });
  const merge = new RecordMerge(db);
  const warehouseUsage = new WarehouseUsage(db);
  const warehouse = new WarehouseService({
    products,
    items,
    movements,
    ledger,
    access: farmAccess,
    merge,
    alerts,
  });
  const whatsappConfig = whatsappConfigFromEnv(env);
  return {
    warehouse,
    warehouseUsage,
    useItems: new UseItemService({
      items,
      movements,
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
      products,
      items,
      ledger,
      access: farmAccess,
      idempotency: new Idempotency(db),
      whatsapp: whatsappConfig ? new WhatsAppCloudClient(whatsappConfig) : null,
      log,
    }),
  };
}
