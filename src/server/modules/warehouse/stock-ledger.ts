import { decimalToMilli, milliToDecimal } from '#shared/domain/warehouse';
import type { DbOrTx } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { WarehouseItemRepository } from './item.repository.ts';
import type { MovementInsert, MovementRow, WarehouseMovementRepository } from './movement.repository.ts';

/** +1: the movement adds to the stock (restock); -1: it takes from it (removal, use). */
export const signOf = (kind: string): 1 | -1 => (kind === 'store' ? 1 : -1);

/**
 * The one place a movement changes an item's stock, always inside the caller's
 * transaction, so `warehouse_items.qty` stays equal to the sum of the item's live
 * movements under concurrent writers, edits and deletes:
 * - `qty = qty + delta` is one UPDATE: PostgreSQL's row lock serialises concurrent
 *   writers, and nothing reads-then-writes the quantity in JavaScript;
 * - a removal (or a change that takes more) first locks the item (FOR UPDATE) and is
 *   refused when the stock would not cover it; uses are never refused (a use recorded
 *   offline is a fact: the stock goes negative and the item is flagged).
 */
export class StockLedger {
  constructor(
    private readonly repos: { items: WarehouseItemRepository; movements: WarehouseMovementRepository },
  ) {}

  /** Records a new movement; false when its id exists (a replay: nothing changes). */
  async record(m: MovementInsert, tx: DbOrTx): Promise<boolean> {
    const milli = decimalToMilli(m.qty);
    if (m.kind === 'remove') await this.requireStock(m.warehouse_id, milli, tx);
    const inserted = await this.repos.movements.insertMovement(m, tx);
    if (inserted)
      await this.repos.items.addToStock(m.warehouse_id, milliToDecimal(signOf(m.kind) * milli), tx);
    return inserted;
  }

  /**
   * Records many uses (never refused) in one INSERT; the stocks then move in one UPDATE,
   * each item once by the sum of its new uses, locked in id order (two batches cannot
   * deadlock). Answers the ids that were new.
   */
  async recordUses(ms: MovementInsert[], tx: DbOrTx): Promise<Set<string>> {
    if (ms.some((m) => m.kind !== 'use')) throw new Error('recordUses takes uses only');
    const inserted = await this.repos.movements.insertMovements(ms, tx);
    const taken = new Map<string, number>();
    for (const m of ms)
      if (inserted.has(m.id))
        taken.set(m.warehouse_id, (taken.get(m.warehouse_id) ?? 0) + decimalToMilli(m.qty));
    await this.repos.items.addToStocks(
      [...taken].map(([id, milli]) => ({ id, delta: milliToDecimal(-milli) })),
      tx,
    );
    return inserted;
  }

  /** Changes a live movement's quantity (and other columns) and moves the stock by the difference. */
  async change(
    row: MovementRow,
    columns: {
      qty?: string;
      unit_price?: number;
      used_on?: string;
      time?: string | null;
      note?: string | null;
    },
    tx: DbOrTx,
  ): Promise<void> {
    if (columns.qty !== undefined) {
      const delta = decimalToMilli(columns.qty) - decimalToMilli(row.qty);
      if (delta !== 0) {
        // Taking more than before: a removal must still be covered by the stock.
        if (row.kind === 'remove' && delta > 0) await this.requireStock(row.warehouse_id, delta, tx);
        await this.repos.items.addToStock(row.warehouse_id, milliToDecimal(signOf(row.kind) * delta), tx);
      }
    }
    await this.repos.movements.updateMovement(row.id, columns, tx);
  }

  /** Soft-deletes a live movement and gives its quantity back (or takes a restock away). */
  async remove(row: MovementRow, tx: DbOrTx): Promise<void> {
    if (await this.repos.movements.softDeleteMovement(row.id, tx)) {
      await this.repos.items.addToStock(
        row.warehouse_id,
        milliToDecimal(-signOf(row.kind) * decimalToMilli(row.qty)),
        tx,
      );
    }
  }

  private async requireStock(warehouseId: string, milli: number, tx: DbOrTx): Promise<void> {
    const item = await this.repos.items.lockItem(warehouseId, tx);
    if (!item || item.deleted) throw new AppError('not-found');
    const stock = decimalToMilli(item.qty);
    if (stock < milli) {
      throw new AppError('stock-insufficient', {
        qty: [{ key: 'validation.beyond-stock', params: { stock: stock / 1000 } }],
      });
    }
  }
}
