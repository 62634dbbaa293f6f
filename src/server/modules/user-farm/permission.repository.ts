import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';

/** Kysely queries on roles and farm_permissions; nothing else. */
export class PermissionRepository {
  constructor(private readonly db: DbOrTx) {}

  roles() {
    return this.db.selectFrom('roles').select(['id', 'name']).orderBy('id').execute();
  }

  rows(farmId: string, roleId: number) {
    return this.db
      .selectFrom('farm_permissions')
      .select(['feature_name', 'action'])
      .where('farm_id', '=', farmId)
      .where('role_id', '=', roleId)
      .execute();
  }

  /** One statement for all rows, so a partial save cannot happen. */
  async upsert(
    farmId: string,
    roleId: number,
    rows: { feature_name: string; action: number }[],
  ): Promise<void> {
    await this.db
      .insertInto('farm_permissions')
      .values(
        rows.map((r) => ({
          farm_id: farmId,
          role_id: roleId,
          feature_name: r.feature_name,
          action: r.action,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['farm_id', 'role_id', 'feature_name']).doUpdateSet((eb) => ({
          action: eb.ref('excluded.action'),
          updated_at: sql`now()`,
        })),
      )
      .execute();
  }
}
