import { v7 as uuidv7 } from 'uuid';
import type {
  CreateItemBody,
  CreateProductBody,
  HistoryQuery,
  Movement,
  ProductQuery,
  ReceivedStock,
  RemoveBody,
  StockAfter,
  StoreBody,
  UpdateItemBody,
  UpdateRemoveBody,
  UpdateStoreBody,
  WarehouseItem,
  WarehouseQuery,
} from '#shared/contracts/warehouse';
import { enteredDayProblem } from '#shared/domain/calendar';
import { ACTION } from '#shared/domain/permissions';
import { CATEGORY_IDS, isUnit, milliToDecimal, parseQuantity } from '#shared/domain/warehouse';
import type { Language } from '#shared/i18n/language';
import { AppError, fieldError } from '../../errors.ts';
import type { AlertPort } from '../../kernel/alert-port.ts';
import { cleanText } from '../../kernel/clean-text.ts';
import type { FarmAccess } from '../../kernel/farm-access.ts';
import { farmToday } from '../../kernel/farm-clock.ts';
import { changedAfter } from '../../kernel/pull-window.ts';
import { visiblePondIds } from '../../kernel/visible-ponds.ts';
import type { Headers, RecordMerge } from '../../sync/record-merge.ts';
import { categories } from './categories.ts';
import type { WarehouseItemRepository } from './item.repository.ts';
import type { MovementRow, WarehouseMovementRepository } from './movement.repository.ts';
import type { WarehouseProductRepository } from './product.repository.ts';
import { alertStockMoved } from './stock-alert.ts';
import type { StockLedger } from './stock-ledger.ts';
import { toItem, toMovement } from './warehouse-mapper.ts';

export interface WarehouseDeps {
  products: WarehouseProductRepository;
  items: WarehouseItemRepository;
  movements: WarehouseMovementRepository;
  ledger: StockLedger;
  access: FarmAccess;
  merge: RecordMerge;
  /** Items whose stock a removal or use took go to the stock alert after the commit. */
  alerts: AlertPort;
}

export const PRODUCTS_PER_PAGE = 20;

/** A movement's day: not after the farm's today (400 validation.date-future on `used_on`). */
export function movementDay(day: string, today: string = farmToday()): string {
  const problem = enteredDayProblem(day, today);
  if (problem) throw fieldError('used_on', problem);
  return day;
}

/** A quantity field as milli-units, or a translated field error (400). */
export function quantity(field: string, value: unknown, positive = true): number {
  const parsed = parseQuantity(value, { positive });
  if ('error' in parsed) throw fieldError(field, parsed.error, parsed.params);
  return parsed.milli;
}

/**
 * The farm warehouse: catalogue, items, restocks and removals, and the movement history.
 * Authorization first (feature `warehouse`: view to read, add to create, edit to change
 * or delete), then the rules; stock changes go through the StockLedger only.
 */
export class WarehouseService {
  constructor(private readonly d: WarehouseDeps) {}

  categories(lang: Language) {
    return categories(lang);
  }

  async listProducts(userId: string, q: ProductQuery, lang: Language) {
    await this.d.access.require(userId, q.farm_id, 'warehouse', ACTION.view);
    const page = q.page ?? 1;
    const search = q.search === undefined ? undefined : (cleanText('search', q.search) ?? undefined);
    const { rows, total } = await this.d.products.listProducts({
      farmId: q.farm_id,
      lang,
      search,
      categoryId: q.category_id,
      order: q.order ?? 'asc',
      orderBy: q.order_by ?? 'name',
      limit: PRODUCTS_PER_PAGE,
      offset: (page - 1) * PRODUCTS_PER_PAGE,
    });
    return {
      items: rows.map((r) => this.product(r, lang)),
      page,
      per_page: PRODUCTS_PER_PAGE,
      total,
    };
  }

  async createProduct(userId: string, body: CreateProductBody, lang: Language) {
    await this.d.access.require(userId, body.farm_id, 'warehouse', ACTION.add);
    const errors: Record<string, { key: string }[]> = {};
    const name = cleanText('product_name', body.product_name);
    if (!name) errors.product_name = [{ key: 'validation.required' }];
    if (!CATEGORY_IDS.includes(body.category_id)) errors.category_id = [{ key: 'validation.category' }];
    if (!isUnit(body.unit)) errors.unit = [{ key: 'validation.unit' }];
    if (Object.keys(errors).length > 0) throw new AppError('validation-failed', errors);
    const id = body.product_id ?? uuidv7();
    await this.d.products.insertProduct({
      id,
      farm_id: body.farm_id,
      category_id: body.category_id,
      name: name as string,
      unit: body.unit,
      created_by: userId,
    });
    const [row] = await this.d.products.findProducts([id], lang);
    if (!row || row.farm_id !== body.farm_id) throw new AppError('conflict');
    return this.product(row, lang);
  }

  private product(
    r: { id: string; farm_id: string | null; category_id: number; product_name: string; unit: string },
    lang: Language,
  ) {
    const name = categories(lang).find((c) => c.category_id === r.category_id)?.category_name ?? '';
    return {
      product_id: r.id,
      farm_id: r.farm_id,
      category_id: r.category_id,
      category_name: name,
      product_name: r.product_name,
      unit: r.unit,
    };
  }

  async listItems(
    userId: string,
    q: WarehouseQuery,
    lang: Language,
  ): Promise<{ items: WarehouseItem[]; server_time: string }> {
    const m = await this.d.access.require(userId, q.farm_id, 'warehouse', ACTION.view);
    const search = q.search === undefined ? undefined : (cleanText('search', q.search) ?? undefined);
    const rows = await this.d.items.listItems({
      farmId: q.farm_id,
      lang,
      categoryId: q.category_id,
      search,
      changedAfter: q.since ? changedAfter(q.since) : undefined,
    });
    return { items: rows.map((r) => toItem(r, lang)), server_time: m.readAt };
  }

  async createItem(userId: string, body: CreateItemBody, lang: Language): Promise<WarehouseItem> {
    await this.d.access.require(userId, body.farm_id, 'warehouse', ACTION.add);
    const min = body.minimum_stock === undefined ? 0 : quantity('minimum_stock', body.minimum_stock, false);
    const [product] = await this.d.products.findProducts([body.product_id], lang);
    if (!product || (product.farm_id !== null && product.farm_id !== body.farm_id))
      throw fieldError('product_id', 'validation.product-unknown');
    const id = body.warehouse_id ?? uuidv7();
    const inserted = await this.d.items.insertItem({
      id,
      farm_id: body.farm_id,
      product_id: product.id,
      unit: product.unit,
      minimum_stock: milliToDecimal(min),
      price: body.price ?? 0,
      created_by: userId,
    });
    const row = await this.d.items.findItem(id, lang);
    if (!inserted) {
      // A replayed create answers the stored item; anything else is taken.
      if (row && row.farm_id === body.farm_id && row.product_id === product.id && !row.deleted_at)
        return toItem(row, lang);
      if (row) throw new AppError('conflict');
      throw new AppError('item-exists', undefined, 409);
    }
    return toItem(row as NonNullable<typeof row>, lang);
  }

  async updateItem(
    userId: string,
    id: string,
    body: UpdateItemBody,
    headers: Headers,
    lang: Language,
  ): Promise<WarehouseItem> {
    const row = await this.liveItem(id, lang);
    await this.d.access.require(userId, row.farm_id, 'warehouse', ACTION.edit);
    const patch: Record<string, unknown> = {};
    if (body.minimum_stock !== undefined)
      patch.minimum_stock = quantity('minimum_stock', body.minimum_stock, false) / 1000;
    if (body.price !== undefined) patch.price = body.price;
    await this.d.merge.update({
      table: 'warehouse_items',
      id,
      userId,
      headers,
      patch,
      load: async (tx) => {
        const cur = toItem((await this.d.items.findItem(id, lang, tx)) as NonNullable<typeof row>, lang);
        return { minimum_stock: cur.minimum_stock, price: cur.price };
      },
      write: async (tx, changes) => {
        const columns: { minimum_stock?: string; price?: number } = {};
        if (typeof changes.minimum_stock === 'number')
          columns.minimum_stock = milliToDecimal(Math.round(changes.minimum_stock * 1000));
        if (typeof changes.price === 'number') columns.price = changes.price;
        await this.d.items.updateItem(id, columns, tx);
      },
    });
    return toItem(await this.liveItem(id, lang), lang);
  }

  async deleteItem(userId: string, id: string): Promise<void> {
    const row = await this.d.items.findItem(id, 'id');
    if (!row) throw new AppError('not-found');
    await this.d.access.require(userId, row.farm_id, 'warehouse', ACTION.edit);
    await this.d.items.softDeleteItem(id);
  }

  /** The movement history, as the answer's JSON array written by PostgreSQL (ADR 0082). */
  async historyJson(userId: string, q: HistoryQuery): Promise<{ json: string; server_time: string }> {
    const m = await this.d.access.require(userId, q.farm_id, 'warehouse', ACTION.view);
    if (
      q.pond_id &&
      (!this.d.access.canSeePond(m, q.pond_id) ||
        this.d.access.pondAction(m, 'warehouse', q.pond_id) < ACTION.view)
    )
      throw new AppError('not-found');
    const json = await this.d.movements.historyJson({
      farmId: q.farm_id,
      warehouseId: q.warehouse_id,
      kind: q.kind,
      pondId: q.pond_id,
      pondIds: visiblePondIds(this.d.access, m, 'warehouse'),
      from: q.from,
      to: q.to,
      changedAfter: q.since ? changedAfter(q.since) : undefined,
    });
    return { json, server_time: m.readAt };
  }

  // ---- restock and removal ----------------------------------------------------------

  /** `POST /warehouse/{id}/store` and `/remove`: idempotent by the movement id. */
  async addMovement(
    userId: string,
    warehouseId: string,
    kind: 'store' | 'remove',
    body: StoreBody | RemoveBody,
  ): Promise<Movement> {
    const item = await this.liveItem(warehouseId, 'id');
    await this.d.access.require(userId, item.farm_id, 'warehouse', ACTION.add);
    const milli = quantity('qty', body.qty);
    movementDay(body.used_on);
    const note = cleanText('note', body.note);
    const price = kind === 'store' && 'price' in body && body.price !== undefined ? body.price : undefined;
    // Atomic: the movement and the stock it moves (and a restock's new price) commit together.
    await this.d.items.transaction(async (tx) => {
      const inserted = await this.d.ledger.record(
        {
          id: body.id,
          farm_id: item.farm_id,
          warehouse_id: warehouseId,
          kind,
          qty: milliToDecimal(milli),
          unit_price: price ?? Number(item.price),
          pond_id: null,
          cycle_id: null,
          used_on: body.used_on,
          time: null,
          note,
          purchase_order_id: null,
          created_by: userId,
        },
        tx,
      );
      if (inserted && price !== undefined) await this.d.items.setPrice(warehouseId, price, tx);
    });
    const row = await this.d.movements.findMovement(body.id);
    if (!row || row.warehouse_id !== warehouseId || row.kind !== kind) throw new AppError('conflict');
    if (row.deleted_at) throw new AppError('not-found');
    if (kind === 'remove')
      alertStockMoved(this.d.alerts, this.d.items, item.farm_id, [warehouseId], body.used_on);
    return toMovement(row);
  }

  async updateMovement(
    userId: string,
    warehouseId: string,
    movementId: string,
    kind: 'store' | 'remove',
    body: UpdateStoreBody | UpdateRemoveBody,
    headers: Headers,
  ): Promise<Movement> {
    const row = await this.liveMovement(movementId);
    if (row.warehouse_id !== warehouseId || row.kind !== kind) throw new AppError('not-found');
    await this.d.access.require(userId, row.farm_id, 'warehouse', ACTION.edit);
    const patch: Record<string, unknown> = {};
    if (body.qty !== undefined) patch.qty = quantity('qty', body.qty) / 1000;
    if ('price' in body && body.price !== undefined) patch.unit_price = body.price;
    if (body.used_on !== undefined) patch.used_on = movementDay(body.used_on);
    if (body.note !== undefined) patch.note = cleanText('note', body.note);
    await this.mergeMovement(userId, row, patch, headers);
    return toMovement(await this.liveMovement(movementId));
  }

  async deleteMovement(userId: string, warehouseId: string, movementId: string, kind: 'store' | 'remove') {
    const row = await this.d.movements.findMovement(movementId);
    if (!row || row.warehouse_id !== warehouseId || row.kind !== kind) throw new AppError('not-found');
    await this.d.access.require(userId, row.farm_id, 'warehouse', ACTION.edit);
    await this.d.items.transaction((tx) => this.d.ledger.remove(row, tx));
  }

  /** A movement edit merged per field (ADR 0002); the stock moves by the quantity's change in the same transaction. */
  async mergeMovement(userId: string, row: MovementRow, patch: Record<string, unknown>, headers: Headers) {
    await this.d.merge.update({
      table: 'warehouse_movements',
      id: row.id,
      userId,
      headers,
      patch,
      load: async (tx) => {
        const cur = toMovement((await this.d.movements.findMovement(row.id, tx)) as MovementRow);
        return {
          qty: cur.qty,
          unit_price: cur.unit_price,
          used_on: cur.used_on,
          time: cur.time,
          note: cur.note,
        };
      },
      write: async (tx, changes) => {
        const current = (await this.d.movements.findMovement(row.id, tx)) as MovementRow;
        const columns: Parameters<StockLedger['change']>[1] = {};
        if (typeof changes.qty === 'number') columns.qty = milliToDecimal(Math.round(changes.qty * 1000));
        if (typeof changes.unit_price === 'number') columns.unit_price = changes.unit_price;
        if (typeof changes.used_on === 'string') columns.used_on = changes.used_on;
        if ('time' in changes) columns.time = (changes.time as string | null) ?? null;
        if ('note' in changes) columns.note = (changes.note as string | null) ?? null;
        await this.d.ledger.change(current, columns, tx);
      },
    });
  }

  async liveMovement(id: string): Promise<MovementRow> {
    const row = await this.d.movements.findMovement(id);
    if (!row || row.deleted_at) throw new AppError('not-found');
    return row;
  }

  /** The items a write just moved, as they stand now (a write's `related.warehouseItems`). */
  async stockAfter(ids: Iterable<string>, lang: Language): Promise<StockAfter> {
    const rows = await Promise.all([...new Set(ids)].map((id) => this.d.items.findItem(id, lang)));
    return {
      warehouseItems: rows.filter((r): r is NonNullable<typeof r> => !!r).map((r) => toItem(r, lang)),
    };
  }

  /** What receiving a purchase order changed: its restocks and their items (the receipt's `related`). */
  async receivedStock(orderId: string, lang: Language): Promise<ReceivedStock> {
    const movements = await this.d.movements.movementsOfOrder(orderId);
    const { warehouseItems } = await this.stockAfter(
      movements.map((m) => m.warehouse_id),
      lang,
    );
    return { warehouseItems, warehouseMovements: movements.map(toMovement) };
  }

  private async liveItem(id: string, lang: Language) {
    const row = await this.d.items.findItem(id, lang);
    if (!row || row.deleted_at) throw new AppError('not-found');
    return row;
  }
}
