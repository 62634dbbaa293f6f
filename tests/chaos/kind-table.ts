import type { TambakDb } from '#local/db';
import type { Product } from '#shared/contracts/warehouse';
import type { Books } from './checker.ts';

/**
 * The record kinds added after readings and cycles (issue 29 point 4), written through
 * the functions the screens call: feed and item uses through the journal (`saveUses`),
 * restocks and removals as outbox actions (`addMovement`), their deletion
 * (`deleteMovement`), purchase orders (`createOrder`, `receiveOrder` → restock), stocking
 * (`createStock`), partial harvests and deaths, samplings with a photo Blob
 * (`saveSamplings`), anco (the entry screen's repository create) and finance transactions
 * with a receipt photo (`saveTransactionWithReceipts`).
 */

export type KindOp =
  | 'feed-given'
  | 'item-use'
  | 'restock'
  | 'remove-stock'
  | 'delete-movement'
  | 'po-create'
  | 'po-receive'
  | 'stock-pond'
  | 'harvest-partial'
  | 'death'
  | 'sampling'
  | 'anco'
  | 'finance-tx'
  | 'edit-record';

export const KIND_WEIGHTS: Record<KindOp, number> = {
  'feed-given': 9,
  'item-use': 4,
  restock: 4,
  'remove-stock': 3,
  'delete-movement': 3,
  'po-create': 3,
  'po-receive': 2.5,
  'stock-pond': 2,
  'harvest-partial': 3,
  death: 3,
  sampling: 4,
  anco: 5,
  'finance-tx': 6,
  'edit-record': 6,
};

/** What the tallies count each operation as. */
export const KIND_OF_OP: Record<string, string> = {
  'create-reading': 'water-reading',
  'update-reading': 'water-reading',
  'delete-reading': 'water-reading',
  'start-cycle': 'cycle',
  'end-cycle': 'cycle',
  'feed-given': 'feed',
  'item-use': 'item-use',
  restock: 'restock',
  'remove-stock': 'removal',
  'delete-movement': 'movement-delete',
  'po-create': 'purchase-order',
  'po-receive': 'po-receive',
  'stock-pond': 'stocking',
  'harvest-partial': 'harvest',
  death: 'death',
  sampling: 'sampling',
  anco: 'anco',
  'finance-tx': 'finance',
  'edit-record': 'edit',
};

export interface KindDevice {
  index: number;
  role: 'manager' | 'technician';
  db: TambakDb;
  insertPonds: string[];
  refusedPonds: string[];
}

export interface Extras {
  feed: Product & { warehouse_id: string };
  other: Product & { warehouse_id: string };
  accounts: string[];
  categories: { id: string; type: 'in' | 'out'; name: string; icon: string; builtin_key: string | null }[];
  /** Ponds stocked at set-up (records on them by a manager must never fail). */
  stockedPonds: string[];
  books: Books;
}

const WIB = 7 * 3_600_000;
export const DAY = 86_400_000;
/** The farm's calendar day (WIB) of an instant, YYYY-MM-DD. */
export const farmDay = (ms: number) => new Date(ms + WIB).toISOString().slice(0, 10);
