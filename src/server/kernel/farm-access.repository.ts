import { sql } from 'kysely';
import type { DbOrTx } from '../db/database.ts';

/**
 * The stored permission rows of a membership's role on its farm as one JSON array: a
 * scalar subquery over `farm_permissions` for the `user_farms` row aliased `userFarm`, so
 * a membership and its permissions come back in one round trip (the access check, the
 * farm list).
 */
export const permissionRowsOf = (userFarm: string) =>
  sql<
    { feature_name: string; action: number }[]
  >`(select coalesce(json_agg(json_build_object('feature_name', fp.feature_name, 'action', fp.action)), '[]'::json) from farm_permissions as fp where fp.farm_id = ${sql.ref(`${userFarm}.farm_id`)} and fp.role_id = ${sql.ref(`${userFarm}.role_id`)})`;

/** The queries authorization needs: membership with its permission rows, pond access, pond → farm. */
export class FarmAccessRepository {
  constructor(private readonly db: DbOrTx) {}

  /**
   * The membership with its role's stored permission rows in the same round trip: every
   * farm-scoped request starts here, so one query less per request counts under load.
   */
  findMembership(userId: string, farmId: string) {
    return this.db
      .selectFrom('user_farms')
      .innerJoin('farms', 'farms.id', 'user_farms.farm_id')
      .select([
        'user_farms.id as user_farm_id',
        'user_farms.role_id',
        'farms.status',
        'farms.is_hide_finance',
        sql<Date>`now()`.as('db_now'),
        permissionRowsOf('user_farms').as('permission_rows'),
      ])
      .where('user_farms.user_id', '=', userId)
      .where('user_farms.farm_id', '=', farmId)
      .where('user_farms.deleted_at', 'is', null)
      .where('farms.deleted_at', 'is', null)
      .executeTakeFirst();
  }

  pondAccess(userFarmId: string) {
    return this.db
      .selectFrom('user_farm_ponds')
      .select(['pond_id', 'access_level'])
      .where('user_farm_id', '=', userFarmId)
      .execute();
  }

  pondFarm(pondId: string) {
    return this.db
      .selectFrom('ponds')
      .select(['id', 'farm_id'])
      .where('id', '=', pondId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }
}
