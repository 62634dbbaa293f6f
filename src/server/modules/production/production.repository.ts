import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../db/database.ts';
import { softDeleted } from '../../kernel/soft-delete.ts';

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

export interface DeathRow {
  id: string;
  farm_id: string;
  pond_id: string;
  cycle_id: string;
  stock_id: string;
  died_on: string;
  count: number;
  total_weight_kg: string | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  version: number;
  conflicts: unknown;
}

export interface ListFilter {
  farmId?: string;
  pondId?: string;
  stockId?: string;
  pondIds?: string[] | null;
  changedAfter?: Date;
}

const anyUuid = (ids: string[]) => sql<string>`any(${ids}::uuid[])`;

/** Stocks, harvests and deaths (Kysely only). Calendar dates are read as text. */
export class ProductionRepository {
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

  private deaths(db: DbOrTx) {
    return db
      .selectFrom('deaths')
      .select([
        'id',
        'farm_id',
        'pond_id',
        'cycle_id',
        'stock_id',
        sql<string>`died_on::text`.as('died_on'),
        'count',
        'total_weight_kg',
        'created_by',
        'created_at',
        'updated_at',
        'deleted_at',
        'version',
        'conflicts',
      ]);
  }

  findDeath(id: string, db: DbOrTx = this.db): Promise<DeathRow | undefined> {
    return this.deaths(db).where('id', '=', id).executeTakeFirst();
  }

  listDeaths(f: ListFilter, db: DbOrTx = this.db): Promise<DeathRow[]> {
    let q = this.deaths(db);
    if (f.stockId) q = q.where('stock_id', '=', f.stockId);
    if (f.farmId) q = q.where('farm_id', '=', f.farmId);
    if (f.pondIds) q = q.where('pond_id', '=', anyUuid(f.pondIds));
    q = f.changedAfter ? q.where('updated_at', '>', f.changedAfter) : q.where('deleted_at', 'is', null);
    return q.orderBy('died_on', 'desc').orderBy('id', 'desc').execute();
  }

  deathsOf(stockIds: string[], db: DbOrTx = this.db): Promise<DeathRow[]> {
    if (stockIds.length === 0) return Promise.resolve([]);
    return this.deaths(db)
      .where('stock_id', '=', anyUuid(stockIds))
      .where('deleted_at', 'is', null)
      .execute();
  }

  /** Live dead shrimp of a pond on one farm day (the death alert's figure). */
  async pondDayDeaths(pondId: string, day: string, db: DbOrTx = this.db): Promise<number> {
    const row = await db
      .selectFrom('deaths')
      .select(sql<string>`coalesce(sum(count), 0)::text`.as('n'))
      .where('pond_id', '=', pondId)
      .where('died_on', '=', day)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Death counts per active stocking (the overview needs sums, not rows). */
  async deathSums(stockIds: string[], db: DbOrTx = this.db): Promise<Map<string, number>> {
    if (stockIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('deaths')
      .select(['stock_id', sql<string>`sum(count)::text`.as('n')])
      .where('stock_id', '=', anyUuid(stockIds))
      .where('deleted_at', 'is', null)
      .groupBy('stock_id')
      .execute();
    return new Map(rows.map((r) => [r.stock_id, Number(r.n)]));
  }

  async insertDeath(
    row: Omit<DeathRow, 'created_at' | 'updated_at' | 'deleted_at' | 'version' | 'conflicts'>,
    db: DbOrTx,
  ) {
    await db.insertInto('deaths').values(row).execute();
  }

  updateDeath(id: string, columns: Record<string, unknown>, db: DbOrTx) {
    return db
      .updateTable('deaths')
      .set({ ...columns, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
  }

  softDeleteDeath(id: string, db: DbOrTx = this.db) {
    return db
      .updateTable('deaths')
      .set(softDeleted())
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .execute();
  }

  /** Deaths per pond and day of a farm's live stockings within [from, to]. */
  deathsPerPondDay(
    farmId: string,
    from: string,
    to: string | null,
    pondIds: string[] | null,
    db: DbOrTx = this.db,
  ) {
    let q = db
      .selectFrom('deaths')
      .select([
        'pond_id',
        'stock_id',
        sql<string>`died_on::text`.as('died_on'),
        sql<string>`sum(count)::text`.as('count'),
        sql<string | null>`sum(total_weight_kg)::text`.as('total_weight_kg'),
      ])
      .where('farm_id', '=', farmId)
      .where('deleted_at', 'is', null)
      .where('died_on', '>=', from);
    if (to) q = q.where('died_on', '<=', to);
    if (pondIds) q = q.where('pond_id', '=', anyUuid(pondIds));
    return q.groupBy(['pond_id', 'stock_id', 'died_on']).orderBy('pond_id').orderBy('died_on').execute();
  }

  /** Cumulative deaths before `before` of each active stocking of a farm. */
  cumulativeBefore(farmId: string, before: string, pondIds: string[] | null, db: DbOrTx = this.db) {
    let q = db
      .selectFrom('deaths as d')
      .innerJoin('stocks as s', 's.id', 'd.stock_id')
      .select([
        'd.pond_id',
        'd.stock_id',
        sql<string>`sum(d.count)::text`.as('count'),
        sql<string | null>`sum(d.total_weight_kg)::text`.as('total_weight_kg'),
      ])
      .where('d.farm_id', '=', farmId)
      .where('d.deleted_at', 'is', null)
      .where('s.deleted_at', 'is', null)
      .where('s.is_harvest', '=', false)
      .where('d.died_on', '<', before);
    if (pondIds) q = q.where('d.pond_id', '=', anyUuid(pondIds));
    return q.groupBy(['d.pond_id', 'd.stock_id']).orderBy('d.pond_id').execute();
  }

  /** The latest two samplings of each cycle (ABW and ADG of the overview). */
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
          row_number() over (partition by cycle_id order by sampled_on desc, id desc) as rn
        from samplings
        where cycle_id = any(${cycleIds}::uuid[]) and deleted_at is null
      ) ranked where rn <= 2`.execute(db);
    return result.rows;
  }
}
