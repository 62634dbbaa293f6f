import { useLiveMirror } from '#components/use-live-mirror.ts';
import { api } from '#local/api-client';
import { getDb, type Local, type TambakDb } from '#local/db';
import { newId } from '#local/ids';
import { saveRecordsJournaled } from '#local/journal';
import { enqueueAction, saveRecords } from '#local/outbox';
import { createRepository } from '#local/repository';
import { PURCHASE_ORDERS, WAREHOUSE_ITEMS, WAREHOUSE_MOVEMENTS } from '#local/resources';
import { syncControl } from '#local/sync/status';
import { visible } from '#local/visible';
import type {
  Movement,
  Product,
  PurchaseOrder,
  SendResult,
  WarehouseItem,
} from '#shared/contracts/warehouse';
import { normalizePhone } from '#shared/domain/phone';
import { purchaseOrderText, whatsappLink } from '#shared/domain/purchase-order-text';
import type { Language } from '#shared/i18n/language';
import type { UseRecord } from './use-entry-model.ts';

/**
 * Live reads of the warehouse mirror and the writes of the warehouse screens, all
 * through the outbox so they work without signal: uses as bulk creates, restocks and
 * removals as actions on their item's URL (with the row in the mirror at once), items
 * and purchase orders as creates. The product catalogue is searched online.
 */
export function useItems(farmId: string, db: TambakDb = getDb()) {
  return useLiveMirror(
    `warehouse-items:${farmId}`,
    async (db) => visible(await db.warehouseItems.where('farm_id').equals(farmId).toArray()),
    db,
  ).data;
}

export function useMovements(farmId: string, db: TambakDb = getDb()) {
  return useLiveMirror(
    `warehouse-movements:${farmId}`,
    async (db) => visible(await db.warehouseMovements.where('farm_id').equals(farmId).toArray()),
    db,
  ).data;
}

export function useRations(farmId: string, db: TambakDb = getDb()) {
  return useLiveMirror(
    `feed-rations:${farmId}`,
    (db) => db.feedRations.where('farm_id').equals(farmId).toArray(),
    db,
  ).data;
}

export function usePurchaseOrders(farmId: string, db: TambakDb = getDb()) {
  return useLiveMirror(
    `purchase-orders:${farmId}`,
    async (db) =>
      visible(await db.purchaseOrders.where('farm_id').equals(farmId).toArray()).sort(
        (a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id),
      ),
    db,
  ).data;
}

const kick = () => void syncControl().then((c) => c.syncNow());

/**
 * Saves the uses of one entry (feed or item): up to 30 ponds × several feeding times, so
 * in one journal write (src/local/journal.ts), spread into the list and the outbox just after.
 */
export async function saveUses(records: UseRecord[], db: TambakDb = getDb()): Promise<void> {
  const { applied } = await saveRecordsJournaled(db, WAREHOUSE_MOVEMENTS, records);
  applied.then(kick, (error: unknown) => console.error('could not apply the saved entry', error));
}

/** A restock or removal: the row shows at once, the POST goes with the outbox. Answers the movement's id. */
export async function addMovement(
  item: Pick<WarehouseItem, 'warehouse_id' | 'farm_id' | 'price'>,
  kind: 'store' | 'remove',
  values: { qty: number; price?: number; used_on: string; note: string | null },
  db: TambakDb = getDb(),
): Promise<string> {
  const id = newId();
  const now = new Date().toISOString();
  const unitPrice = values.price ?? item.price;
  const row: Movement = {
    id,
    farm_id: item.farm_id,
    warehouse_id: item.warehouse_id,
    kind,
    qty: values.qty,
    unit_price: unitPrice,
    value: Math.round(values.qty * unitPrice),
    pond_id: null,
    cycle_id: null,
    used_on: values.used_on,
    time: null,
    note: values.note,
    purchase_order_id: null,
    created_by: null,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  };
  const body = {
    id,
    qty: values.qty,
    used_on: values.used_on,
    note: values.note,
    ...(values.price !== undefined ? { price: values.price } : {}),
  };
  await enqueueAction(db, {
    method: 'POST',
    url: `/api/warehouse/${encodeURIComponent(item.warehouse_id)}/${kind}`,
    body,
    table: 'warehouseMovements',
    rows: [row],
  });
  kick();
  return id;
}

/** Deletes a movement: a use through its own URL, a restock or removal through its item's. */
export async function deleteMovement(m: Local<Movement>, db: TambakDb = getDb()): Promise<void> {
  if (m.kind === 'use') await createRepository(WAREHOUSE_MOVEMENTS, db).remove(m.id);
  else {
    await enqueueAction(db, {
      method: 'DELETE',
      url: `/api/warehouse/${encodeURIComponent(m.warehouse_id)}/${m.kind}/${encodeURIComponent(m.id)}/delete`,
      table: 'warehouseMovements',
      rows: [{ ...m, _deleted: true } as never],
    });
  }
  kick();
}

export async function updateItem(
  id: string,
  changes: { minimum_stock?: number; price?: number },
  db: TambakDb = getDb(),
) {
  await createRepository<WarehouseItem>(WAREHOUSE_ITEMS, db).update(id, changes);
  kick();
}

export async function deleteItem(id: string, db: TambakDb = getDb()) {
  await createRepository<WarehouseItem>(WAREHOUSE_ITEMS, db).remove(id);
  kick();
}

/** A new item of a catalogue product (offline too: the server answers the stored item on a replay). */
export async function createItem(
  farmId: string,
  product: Product,
  values: { minimum_stock: number; price: number },
  db: TambakDb = getDb(),
): Promise<string> {
  const id = newId();
  const now = new Date().toISOString();
  const row: WarehouseItem = {
    warehouse_id: id,
    farm_id: farmId,
    product_id: product.product_id,
    product_name: product.product_name,
    category_id: product.category_id,
    category_name: product.category_name,
    qty: 0,
    unit: product.unit,
    minimum_stock: values.minimum_stock,
    price: values.price,
    stock_state: 'ok',
    created_at: now,
    updated_at: now,
    deleted_at: null,
  };
  await saveRecords(db, WAREHOUSE_ITEMS, [row]);
  kick();
  return id;
}

/** The catalogue (starter set and the farm's products), online. */
export async function searchProducts(farmId: string, search: string, page = 1) {
  return api.get<{ items: Product[]; total: number; page: number; per_page: number }>('/products', {
    farm_id: farmId,
    search: search.trim() || undefined,
    page,
    order_by: 'category',
  });
}

export async function createProduct(
  farmId: string,
  values: { product_name: string; category_id: number; unit: string },
) {
  return (await api.post<Product>('/products', { farm_id: farmId, product_id: newId(), ...values })).data;
}

export async function createOrder(
  farmId: string,
  values: {
    supplier_name: string;
    supplier_phone: string;
    note: string | null;
    lines: { product: Product; qty: number }[];
  },
  db: TambakDb = getDb(),
): Promise<string> {
  const id = newId();
  const now = new Date().toISOString();
  const row: PurchaseOrder & { items: (PurchaseOrder['items'][number] & { qty: number })[] } = {
    id,
    farm_id: farmId,
    supplier_name: values.supplier_name.trim(),
    supplier_phone: normalizePhone(values.supplier_phone) ?? values.supplier_phone,
    note: values.note,
    status: 'open',
    sent_via: null,
    sent_at: null,
    received_at: null,
    items: values.lines.map((l) => ({
      product_id: l.product.product_id,
      product_name: l.product.product_name,
      qty: l.qty,
      unit: l.product.unit,
      price: null,
    })),
    created_at: now,
    updated_at: now,
    deleted_at: null,
  };
  await createRepository<PurchaseOrder>(PURCHASE_ORDERS, db).create([row]);
  kick();
  return id;
}

/**
 * Sends an order: online, the server sends it (Cloud API) or answers the link; without
 * the server (offline, or the order not uploaded yet) the device writes the same link.
 */
export async function sendOrder(
  order: PurchaseOrder,
  farmName: string,
  lang: Language,
  db: TambakDb = getDb(),
): Promise<SendResult> {
  if (order.status === 'open') {
    try {
      const sent = (
        await api.post<SendResult>(`/farm/purchase-order/${encodeURIComponent(order.id)}/whatsapp`)
      ).data;
      // The server has marked it sent: the card says so at once (a synced row only; a row
      // with edits on the phone waits for the pull), and the next pull brings the rest.
      await db.purchaseOrders
        .where('id')
        .equals(order.id)
        .and((row) => row._status === 'synced' && row.status === 'open')
        .modify({ status: 'sent' });
      kick();
      return sent;
    } catch {
      // Offline or not yet on the server: the link needs no server.
    }
  }
  const text = purchaseOrderText(
    {
      farm_name: farmName,
      supplier_name: order.supplier_name,
      note: order.note,
      ordered_on: order.created_at,
      items: order.items,
    },
    lang,
  );
  return { channel: 'link', url: whatsappLink(order.supplier_phone, text), text, message_id: null };
}

/** Receiving restocks the warehouse at the prices paid (queued: works offline). */
export async function receiveOrder(
  order: Local<PurchaseOrder>,
  values: { received_on: string; prices: Record<string, number> },
  db: TambakDb = getDb(),
): Promise<void> {
  const items = order.items.map((it) => ({ ...it, price: values.prices[it.product_id] ?? 0 }));
  await enqueueAction(db, {
    method: 'POST',
    url: `/api/farm/purchase-order/${encodeURIComponent(order.id)}/receive`,
    body: {
      received_on: values.received_on,
      items: items.map((i) => ({ product_id: i.product_id, price: i.price })),
    },
    table: 'purchaseOrders',
    rows: [{ ...order, status: 'received', items } as never],
  });
  kick();
}
