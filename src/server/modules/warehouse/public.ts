/** What other modules may take from warehouse: feed use, the stock ledger, products and items for purchase orders. */

export type { WarehouseItemRepository } from './item.repository.ts';
export type { WarehouseProductRepository } from './product.repository.ts';
export type { StockLedger } from './stock-ledger.ts';
export type { WarehouseUsage } from './usage.ts';
