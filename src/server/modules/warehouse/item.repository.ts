import { type Kysely, sql } from 'kysely';
import type { Language } from '#shared/i18n/language';
import type { DbOrTx } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { softDeleted } from '../../kernel/soft-delete.ts';
import { nameColumn } from './product.repository.ts';

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

/** A farm's warehouse items: a product with its stock, minimum and price (Kysely only). */
export class WarehouseItemRepository {
  constructor(private readonly db: DbOrTx) {}

  transaction<T>(fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return (this.db as Kysely<Database>).transaction().execute(fn);
  }

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

  /**
   * Locks the item row and answers its quantity: removals check against it. FOR NO KEY
   * UPDATE, as every stock lock here: a movement's insert holds a KEY SHARE lock on its
   * item (the foreign key), which FOR UPDATE would wait on; two batches that each inserted
   * a use of one item then deadlocked on the item.
   */
  async lockItem(
    id: string,
    db: DbOrTx,
  ): Promise<{ qty: string; price: string; deleted: boolean } | undefined> {
    const res = await sql<{ qty: string; price: string; deleted: boolean }>`
      select qty::text as qty, price::text as price, deleted_at is not null as deleted
      from warehouse_items where id = ${id} for no key update`.execute(db);
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
        from (select id from warehouse_items where id = any(${ids}::uuid[]) order by id for no key update) locked
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
}
