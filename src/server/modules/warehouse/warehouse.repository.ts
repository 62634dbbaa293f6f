import { type Kysely, sql } from 'kysely';
import type { Language } from '#shared/i18n/language';
import type { DbOrTx } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { softDeleted } from '../../kernel/soft-delete.ts';

/** A warehouse item joined with its product, as the API needs it. */
export interface ItemRow {
  id: string;
  farm_id: string;
  product_id: string;
  product_name: string;
  category_id: number;
  qty: string;
  unit: string;
  minimum_stock: string;
  price: string;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  version: number;
  conflicts: unknown;
}

export interface MovementRow {
  id: string;
  farm_id: string;
  warehouse_id: string;
  kind: string;
  qty: string;
  unit_price: string;
  value: string;
  pond_id: string | null;
  cycle_id: string | null;
  used_on: string;
  time: string | null;
  note: string | null;
  purchase_order_id: string | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  version: number;
  conflicts: unknown;
}

export interface ProductRow {
  id: string;
  farm_id: string | null;
  category_id: number;
  product_name: string;
  unit: string;
}

export interface MovementInsert {
  id: string;
  farm_id: string;
  warehouse_id: string;
  kind: 'store' | 'remove' | 'use';
  /** Decimal string, 3 decimals. */
  qty: string;
  unit_price: number;
  pond_id: string | null;
  cycle_id: string | null;
  used_on: string;
  time: string | null;
  note: string | null;
  purchase_order_id: string | null;
  created_by: string;
}

const nameColumn = (lang: Language) => (lang === 'en' ? 'p.name_en' : 'p.name_id');

/**
 * Kysely only. Quantities travel as decimal strings (numeric), money as integers; the
 * item's `qty` changes only through `addToStock`, always in the same transaction as the
 * movement that causes it.
 */
export class WarehouseRepository {
  constructor(private readonly db: DbOrTx) {}

  transaction<T>(fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return (this.db as Kysely<Database>).transaction().execute(fn);
  }

  // ---- products -------------------------------------------------------------------

  private products(db: DbOrTx, lang: Language) {
    return db
      .selectFrom('warehouse_products as p')
      .select([
        'p.id',
        'p.farm_id',
        'p.category_id',
        'p.unit',
        sql<string>`${sql.ref(nameColumn(lang))}`.as('product_name'),
      ])
      .where('p.deleted_at', 'is', null);
  }

  /** The starter set and the farm's own products, filtered, sorted and paged. */
  async listProducts(
    q: {
      farmId: string;
      lang: Language;
      search?: string;
      categoryId?: number;
      order: 'asc' | 'desc';
      orderBy: 'name' | 'category';
      limit: number;
      offset: number;
    },
    db: DbOrTx = this.db,
  ): Promise<{ rows: ProductRow[]; total: number }> {
    let base = this.products(db, q.lang).where((eb) =>
      eb.or([eb('p.farm_id', 'is', null), eb('p.farm_id', '=', q.farmId)]),
    );
    if (q.categoryId !== undefined) base = base.where('p.category_id', '=', q.categoryId);
    if (q.search) {
      const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      base = base.where((eb) => eb.or([eb('p.name_id', 'ilike', like), eb('p.name_en', 'ilike', like)]));
    }
    const dir = q.order === 'desc' ? sql.raw('desc') : sql.raw('asc');
    const orderBy =
      q.orderBy === 'category'
        ? sql`array_position(array[5,3,6,1,2,4,7]::smallint[], p.category_id) ${dir}, ${sql.ref(nameColumn(q.lang))} collate "C" ${dir}`
        : sql`lower(${sql.ref(nameColumn(q.lang))}) ${dir}`;
    const [rows, count] = await Promise.all([
      base.orderBy(orderBy).orderBy('p.id').limit(q.limit).offset(q.offset).execute(),
      base
        .clearSelect()
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  findProducts(ids: string[], lang: Language, db: DbOrTx = this.db): Promise<ProductRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.products(db, lang).where('p.id', '=', sql<string>`any(${ids}::uuid[])`).execute();
  }

  /** A farm product; nothing when the id exists already (answer the stored one). */
  async insertProduct(
    p: { id: string; farm_id: string; category_id: number; name: string; unit: string; created_by: string },
    db: DbOrTx = this.db,
  ): Promise<void> {
    await db
      .insertInto('warehouse_products')
      .values({
        id: p.id,
        farm_id: p.farm_id,
        category_id: p.category_id,
        name_id: p.name,
        name_en: p.name,
        unit: p.unit,
        created_by: p.created_by,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  productFarm(id: string, db: DbOrTx = this.db) {
    return db
      .selectFrom('warehouse_products')
      .select(['id', 'farm_id'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  // ---- items ----------------------------------------------------------------------

  private items(db: DbOrTx, lang: Language) {
    return db
      .selectFrom('warehouse_items as w')
      .innerJoin('warehouse_products as p', 'p.id', 'w.product_id')
      .select([
        'w.id',
        'w.farm_id',
        'w.product_id',
        sql<string>`${sql.ref(nameColumn(lang))}`.as('product_name'),
        'p.category_id',
        sql<string>`w.qty::text`.as('qty'),
        'w.unit',
        sql<string>`w.minimum_stock::text`.as('minimum_stock'),
        sql<string>`w.price::text`.as('price'),
        'w.created_by',
        'w.created_at',
        'w.updated_at',
        'w.deleted_at',
        'w.version',
        'w.conflicts',
      ]);
  }

  listItems(
    q: { farmId: string; lang: Language; categoryId?: number; search?: string; changedAfter?: Date },
    db: DbOrTx = this.db,
  ): Promise<ItemRow[]> {
    let query = this.items(db, q.lang).where('w.farm_id', '=', q.farmId);
    if (q.changedAfter) query = query.where('w.updated_at', '>', q.changedAfter);
    else query = query.where('w.deleted_at', 'is', null);
    if (q.categoryId !== undefined) query = query.where('p.category_id', '=', q.categoryId);
    if (q.search) {
      const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) => eb.or([eb('p.name_id', 'ilike', like), eb('p.name_en', 'ilike', like)]));
    }
    // Below minimum (and negative) first, then the spec's category order, then by name.
    return query
      .orderBy(sql`(w.qty < 0 or w.qty < w.minimum_stock) desc`)
      .orderBy(sql`array_position(array[5,3,6,1,2,4,7]::smallint[], p.category_id)`)
      .orderBy(sql`lower(${sql.ref(nameColumn(q.lang))})`)
      .execute() as Promise<ItemRow[]>;
  }

  findItem(id: string, lang: Language, db: DbOrTx = this.db): Promise<ItemRow | undefined> {
    return this.items(db, lang).where('w.id', '=', id).executeTakeFirst() as Promise<ItemRow | undefined>;
  }

  /** Live items by id with their farm, product and price (bulk uses). */
  itemsByIds(ids: string[], db: DbOrTx = this.db) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('warehouse_items')
      .select(['id', 'farm_id', 'product_id', sql<string>`price::text`.as('price')])
      .where('id', '=', sql<string>`any(${ids}::uuid[])`)
      .where('deleted_at', 'is', null)
      .execute();
  }

  /** Inserts an item; false when the id or the farm's live item of that product exists. */
  async insertItem(
    i: {
      id: string;
      farm_id: string;
      product_id: string;
      unit: string;
      minimum_stock: string;
      price: number;
      created_by: string;
    },
    db: DbOrTx = this.db,
  ): Promise<boolean> {
    const res = await sql`
      insert into warehouse_items (id, farm_id, product_id, unit, minimum_stock, price, created_by)
      values (${i.id}, ${i.farm_id}, ${i.product_id}, ${i.unit}, ${i.minimum_stock}::numeric, ${i.price}, ${i.created_by})
      on conflict do nothing`.execute(db);
    return Number(res.numAffectedRows ?? 0) > 0;
  }

  /** The farm's live item of a product. */
  itemOfProduct(farmId: string, productId: string, db: DbOrTx = this.db) {
    return db
      .selectFrom('warehouse_items')
      .select(['id'])
      .where('farm_id', '=', farmId)
      .where('product_id', '=', productId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  async updateItem(id: string, columns: { minimum_stock?: string; price?: number }, db: DbOrTx = this.db) {
    if (Object.keys(columns).length === 0) return;
    await db
      .updateTable('warehouse_items')
      .set({ ...columns, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
  }

  /** Locks the item row (FOR UPDATE) and answers its quantity: removals check against it. */
  async lockItem(
    id: string,
    db: DbOrTx,
  ): Promise<{ qty: string; price: string; deleted: boolean } | undefined> {
    const res = await sql<{ qty: string; price: string; deleted: boolean }>`
      select qty::text as qty, price::text as price, deleted_at is not null as deleted
      from warehouse_items where id = ${id} for update`.execute(db);
    return res.rows[0];
  }

  /** Adds a signed quantity (decimal string) to the item's stock; the one writer of `qty`. */
  async addToStock(id: string, delta: string, db: DbOrTx): Promise<void> {
    await sql`update warehouse_items set qty = qty + ${delta}::numeric, updated_at = now() where id = ${id}`.execute(
      db,
    );
  }

  /**
   * Adds each signed quantity to its item's stock in one statement (a batch of uses).
   * The items are locked in id order first, as one at a time in that order would, so two
   * batches cannot deadlock.
   */
  async addToStocks(deltas: { id: string; delta: string }[], db: DbOrTx): Promise<void> {
    if (deltas.length === 0) return;
    const ids = deltas.map((d) => d.id);
    await sql`
      update warehouse_items w set qty = w.qty + d.delta, updated_at = now()
      from (
        select locked.id, v.delta
        from (select id from warehouse_items where id = any(${ids}::uuid[]) order by id for update) locked
        join unnest(${ids}::uuid[], ${deltas.map((d) => d.delta)}::numeric[]) as v(id, delta) on v.id = locked.id
      ) d
      where w.id = d.id`.execute(db);
  }

  async setPrice(id: string, price: number, db: DbOrTx): Promise<void> {
    await sql`update warehouse_items set price = ${price}, updated_at = now() where id = ${id}`.execute(db);
  }

  /** The stock left of `ids` against their minimum, with the product's names (the stock alert). */
  stockForAlert(farmId: string, ids: string[], db: DbOrTx = this.db) {
    return db
      .selectFrom('warehouse_items as w')
      .innerJoin('warehouse_products as p', 'p.id', 'w.product_id')
      .select(['w.id', 'p.name_id', 'p.name_en', 'w.unit', 'w.qty', 'w.minimum_stock'])
      .where('w.id', '=', sql<string>`any(${ids}::uuid[])`)
      .where('w.farm_id', '=', farmId)
      .where('w.deleted_at', 'is', null)
      .execute();
  }

  async softDeleteItem(id: string, db: DbOrTx = this.db): Promise<void> {
    await db
      .updateTable('warehouse_items')
      .set(softDeleted())
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .execute();
  }

  // ---- movements ------------------------------------------------------------------

  private movements(db: DbOrTx) {
    return db
      .selectFrom('warehouse_movements as m')
      .select([
        'm.id',
        'm.farm_id',
        'm.warehouse_id',
        'm.kind',
        sql<string>`m.qty::text`.as('qty'),
        sql<string>`m.unit_price::text`.as('unit_price'),
        sql<string>`m.value::text`.as('value'),
        'm.pond_id',
        'm.cycle_id',
        sql<string>`m.used_on::text`.as('used_on'),
        'm.time',
        'm.note',
        'm.purchase_order_id',
        'm.created_by',
        'm.created_at',
        'm.updated_at',
        'm.deleted_at',
        'm.version',
        'm.conflicts',
      ]);
  }

  findMovement(id: string, db: DbOrTx = this.db): Promise<MovementRow | undefined> {
    return this.movements(db).where('m.id', '=', id).executeTakeFirst() as Promise<MovementRow | undefined>;
  }

  findMovements(ids: string[], db: DbOrTx = this.db): Promise<MovementRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.movements(db).where('m.id', '=', sql<string>`any(${ids}::uuid[])`).execute() as Promise<
      MovementRow[]
    >;
  }

  /** The restocks a received purchase order made. */
  movementsOfOrder(orderId: string, db: DbOrTx = this.db): Promise<MovementRow[]> {
    return this.movements(db).where('m.purchase_order_id', '=', orderId).execute() as Promise<MovementRow[]>;
  }

  history(
    q: {
      farmId: string;
      warehouseId?: string;
      kind?: string;
      pondId?: string;
      pondIds: string[] | null;
      from?: string;
      to?: string;
      changedAfter?: Date;
    },
    db: DbOrTx = this.db,
  ): Promise<MovementRow[]> {
    let query = this.movements(db).where('m.farm_id', '=', q.farmId);
    if (q.changedAfter) query = query.where('m.updated_at', '>', q.changedAfter);
    else query = query.where('m.deleted_at', 'is', null);
    if (q.warehouseId) query = query.where('m.warehouse_id', '=', q.warehouseId);
    if (q.kind) query = query.where('m.kind', '=', q.kind);
    if (q.pondId) query = query.where('m.pond_id', '=', q.pondId);
    if (q.pondIds) {
      const ponds = q.pondIds;
      // A restricted member sees stock movements and uses in their own ponds only.
      query = query.where((eb) =>
        eb.or([eb('m.pond_id', 'is', null), eb('m.pond_id', '=', sql<string>`any(${ponds}::uuid[])`)]),
      );
    }
    if (q.from) query = query.where('m.used_on', '>=', q.from);
    if (q.to) query = query.where('m.used_on', '<=', q.to);
    return query
      .orderBy('m.used_on', 'desc')
      .orderBy(sql`m.time desc nulls last`)
      .orderBy('m.id', 'desc')
      .execute() as Promise<MovementRow[]>;
  }

  /** Inserts a movement valued in SQL (round(qty × price)); false when the id exists. */
  /** Inserts many movements in one statement; answers the ids that were new (a replayed id is skipped). */
  async insertMovements(ms: MovementInsert[], db: DbOrTx): Promise<Set<string>> {
    if (ms.length === 0) return new Set();
    const rows = sql.join(
      ms.map(
        (m) => sql`(${m.id}::uuid, ${m.farm_id}::uuid, ${m.warehouse_id}::uuid, ${m.kind}, ${m.qty}::numeric,
          ${m.unit_price}::bigint, round(${m.qty}::numeric * ${m.unit_price})::bigint, ${m.pond_id}::uuid,
          ${m.cycle_id}::uuid, ${m.used_on}::date, ${m.time}, ${m.note}, ${m.purchase_order_id}::uuid,
          ${m.created_by}::uuid)`,
      ),
    );
    const res = await sql<{ id: string }>`
      insert into warehouse_movements
        (id, farm_id, warehouse_id, kind, qty, unit_price, value, pond_id, cycle_id, used_on, time, note, purchase_order_id, created_by)
      values ${rows}
      on conflict (id) do nothing
      returning id`.execute(db);
    return new Set(res.rows.map((r) => r.id));
  }

  async insertMovement(m: MovementInsert, db: DbOrTx): Promise<boolean> {
    const res = await sql`
      insert into warehouse_movements
        (id, farm_id, warehouse_id, kind, qty, unit_price, value, pond_id, cycle_id, used_on, time, note, purchase_order_id, created_by)
      values (${m.id}, ${m.farm_id}, ${m.warehouse_id}, ${m.kind}, ${m.qty}::numeric, ${m.unit_price},
        round(${m.qty}::numeric * ${m.unit_price})::bigint, ${m.pond_id}, ${m.cycle_id}, ${m.used_on}::date,
        ${m.time}, ${m.note}, ${m.purchase_order_id}, ${m.created_by})
      on conflict (id) do nothing`.execute(db);
    return Number(res.numAffectedRows ?? 0) > 0;
  }

  async updateMovement(
    id: string,
    columns: {
      qty?: string;
      unit_price?: number;
      used_on?: string;
      time?: string | null;
      note?: string | null;
    },
    db: DbOrTx,
  ): Promise<void> {
    const set: Record<string, unknown> = { updated_at: sql`now()` };
    if (columns.qty !== undefined) set.qty = sql`${columns.qty}::numeric`;
    if (columns.unit_price !== undefined) set.unit_price = columns.unit_price;
    if (columns.used_on !== undefined) set.used_on = columns.used_on;
    if (columns.time !== undefined) set.time = columns.time;
    if (columns.note !== undefined) set.note = columns.note;
    await db.updateTable('warehouse_movements').set(set).where('id', '=', id).execute();
    await sql`update warehouse_movements set value = round(qty * unit_price)::bigint where id = ${id}`.execute(
      db,
    );
  }

  async softDeleteMovement(id: string, db: DbOrTx): Promise<boolean> {
    const res = await db
      .updateTable('warehouse_movements')
      .set(softDeleted())
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** Live ponds by id with their farm. */
  pondFarms(pondIds: string[], db: DbOrTx = this.db) {
    if (pondIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('ponds')
      .select(['id', 'farm_id'])
      .where('id', '=', sql<string>`any(${pondIds}::uuid[])`)
      .where('deleted_at', 'is', null)
      .execute();
  }
}
