/** What other modules may take from warehouse: feed use, the stock ledger, items for purchase orders. */
export type { StockLedger } from './stock-ledger.ts';
export type { WarehouseUsage } from './usage.ts';
export type { WarehouseRepository } from './warehouse.repository.ts';
