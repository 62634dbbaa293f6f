import { type Kysely, sql } from 'kysely';
import type { Language } from '#shared/i18n/language';
import type { DbOrTx } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

export interface OrderRow {
  id: string;
  farm_id: string;
  supplier_name: string;
  supplier_phone: string;
  note: string | null;
  status: string;
  sent_via: string | null;
  sent_at: Date | null;
  received_at: Date | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}

export interface OrderItemRow {
  order_id: string;
  position: number;
  product_id: string;
  product_name: string;
  qty: string;
  unit: string;
  price: string | null;
}

export class PurchaseOrderRepository {
  constructor(private readonly db: DbOrTx) {}

  transaction<T>(fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return (this.db as Kysely<Database>).transaction().execute(fn);
  }

  /** Inserts the order and its lines; false when the id exists (a replayed create). */
  async insert(
    o: {
      id: string;
      farm_id: string;
      supplier_name: string;
      supplier_phone: string;
      note: string | null;
      created_by: string;
    },
    items: { product_id: string; qty: string; unit: string }[],
    db: DbOrTx,
  ): Promise<boolean> {
    const res = await db
      .insertInto('purchase_orders')
      .values(o)
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    if (Number(res.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    await db
      .insertInto('purchase_order_items')
      .values(items.map((it, position) => ({ order_id: o.id, position, ...it })))
      .execute();
    return true;
  }

  find(id: string, db: DbOrTx = this.db): Promise<OrderRow | undefined> {
    return db.selectFrom('purchase_orders').selectAll().where('id', '=', id).executeTakeFirst() as Promise<
      OrderRow | undefined
    >;
  }

  async list(
    q: { farmId: string; limit?: number; offset?: number; changedAfter?: Date },
    db: DbOrTx = this.db,
  ): Promise<OrderRow[]> {
    let query = db.selectFrom('purchase_orders').selectAll().where('farm_id', '=', q.farmId);
    if (q.changedAfter) query = query.where('updated_at', '>', q.changedAfter);
    else query = query.where('deleted_at', 'is', null);
    query = query.orderBy('created_at', 'desc').orderBy('id', 'desc');
    if (q.limit !== undefined) query = query.limit(q.limit).offset(q.offset ?? 0);
    return (await query.execute()) as OrderRow[];
  }

  async items(orderIds: string[], lang: Language, db: DbOrTx = this.db): Promise<OrderItemRow[]> {
    if (orderIds.length === 0) return [];
    return db
      .selectFrom('purchase_order_items as i')
      .innerJoin('warehouse_products as p', 'p.id', 'i.product_id')
      .select([
        'i.order_id',
        'i.position',
        'i.product_id',
        sql<string>`${sql.ref(lang === 'en' ? 'p.name_en' : 'p.name_id')}`.as('product_name'),
        sql<string>`i.qty::text`.as('qty'),
        'i.unit',
        sql<string | null>`i.price::text`.as('price'),
      ])
      .where('i.order_id', '=', sql<string>`any(${orderIds}::uuid[])`)
      .orderBy('i.order_id')
      .orderBy('i.position')
      .execute();
  }

  async markSent(id: string, via: 'link' | 'cloud-api', db: DbOrTx = this.db): Promise<void> {
    await db
      .updateTable('purchase_orders')
      .set({
        status: sql`case when status = 'received' then status else 'sent' end`,
        sent_via: via,
        sent_at: sql`now()`,
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .execute();
  }

  /** Locks the order (FOR UPDATE) so two receipts cannot both restock. */
  async lock(id: string, db: DbOrTx): Promise<{ status: string } | undefined> {
    const res = await sql<{
      status: string;
    }>`select status from purchase_orders where id = ${id} and deleted_at is null for update`.execute(db);
    return res.rows[0];
  }

  async markReceived(
    id: string,
    prices: { position: number; price: number; qty: string }[],
    db: DbOrTx,
  ): Promise<void> {
    for (const p of prices) {
      await db
        .updateTable('purchase_order_items')
        .set({ price: p.price, qty: sql`${p.qty}::numeric` })
        .where('order_id', '=', id)
        .where('position', '=', p.position)
        .execute();
    }
    await db
      .updateTable('purchase_orders')
      .set({ status: 'received', received_at: sql`now()`, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
  }

  async count(farmId: string, db: DbOrTx = this.db): Promise<number> {
    const row = await db
      .selectFrom('purchase_orders')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('farm_id', '=', farmId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  farmName(farmId: string, db: DbOrTx = this.db) {
    return db.selectFrom('farms').select('name').where('id', '=', farmId).executeTakeFirst();
  }
}
