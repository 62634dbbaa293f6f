import { type Selectable, sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { BlocksTable } from '../../db/schema.ts';
import { softDeleted } from '../../kernel/soft-delete.ts';

export type BlockRow = Selectable<BlocksTable>;

/** Kysely queries on blocks; nothing else. */
export class BlockRepository {
  constructor(private readonly db: DbOrTx) {}

  /** Live blocks of the farm, or with `after` every row changed since (deleted ones too). */
  list(farmId: string, after?: Date): Promise<BlockRow[]> {
    let q = this.db.selectFrom('blocks').selectAll().where('farm_id', '=', farmId);
    q = after ? q.where('updated_at', '>', after) : q.where('deleted_at', 'is', null);
    return q.execute();
  }

  /** Any block by id, deleted or not: a replayed create must find its earlier copy. */
  findById(id: string, db: DbOrTx = this.db): Promise<BlockRow | undefined> {
    return db.selectFrom('blocks').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findLive(id: string): Promise<BlockRow | undefined> {
    return this.db
      .selectFrom('blocks')
      .selectAll()
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** Inserts unless the id exists (idempotent create); the caller reads the row back. */
  async insertIfAbsent(row: { id: string; farm_id: string; block_name: string }): Promise<void> {
    await this.db
      .insertInto('blocks')
      .values(row)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  update(id: string, patch: { block_name: string }, db: DbOrTx = this.db): Promise<BlockRow> {
    return db
      .updateTable('blocks')
      .set({ ...patch, updated_at: sql`now()` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * Soft delete only when the block has no live pond: check and delete are one statement
   * so they judge the same rows. Answers false when ponds remain.
   */
  async softDeleteIfEmpty(id: string): Promise<boolean> {
    const res = await this.db
      .updateTable('blocks')
      .set(softDeleted())
      .where('id', '=', id)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('ponds')
              .select('ponds.id')
              .whereRef('ponds.block_id', '=', 'blocks.id')
              .where('ponds.deleted_at', 'is', null),
          ),
        ),
      )
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }
}
