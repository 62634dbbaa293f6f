import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../db/database.ts';
import { softDeleted } from '../../kernel/soft-delete.ts';
import { anyUuid, type ListFilter } from './list-filter.ts';

export interface StockRow {
  id: string;
  farm_id: string;
  pond_id: string;
  cycle_id: string;
  stock_date: string;
  seed_net: number;
  seed_actual: number;
  seed_source: string | null;
  pl_age: number | null;
  bags: number | null;
  seed_photo: string | null;
  is_harvest: boolean;
  /** The pond's area (m²), for the density. */
  pond_area: string;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  version: number;
  conflicts: unknown;
}

/** Stockings of ponds (Kysely only). Calendar dates are read as text. */
export class StockRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  private stocks(db: DbOrTx) {
    return db
      .selectFrom('stocks as s')
      .innerJoin('ponds as p', 'p.id', 's.pond_id')
      .select([
        's.id',
        's.farm_id',
        's.pond_id',
        's.cycle_id',
        sql<string>`s.stock_date::text`.as('stock_date'),
        's.seed_net',
        's.seed_actual',
        's.seed_source',
        's.pl_age',
        's.bags',
        's.seed_photo',
        's.is_harvest',
        'p.area as pond_area',
        's.created_by',
        's.created_at',
        's.updated_at',
        's.deleted_at',
        's.version',
        's.conflicts',
      ]);
  }

  findStock(id: string, db: DbOrTx = this.db): Promise<StockRow | undefined> {
    return this.stocks(db).where('s.id', '=', id).executeTakeFirst();
  }

  /** Locks the live stocking for the rest of the transaction: its records are checked against it. */
  async lockStock(id: string, tx: DbOrTx): Promise<StockRow | undefined> {
    await sql`select id from stocks where id = ${id} and deleted_at is null for update`.execute(tx);
    const row = await this.findStock(id, tx);
    return row && !row.deleted_at ? row : undefined;
  }

  listStocks(f: ListFilter, db: DbOrTx = this.db): Promise<StockRow[]> {
    let q = this.stocks(db);
    if (f.stockId) q = q.where('s.id', '=', f.stockId);
    if (f.pondId) q = q.where('s.pond_id', '=', f.pondId);
    if (f.farmId) q = q.where('s.farm_id', '=', f.farmId);
    if (f.pondIds) q = q.where('s.pond_id', '=', anyUuid(f.pondIds));
    q = f.changedAfter ? q.where('s.updated_at', '>', f.changedAfter) : q.where('s.deleted_at', 'is', null);
    return q.orderBy('s.stock_date', 'desc').orderBy('s.id').execute();
  }

  /** Active (not harvested, live) stockings of a farm, with pond and block names. */
  activeStocks(farmId: string, pondIds: string[] | null, db: DbOrTx = this.db) {
    let q = db
      .selectFrom('stocks as s')
      .innerJoin('ponds as p', 'p.id', 's.pond_id')
      .innerJoin('blocks as b', 'b.id', 'p.block_id')
      .select([
        's.id',
        's.pond_id',
        's.cycle_id',
        sql<string>`s.stock_date::text`.as('stock_date'),
        's.seed_actual',
        's.is_harvest',
        'p.name as pond_name',
        'b.block_name',
        'p.area',
      ])
      .where('s.farm_id', '=', farmId)
      .where('s.is_harvest', '=', false)
      .where('s.deleted_at', 'is', null)
      .where('p.deleted_at', 'is', null);
    if (pondIds) q = q.where('s.pond_id', '=', anyUuid(pondIds));
    return q.execute();
  }

  async insertStock(
    row: {
      id: string;
      farm_id: string;
      pond_id: string;
      cycle_id: string;
      stock_date: string;
      seed_net: number;
      seed_actual: number;
      seed_source: string | null;
      pl_age: number | null;
      bags: number | null;
      seed_photo: string | null;
      created_by: string;
    },
    db: DbOrTx = this.db,
  ): Promise<void> {
    await db.insertInto('stocks').values(row).execute();
  }

  updateStock(id: string, columns: Record<string, unknown>, db: DbOrTx = this.db) {
    return db
      .updateTable('stocks')
      .set({ ...columns, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
  }

  /** Soft-deletes a stocking with its harvests and deaths (they mean nothing without it). */
  async softDeleteStock(id: string, db: DbOrTx): Promise<void> {
    for (const table of ['harvests', 'deaths'] as const)
      await db
        .updateTable(table)
        .set(softDeleted())
        .where('stock_id', '=', id)
        .where('deleted_at', 'is', null)
        .execute();
    await db
      .updateTable('stocks')
      .set(softDeleted())
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .execute();
  }

  /**
   * The samplings of each cycle's latest two sampling days (ABW and ADG of the overview):
   * every sample of those days, pooled per day by `cycleFigures` (`samplingsByDay`).
   */
  async lastSamplings(cycleIds: string[], db: DbOrTx = this.db) {
    if (cycleIds.length === 0) return [];
    const result = await sql<{
      cycle_id: string;
      sampled_on: string;
      sample_weight: string;
      shrimp_count: number;
    }>`
      select cycle_id, sampled_on::text as sampled_on, sample_weight, shrimp_count from (
        select cycle_id, sampled_on, sample_weight, shrimp_count,
          dense_rank() over (partition by cycle_id order by sampled_on desc) as rn
        from samplings
        where cycle_id = any(${cycleIds}::uuid[]) and deleted_at is null
      ) ranked where rn <= 2`.execute(db);
    return result.rows;
  }
}
