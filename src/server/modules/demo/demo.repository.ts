import { v7 as uuidv7 } from 'uuid';
import { ROLE } from '#shared/domain/permissions';
import type { Db } from '../../db/database.ts';

/** Kysely queries of the demo farm: find it, and add a visitor to it read-only. */
export class DemoRepository {
  constructor(private readonly db: Db) {}

  demoFarm() {
    return this.db
      .selectFrom('farms')
      .select(['id'])
      .where('is_demo', '=', true)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  async isMember(farmId: string, userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('user_farms')
      .select('id')
      .where('farm_id', '=', farmId)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * The visitor joins as a viewer (role 4) with view access to every live pond. The
   * partial unique index on user_farms makes two joins at once keep one membership.
   */
  async addViewer(farmId: string, userId: string): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const id = uuidv7();
      const inserted = await tx
        .insertInto('user_farms')
        .values({ id, farm_id: farmId, user_id: userId, role_id: ROLE.viewer })
        .onConflict((oc) => oc.columns(['farm_id', 'user_id']).where('deleted_at', 'is', null).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return;
      const ponds = await tx
        .selectFrom('ponds')
        .select('id')
        .where('farm_id', '=', farmId)
        .where('deleted_at', 'is', null)
        .execute();
      if (ponds.length === 0) return;
      await tx
        .insertInto('user_farm_ponds')
        .values(ponds.map((p) => ({ user_farm_id: id, pond_id: p.id, farm_id: farmId, access_level: 0 })))
        .execute();
    });
  }
}
