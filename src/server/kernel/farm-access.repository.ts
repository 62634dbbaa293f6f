import { sql } from 'kysely';
import type { DbOrTx } from '../db/database.ts';

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
      .select((eb) => [
        'user_farms.id as user_farm_id',
        'user_farms.role_id',
        'farms.status',
        'farms.is_hide_finance',
        sql<Date>`now()`.as('db_now'),
        eb
          .selectFrom('farm_permissions as fp')
          .select(
            sql<
              { feature_name: string; action: number }[]
            >`coalesce(json_agg(json_build_object('feature_name', fp.feature_name, 'action', fp.action)), '[]'::json)`.as(
              'rows',
            ),
          )
          .whereRef('fp.farm_id', '=', 'user_farms.farm_id')
          .whereRef('fp.role_id', '=', 'user_farms.role_id')
          .$asScalar()
          .as('permission_rows'),
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
