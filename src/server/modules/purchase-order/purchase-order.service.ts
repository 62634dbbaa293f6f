import { v7 as uuidv7 } from 'uuid';
import type {
  CreatePurchaseOrderBody,
  PurchaseOrder,
  PurchaseOrderQuery,
  ReceiveBody,
  SendResult,
} from '#shared/contracts/warehouse';
import { enteredDayProblem } from '#shared/domain/calendar';
import { ACTION } from '#shared/domain/permissions';
import { normalizePhone } from '#shared/domain/phone';
import { purchaseOrderText, whatsappDigits, whatsappLink } from '#shared/domain/purchase-order-text';
import { decimalToMilli, milliToDecimal, parseQuantity } from '#shared/domain/warehouse';
import type { Language } from '#shared/i18n/language';
import { AppError } from '../../errors.ts';
import type { Idempotency } from '../../idempotency.ts';
import { cleanText } from '../../kernel/clean-text.ts';
import type { FarmAccess } from '../../kernel/farm-access.ts';
import { farmToday } from '../../kernel/farm-clock.ts';
import { changedAfter } from '../../kernel/pull-window.ts';
import { findBadValue } from '../../security/clean-values.ts';
import type {
  StockLedger,
  WarehouseItemRepository,
  WarehouseProductRepository,
} from '../warehouse/public.ts';
import type { OrderItemRow, OrderRow, PurchaseOrderRepository } from './purchase-order.repository.ts';
import type { WhatsAppCloudClient } from './whatsapp-cloud.ts';

type FieldMessages = Record<string, { key: string; params?: Record<string, string | number> }[]>;

export const ORDERS_PER_PAGE = 20;

export interface PurchaseOrderDeps {
  repo: PurchaseOrderRepository;
  products: WarehouseProductRepository;
  items: WarehouseItemRepository;
  ledger: StockLedger;
  access: FarmAccess;
  idempotency: Idempotency;
  /** null: the WhatsApp Cloud API is not configured; orders go out by click-to-chat link. */
  whatsapp: WhatsAppCloudClient | null;
  log: (line: string) => void;
}

function toOrder(row: OrderRow, items: OrderItemRow[]): PurchaseOrder {
  return {
    id: row.id,
    farm_id: row.farm_id,
    supplier_name: row.supplier_name,
    supplier_phone: row.supplier_phone,
    note: row.note,
    status: row.status as PurchaseOrder['status'],
    sent_via: row.sent_via as PurchaseOrder['sent_via'],
    sent_at: row.sent_at?.toISOString() ?? null,
    received_at: row.received_at?.toISOString() ?? null,
    items: items.map((i) => ({
      product_id: i.product_id,
      product_name: i.product_name,
      qty: decimalToMilli(i.qty) / 1000,
      unit: i.unit,
      price: i.price === null ? null : Number(i.price),
    })),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    deleted_at: row.deleted_at?.toISOString() ?? null,
  };
}

/**
 * Purchase orders (seed 000 §7): made from the catalogue, sent to the supplier over
 * WhatsApp (Cloud API when configured, else a click-to-chat link the app opens), and
 * received into the warehouse (restock at the price paid). Feature `warehouse`.
 */
export class PurchaseOrderService {
  constructor(private readonly d: PurchaseOrderDeps) {}

  async create(userId: string, body: CreatePurchaseOrderBody, lang: Language): Promise<PurchaseOrder> {
    await this.d.access.require(userId, body.farm_id, 'warehouse', ACTION.add);
    const errors: FieldMessages = {};
    const supplier = (() => {
      try {
        return cleanText('supplier_name', body.supplier_name);
      } catch {
        errors.supplier_name = [{ key: 'validation.text' }];
        return null;
      }
    })();
    if (!supplier && !errors.supplier_name) errors.supplier_name = [{ key: 'validation.required' }];
    const phone = findBadValue(body.supplier_phone) ? null : normalizePhone(body.supplier_phone);
    if (!phone) errors.supplier_phone = [{ key: 'validation.phone' }];
    let note: string | null = null;
    try {
      note = cleanText('note', body.note);
    } catch {
      errors.note = [{ key: 'validation.text' }];
    }
    if (body.items.length === 0) errors.items = [{ key: 'validation.order-items' }];
    const products = new Map(
      (await this.d.products.findProducts([...new Set(body.items.map((i) => i.product_id))], lang)).map(
        (p) => [p.id, p],
      ),
    );
    const lines: { product_id: string; qty: string; unit: string }[] = [];
    body.items.forEach((it, i) => {
      const p = products.get(it.product_id);
      if (!p || (p.farm_id !== null && p.farm_id !== body.farm_id))
        errors[`items.${i}.product_id`] = [{ key: 'validation.product-unknown' }];
      const q = parseQuantity(it.qty);
      if ('error' in q) errors[`items.${i}.qty`] = [{ key: q.error, params: q.params }];
      else if (p) lines.push({ product_id: p.id, qty: milliToDecimal(q.milli), unit: p.unit });
    });
    if (Object.keys(errors).length > 0) throw new AppError('validation-failed', errors);
    const id = body.id ?? uuidv7();
    await this.d.repo.transaction((tx) =>
      this.d.repo.insert(
        {
          id,
          farm_id: body.farm_id,
          supplier_name: supplier as string,
          supplier_phone: phone as string,
          note,
          created_by: userId,
        },
        lines,
        tx,
      ),
    );
    const row = await this.d.repo.find(id);
    if (!row || row.farm_id !== body.farm_id) throw new AppError('conflict');
    return toOrder(row, await this.d.repo.items([id], lang));
  }

  async list(
    userId: string,
    q: PurchaseOrderQuery,
    lang: Language,
  ): Promise<{ items: PurchaseOrder[]; server_time: string }> {
    const m = await this.d.access.require(userId, q.farm_id, 'warehouse', ACTION.view);
    const rows = await this.d.repo.list({
      farmId: q.farm_id,
      limit: q.page ? ORDERS_PER_PAGE : undefined,
      offset: q.page ? (q.page - 1) * ORDERS_PER_PAGE : undefined,
      changedAfter: q.since ? changedAfter(q.since) : undefined,
    });
    const items = await this.d.repo.items(
      rows.map((r) => r.id),
      lang,
    );
    return {
      items: rows.map((r) =>
        toOrder(
          r,
          items.filter((i) => i.order_id === r.id),
        ),
      ),
      server_time: m.readAt,
    };
  }

  /** The order written out; sent through the Cloud API when configured, else the link to open. */
  async send(userId: string, id: string, lang: Language): Promise<SendResult> {
    const { row, order } = await this.load(id, lang);
    await this.d.access.require(userId, row.farm_id, 'warehouse', ACTION.add);
    const farm = await this.d.repo.farmName(row.farm_id);
    const text = purchaseOrderText(
      {
        farm_name: farm?.name ?? '',
        supplier_name: order.supplier_name,
        note: order.note,
        ordered_on: order.created_at,
        items: order.items,
      },
      lang,
    );
    const url = whatsappLink(order.supplier_phone, text);
    if (this.d.whatsapp) {
      try {
        const messageId = await this.d.whatsapp.sendText(whatsappDigits(order.supplier_phone), text);
        await this.d.repo.markSent(id, 'cloud-api');
        return { channel: 'cloud-api', url, text, message_id: messageId };
      } catch (error) {
        // The supplier must still get the order: fall back to the link the app opens.
        this.d.log(
          `purchase order ${id}: ${(error as Error).message}; falling back to the click-to-chat link`,
        );
      }
    }
    await this.d.repo.markSent(id, 'link');
    return { channel: 'link', url, text, message_id: null };
  }

  /**
   * Receiving restocks the warehouse: each line becomes a restock of the farm's item of
   * that product (made when the farm has none) at the price paid, which becomes the
   * item's price. One transaction, the order row locked: a second receipt answers 409.
   */
  async receive(
    userId: string,
    id: string,
    body: ReceiveBody,
    lang: Language,
    idempotencyKey: string | undefined,
  ): Promise<PurchaseOrder> {
    const { row, order } = await this.load(id, lang);
    await this.d.access.require(userId, row.farm_id, 'warehouse', ACTION.add);
    const errors: FieldMessages = {};
    // The day the goods came: not after the farm's today, as every restock (ADR 0132).
    const dayProblem = enteredDayProblem(body.received_on, farmToday());
    if (dayProblem) errors.received_on = [{ key: dayProblem }];
    const lines = body.items.map((it, i) => {
      const position = order.items.findIndex((o) => o.product_id === it.product_id);
      if (position < 0) errors[`items.${i}.product_id`] = [{ key: 'validation.product-unknown' }];
      let milli = position >= 0 ? Math.round(order.items[position].qty * 1000) : 0;
      if (it.qty !== undefined) {
        const q = parseQuantity(it.qty);
        if ('error' in q) errors[`items.${i}.qty`] = [{ key: q.error, params: q.params }];
        else milli = q.milli;
      }
      return { position, milli, price: it.price, product_id: it.product_id };
    });
    if (Object.keys(errors).length > 0) throw new AppError('validation-failed', errors);
    await this.d.idempotency.run(userId, idempotencyKey, `po-receive:${id}`, async (tx) => {
      const locked = await this.d.repo.lock(id, tx);
      if (!locked) throw new AppError('not-found');
      if (locked.status === 'received') throw new AppError('order-received', undefined, 409);
      for (const line of lines) {
        let item = await this.d.items.itemOfProduct(row.farm_id, line.product_id, tx);
        if (!item) {
          const product = order.items[line.position];
          const newId = uuidv7();
          await this.d.items.insertItem(
            {
              id: newId,
              farm_id: row.farm_id,
              product_id: line.product_id,
              unit: product.unit,
              minimum_stock: '0.000',
              price: line.price,
              created_by: userId,
            },
            tx,
          );
          item = { id: newId };
        }
        await this.d.ledger.record(
          {
            id: uuidv7(),
            farm_id: row.farm_id,
            warehouse_id: item.id,
            kind: 'store',
            qty: milliToDecimal(line.milli),
            unit_price: line.price,
            pond_id: null,
            cycle_id: null,
            used_on: body.received_on,
            time: null,
            note: null,
            purchase_order_id: id,
            created_by: userId,
          },
          tx,
        );
        await this.d.items.setPrice(item.id, line.price, tx);
      }
      await this.d.repo.markReceived(
        id,
        lines.map((l) => ({ position: l.position, price: l.price, qty: milliToDecimal(l.milli) })),
        tx,
      );
      return { status: 200, body: null };
    });
    return (await this.load(id, lang)).order;
  }

  private async load(id: string, lang: Language) {
    const row = await this.d.repo.find(id);
    if (!row || row.deleted_at) throw new AppError('not-found');
    return { row, order: toOrder(row, await this.d.repo.items([id], lang)) };
  }
}
