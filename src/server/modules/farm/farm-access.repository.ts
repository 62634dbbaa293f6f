import type { DbOrTx } from '../../db/database.ts';

/** The queries authorization needs: membership, permission rows, pond access, pond → farm. */
export class FarmAccessRepository {
  constructor(private readonly db: DbOrTx) {}

  findMembership(userId: string, farmId: string) {
    return this.db
      .selectFrom('user_farms')
      .innerJoin('farms', 'farms.id', 'user_farms.farm_id')
      .select([
        'user_farms.id as user_farm_id',
        'user_farms.role_id',
        'farms.status',
        'farms.is_hide_finance',
      ])
      .where('user_farms.user_id', '=', userId)
      .where('user_farms.farm_id', '=', farmId)
      .where('user_farms.deleted_at', 'is', null)
      .where('farms.deleted_at', 'is', null)
      .executeTakeFirst();
  }

  permissions(farmId: string, roleId: number) {
    return this.db
      .selectFrom('farm_permissions')
      .select(['feature_name', 'action'])
      .where('farm_id', '=', farmId)
      .where('role_id', '=', roleId)
      .execute();
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
