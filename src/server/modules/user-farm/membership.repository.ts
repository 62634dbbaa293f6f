import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../db/database.ts';
import { softDeleted } from '../../kernel/soft-delete.ts';

export interface MemberRow {
  user_farm_id: string;
  user_id: string;
  username: string;
  email: string | null;
  phone: string | null;
  role_id: number;
}

/** Kysely queries on user_farms and user_farm_ponds: who belongs to a farm, with which ponds. */
export class MembershipRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  /**
   * Row lock on the farm: every change that could leave a farm without an admin takes
   * it first, so two admins leaving at once cannot both pass the "another admin" check.
   */
  async lockFarm(farmId: string, db: DbOrTx): Promise<void> {
    await db.selectFrom('farms').select('id').where('id', '=', farmId).forUpdate().execute();
  }

  async countAdmins(farmId: string, db: DbOrTx = this.db): Promise<number> {
    const row = await db
      .selectFrom('user_farms')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('farm_id', '=', farmId)
      .where('role_id', '=', 1)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  /** A user's live memberships in live farms (registration through an invitation). */
  liveFarmsOf(userId: string): Promise<{ id: string; farm_id: string }[]> {
    return this.db
      .selectFrom('user_farms as uf')
      .innerJoin('farms as f', 'f.id', 'uf.farm_id')
      .select(['uf.id', 'uf.farm_id'])
      .where('uf.user_id', '=', userId)
      .where('uf.deleted_at', 'is', null)
      .where('f.deleted_at', 'is', null)
      .execute();
  }

  async farmName(farmId: string): Promise<string> {
    const row = await this.db
      .selectFrom('farms')
      .select('name')
      .where('id', '=', farmId)
      .executeTakeFirstOrThrow();
    return row.name;
  }

  findLive(userFarmId: string, db: DbOrTx = this.db) {
    return db
      .selectFrom('user_farms')
      .select(['id', 'farm_id', 'user_id', 'role_id'])
      .where('id', '=', userFarmId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  findLiveByUser(farmId: string, userId: string, db: DbOrTx = this.db) {
    return db
      .selectFrom('user_farms')
      .select(['id'])
      .where('farm_id', '=', farmId)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  members(farmId: string, userFarmId?: string): Promise<MemberRow[]> {
    let q = this.db
      .selectFrom('user_farms as uf')
      .innerJoin('users as u', 'u.id', 'uf.user_id')
      .select(['uf.id as user_farm_id', 'uf.user_id', 'u.username', 'u.email', 'u.phone', 'uf.role_id'])
      .where('uf.farm_id', '=', farmId)
      .where('uf.deleted_at', 'is', null);
    if (userFarmId) q = q.where('uf.id', '=', userFarmId);
    return q.execute();
  }

  /** Pond access of the farm's memberships, live ponds only. */
  memberPonds(farmId: string) {
    return this.db
      .selectFrom('user_farm_ponds as ufp')
      .innerJoin('ponds as p', 'p.id', 'ufp.pond_id')
      .select(['ufp.user_farm_id', 'ufp.pond_id', 'ufp.access_level'])
      .where('ufp.farm_id', '=', farmId)
      .where('p.deleted_at', 'is', null)
      .orderBy('ufp.pond_id')
      .execute();
  }

  /** Which of these ids are live ponds of the farm. */
  async livePondIds(farmId: string, pondIds: string[]): Promise<Set<string>> {
    if (pondIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('ponds')
      .select('id')
      .where('farm_id', '=', farmId)
      .where('id', 'in', pondIds)
      .where('deleted_at', 'is', null)
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  async insert(
    row: { id: string; farm_id: string; user_id: string; role_id: number },
    db: DbOrTx = this.db,
  ): Promise<void> {
    await db.insertInto('user_farms').values(row).execute();
  }

  async setRole(userFarmId: string, roleId: number, db: DbOrTx = this.db): Promise<void> {
    await db
      .updateTable('user_farms')
      .set({ role_id: roleId, updated_at: sql`now()` })
      .where('id', '=', userFarmId)
      .execute();
  }

  /** Replaces the membership's pond list; call inside the transaction that changes the role. */
  async replacePonds(
    userFarmId: string,
    farmId: string,
    ponds: { pond_id: string; access_level: number }[],
    db: DbOrTx = this.db,
  ): Promise<void> {
    await db.deleteFrom('user_farm_ponds').where('user_farm_id', '=', userFarmId).execute();
    if (ponds.length === 0) return;
    await db
      .insertInto('user_farm_ponds')
      .values(
        ponds.map((p) => ({
          user_farm_id: userFarmId,
          farm_id: farmId,
          pond_id: p.pond_id,
          access_level: p.access_level,
        })),
      )
      .execute();
  }

  /** Gives one pond to one membership (a restricted member who created it). */
  async grantPond(userFarmId: string, farmId: string, pondId: string, level: number, db: DbOrTx = this.db) {
    await db
      .insertInto('user_farm_ponds')
      .values({ user_farm_id: userFarmId, farm_id: farmId, pond_id: pondId, access_level: level })
      .onConflict((oc) => oc.columns(['user_farm_id', 'pond_id']).doUpdateSet({ access_level: level }))
      .execute();
    // The member's access_pond changed: GET /farm shows it through updated_at.
    await db.updateTable('user_farms').set({ updated_at: sql`now()` }).where('id', '=', userFarmId).execute();
  }

  async softDelete(userFarmId: string, db: DbOrTx = this.db): Promise<void> {
    await db.updateTable('user_farms').set(softDeleted()).where('id', '=', userFarmId).execute();
  }
}
