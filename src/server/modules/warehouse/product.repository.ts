import { sql } from 'kysely';
import type { Language } from '#shared/i18n/language';
import type { DbOrTx } from '../../db/database.ts';

export interface ProductRow {
  id: string;
  farm_id: string | null;
  category_id: number;
  product_name: string;
  unit: string;
}

/** The product name column of the reader's language. */
export const nameColumn = (lang: Language) => (lang === 'en' ? 'p.name_en' : 'p.name_id');

/** The product catalogue: the starter products and a farm's own (Kysely only). */
export class WarehouseProductRepository {
  constructor(private readonly db: DbOrTx) {}

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
}
