import { type SelectQueryBuilder, sql } from 'kysely';
import type { Db, DbOrTx } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { jsonList, recordTailJson } from '../../kernel/json-list.ts';
import { inLiveCycle } from '../../kernel/pull-window.ts';
import { softDeleted } from '../../kernel/soft-delete.ts';
import { anyUuid, type ListFilter } from './list-filter.ts';

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

/** Deaths of stockings and their sums (Kysely only). Calendar dates are read as text. */
export class DeathRepository {
  constructor(private readonly db: Db) {}

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

  /** A list of deaths as the answer's JSON array (the Death contract), written by PostgreSQL. */
  listDeathsJson(f: ListFilter, db: DbOrTx = this.db): Promise<string> {
    const q = db
      .selectFrom('deaths')
      .select([
        'id as death_id',
        'farm_id',
        'pond_id',
        'stock_id',
        'cycle_id',
        sql<string>`died_on::text`.as('died_on'),
        'count',
        sql<number | null>`total_weight_kg::float8`.as('total_weight_kg'),
        'created_by',
        ...recordTailJson('deaths'),
      ]);
    return jsonList(db, listed(q, f));
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
}

/** The filters and order of a list of deaths. */
function listed<Q extends SelectQueryBuilder<Database, 'deaths', object>>(q: Q, f: ListFilter): Q {
  let out = q;
  if (f.stockId) out = out.where('stock_id', '=', f.stockId) as Q;
  if (f.farmId) out = out.where('farm_id', '=', f.farmId) as Q;
  if (f.pondIds) out = out.where('pond_id', '=', anyUuid(f.pondIds)) as Q;
  if (f.live) out = out.where(inLiveCycle) as Q;
  out = (
    f.changedAfter ? out.where('updated_at', '>', f.changedAfter) : out.where('deleted_at', 'is', null)
  ) as Q;
  return out.orderBy('died_on', 'desc').orderBy('id', 'desc') as Q;
}
