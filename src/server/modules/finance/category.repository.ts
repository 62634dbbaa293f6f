import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { softDeletedOnce } from '../../kernel/soft-delete.ts';

export interface CategoryRow {
  id: string;
  farm_id: string | null;
  builtin_key: string | null;
  type: string;
  icon: string;
  name: string;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  version: number;
  conflicts: unknown;
}

const COLUMNS = [
  'id',
  'farm_id',
  'builtin_key',
  'type',
  'icon',
  'name',
  'created_at',
  'updated_at',
  'deleted_at',
  'version',
  'conflicts',
] as const;

/** Built-in categories (farm_id null) and each farm's own. */
export class CategoryRepository {
  constructor(private readonly db: DbOrTx) {}

  findById(id: string, db: DbOrTx = this.db): Promise<CategoryRow | undefined> {
    return db.selectFrom('finance_categories').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  /**
   * The built-ins then the farm's own, by name. With `changedAfter`, changed rows only,
   * soft-deleted included; the built-ins come only on a full read.
   */
  list(farmId: string, opts: { type?: string; changedAfter?: Date }): Promise<CategoryRow[]> {
    let q = this.db.selectFrom('finance_categories').select(COLUMNS);
    if (opts.changedAfter) q = q.where('farm_id', '=', farmId).where('updated_at', '>', opts.changedAfter);
    else
      q = q
        .where((eb) => eb.or([eb('farm_id', '=', farmId), eb('farm_id', 'is', null)]))
        .where('deleted_at', 'is', null);
    if (opts.type) q = q.where('type', '=', opts.type);
    return (
      q
        .orderBy(sql`farm_id is not null`)
        .orderBy('type')
        // Built-ins in their own order (harvest sale first, others last), a farm's own by name.
        .orderBy(sql`case when farm_id is null then id::text else name end`)
        .execute()
    );
  }

  async insert(
    row: { id: string; farm_id: string; type: string; icon: string; name: string; created_by: string },
    db: DbOrTx = this.db,
  ): Promise<boolean> {
    const result = await db
      .insertInto('finance_categories')
      .values(row)
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  update(id: string, patch: { icon?: string; name?: string }, db: DbOrTx = this.db) {
    return db
      .updateTable('finance_categories')
      .set({ ...patch, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
  }

  /** Soft delete: past transactions keep showing their category. */
  softDelete(id: string, db: DbOrTx = this.db) {
    return db.updateTable('finance_categories').set(softDeletedOnce()).where('id', '=', id).execute();
  }
}
