import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../db/database.ts';
import { softDeleted } from '../../kernel/soft-delete.ts';
import { anyUuid, type ListFilter } from './list-filter.ts';

export interface HarvestRow {
  id: string;
  farm_id: string;
  pond_id: string;
  cycle_id: string;
  stock_id: string;
  harvested_on: string;
  type: string;
  weight_kg: string;
  size: string;
  price_per_kg: string;
  revenue: string;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  version: number;
  conflicts: unknown;
}

/** Harvests of stockings (Kysely only). Calendar dates are read as text. */
export class HarvestRepository {
  constructor(private readonly db: Db) {}

  private harvests(db: DbOrTx) {
    return db
      .selectFrom('harvests')
      .select([
        'id',
        'farm_id',
        'pond_id',
        'cycle_id',
        'stock_id',
        sql<string>`harvested_on::text`.as('harvested_on'),
        'type',
        'weight_kg',
        'size',
        'price_per_kg',
        'revenue',
        'created_by',
        'created_at',
        'updated_at',
        'deleted_at',
        'version',
        'conflicts',
      ]);
  }

  findHarvest(id: string, db: DbOrTx = this.db): Promise<HarvestRow | undefined> {
    return this.harvests(db).where('id', '=', id).executeTakeFirst();
  }

  listHarvests(f: ListFilter, db: DbOrTx = this.db): Promise<HarvestRow[]> {
    let q = this.harvests(db);
    if (f.stockId) q = q.where('stock_id', '=', f.stockId);
    if (f.farmId) q = q.where('farm_id', '=', f.farmId);
    if (f.pondIds) q = q.where('pond_id', '=', anyUuid(f.pondIds));
    q = f.changedAfter ? q.where('updated_at', '>', f.changedAfter) : q.where('deleted_at', 'is', null);
    return q.orderBy('harvested_on', 'desc').orderBy('id', 'desc').execute();
  }

  /** Live harvests of some stockings (the overview and the population check). */
  harvestsOf(stockIds: string[], db: DbOrTx = this.db): Promise<HarvestRow[]> {
    if (stockIds.length === 0) return Promise.resolve([]);
    return this.harvests(db)
      .where('stock_id', '=', anyUuid(stockIds))
      .where('deleted_at', 'is', null)
      .execute();
  }

  async insertHarvest(
    row: Omit<HarvestRow, 'created_at' | 'updated_at' | 'deleted_at' | 'version' | 'conflicts'>,
    db: DbOrTx,
  ) {
    await db.insertInto('harvests').values(row).execute();
  }

  updateHarvest(id: string, columns: Record<string, unknown>, db: DbOrTx) {
    return db
      .updateTable('harvests')
      .set({ ...columns, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
  }

  softDeleteHarvest(id: string, db: DbOrTx = this.db) {
    return db
      .updateTable('harvests')
      .set(softDeleted())
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .execute();
  }

  /**
   * Harvested kg, count and revenue of live harvests, by cycle, farm and/or period
   * (finance's HPP reads it). The count is round(weight × size) per harvest, summed.
   */
  async harvestTotals(
    f: { farmId?: string; cycleId?: string; from?: string; to?: string },
    db: DbOrTx = this.db,
  ): Promise<{ harvested_kg: number; harvested_count: number; revenue: number }> {
    let q = db
      .selectFrom('harvests')
      .select([
        sql<string>`coalesce(sum(weight_kg), 0)::text`.as('kg'),
        sql<string>`coalesce(sum(round(weight_kg * size)), 0)::text`.as('n'),
        sql<string>`coalesce(sum(revenue), 0)::text`.as('rp'),
      ])
      .where('deleted_at', 'is', null);
    if (f.farmId) q = q.where('farm_id', '=', f.farmId);
    if (f.cycleId) q = q.where('cycle_id', '=', f.cycleId);
    if (f.from) q = q.where('harvested_on', '>=', f.from);
    if (f.to) q = q.where('harvested_on', '<=', f.to);
    const row = await q.executeTakeFirstOrThrow();
    return { harvested_kg: Number(row.kg), harvested_count: Number(row.n), revenue: Number(row.rp) };
  }
}
