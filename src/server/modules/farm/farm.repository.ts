import { sql } from 'kysely';
import { CompiledOnce } from '../../db/compiled-once.ts';
import type { Db, DbOrTx } from '../../db/database.ts';
import { permissionRowsOf } from '../../kernel/farm-access.repository.ts';
import { softDeleted } from '../../kernel/soft-delete.ts';

export interface MemberFarmRow {
  id: string;
  name: string;
  status: number;
  is_hide_finance: boolean;
  updated_at: Date;
  user_farm_id: string;
  role_id: number;
  version: number;
  conflicts: unknown;
}

export interface MemberFarmWithAccessRow extends MemberFarmRow {
  db_now: Date;
  permission_rows: { feature_name: string; action: number }[] | null;
  access_rows: { pond_id: string; access_level: number }[] | null;
}

/**
 * The caller's live farms: `updated_at` is the later of the farm's and the membership's,
 * so a change of the caller's role or pond access also reads as "farm changed".
 */
function memberFarmsOf(db: DbOrTx, userId: string, farmId: string | undefined) {
  let q = db
    .selectFrom('user_farms as uf')
    .innerJoin('farms as f', 'f.id', 'uf.farm_id')
    .select([
      'f.id',
      'f.name',
      'f.status',
      'f.is_hide_finance',
      sql<Date>`greatest(f.updated_at, uf.updated_at)`.as('updated_at'),
      'uf.id as user_farm_id',
      'uf.role_id',
      'f.version',
      'f.conflicts',
    ])
    .where('uf.user_id', '=', userId)
    .where('uf.deleted_at', 'is', null)
    .where('f.deleted_at', 'is', null);
  if (farmId) q = q.where('f.id', '=', farmId);
  return q;
}

/** GET /farm's read (every request of the farm list): built and compiled once per shape. */
const MEMBER_FARMS = new CompiledOnce((db, userId: string, farmId: string | undefined) =>
  memberFarmsOf(db as Db, userId, farmId).select((eb) => [
    sql<Date>`now()`.as('db_now'),
    permissionRowsOf('uf').as('permission_rows'),
    eb
      .selectFrom('user_farm_ponds as ufp')
      .innerJoin('ponds as p', 'p.id', 'ufp.pond_id')
      .select(
        sql<
          { pond_id: string; access_level: number }[]
        >`coalesce(json_agg(json_build_object('pond_id', ufp.pond_id, 'access_level', ufp.access_level) order by ufp.pond_id), '[]'::json)`.as(
          'rows',
        ),
      )
      .whereRef('ufp.user_farm_id', '=', 'uf.id')
      .where('p.deleted_at', 'is', null)
      .$asScalar()
      .as('access_rows'),
  ]),
) as CompiledOnce<[string, string | undefined], MemberFarmWithAccessRow>;

/** Kysely queries on farms and their permission rows; counts for the info card. */
export class FarmRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  /** The caller's live farms (memberFarmsOf). */
  memberFarms(userId: string, farmId?: string, db: DbOrTx = this.db): Promise<MemberFarmRow[]> {
    return memberFarmsOf(db, userId, farmId).execute();
  }

  /**
   * The caller's live farms (memberFarms) with, in the same round trip, the stored
   * permission rows of their role on each farm, their live ponds' access rows, and the
   * database's clock (`db_now`, the statement's start: a safe `server_time`).
   */
  memberFarmsWithAccess(userId: string, farmId?: string): Promise<MemberFarmWithAccessRow[]> {
    return MEMBER_FARMS.execute(this.db, userId, farmId);
  }

  /** Every live farm with its owner (the longest-standing admin, else the creator). */
  allFarms() {
    return this.db
      .selectFrom('farms as f')
      .innerJoin('users as creator', 'creator.id', 'f.created_by')
      .select((eb) => [
        'f.id',
        'f.name',
        'f.status',
        'f.created_at',
        sql<string>`coalesce(${eb
          .selectFrom('user_farms as uf')
          .innerJoin('users as u', 'u.id', 'uf.user_id')
          .select('u.username')
          .whereRef('uf.farm_id', '=', 'f.id')
          .where('uf.role_id', '=', 1)
          .where('uf.deleted_at', 'is', null)
          .orderBy('uf.created_at')
          .limit(1)}, creator.username)`.as('owner'),
        eb
          .selectFrom('ponds as p')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('p.farm_id', '=', 'f.id')
          .where('p.deleted_at', 'is', null)
          .as('pond_count'),
        eb
          .selectFrom('user_farms as uf')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('uf.farm_id', '=', 'f.id')
          .where('uf.deleted_at', 'is', null)
          .as('user_count'),
      ])
      .where('f.deleted_at', 'is', null)
      .execute();
  }

  async insertFarm(
    row: { id: string; name: string; created_by: string },
    db: DbOrTx = this.db,
  ): Promise<void> {
    await db.insertInto('farms').values(row).execute();
  }

  async insertPermissions(
    rows: { farm_id: string; role_id: number; feature_name: string; action: number }[],
    db: DbOrTx = this.db,
  ): Promise<void> {
    await db.insertInto('farm_permissions').values(rows).execute();
  }

  async updateFarm(
    id: string,
    patch: { name?: string; status?: number; is_hide_finance?: boolean },
    db: DbOrTx = this.db,
  ): Promise<void> {
    await db
      .updateTable('farms')
      .set({ ...patch, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
  }

  async softDeleteFarm(id: string, db: DbOrTx = this.db): Promise<void> {
    await db.updateTable('farms').set(softDeleted()).where('id', '=', id).execute();
  }

  async countBlocks(farmId: string): Promise<number> {
    const row = await this.db
      .selectFrom('blocks')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('farm_id', '=', farmId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  /** Live ponds of the farm; with `onlyIds`, just those (what a restricted member sees). */
  async countPonds(farmId: string, onlyIds?: string[]): Promise<number> {
    if (onlyIds?.length === 0) return 0;
    let q = this.db
      .selectFrom('ponds')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('farm_id', '=', farmId)
      .where('deleted_at', 'is', null);
    if (onlyIds) q = q.where('id', 'in', onlyIds);
    return (await q.executeTakeFirstOrThrow()).n;
  }

  async countMembers(farmId: string): Promise<number> {
    const row = await this.db
      .selectFrom('user_farms')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('farm_id', '=', farmId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  /**
   * Running cycles of the farm (no end date) on live ponds; with `onlyIds`, on those ponds
   * (what a restricted member sees). Ended cycles are history, not "active".
   */
  async countActiveCycles(farmId: string, onlyIds?: string[]): Promise<number> {
    if (onlyIds?.length === 0) return 0;
    let q = this.db
      .selectFrom('cycles as c')
      .innerJoin('ponds as p', 'p.id', 'c.pond_id')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('c.farm_id', '=', farmId)
      .where('c.deleted_at', 'is', null)
      .where('c.end_date', 'is', null)
      .where('p.deleted_at', 'is', null);
    if (onlyIds) q = q.where('c.pond_id', 'in', onlyIds);
    return (await q.executeTakeFirstOrThrow()).n;
  }

  /** Stockings not yet totally harvested, of running cycles on live ponds (`onlyIds` as above). */
  async countActiveStocks(farmId: string, onlyIds?: string[]): Promise<number> {
    if (onlyIds?.length === 0) return 0;
    let q = this.db
      .selectFrom('stocks as s')
      .innerJoin('cycles as c', 'c.id', 's.cycle_id')
      .innerJoin('ponds as p', 'p.id', 's.pond_id')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('s.farm_id', '=', farmId)
      .where('s.deleted_at', 'is', null)
      .where('s.is_harvest', '=', false)
      .where('c.deleted_at', 'is', null)
      .where('c.end_date', 'is', null)
      .where('p.deleted_at', 'is', null);
    if (onlyIds) q = q.where('s.pond_id', 'in', onlyIds);
    return (await q.executeTakeFirstOrThrow()).n;
  }
}
