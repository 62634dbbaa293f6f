import { type Selectable, sql } from 'kysely';
import type { Db, DbOrTx } from '../../db/database.ts';
import type { ComparisonTemplatesTable } from '../../db/schema.ts';
import { softDeleted } from '../../kernel/soft-delete.ts';

export type TemplateRow = Selectable<ComparisonTemplatesTable>;

/** Comparison templates (migration 0022): a person's own, per farm. */
export class TemplateRepository {
  constructor(private readonly db: Db) {}

  /** Live templates, or with `after` every row changed after it (deleted ones included). */
  list(farmId: string, userId: string, after?: Date): Promise<TemplateRow[]> {
    let q = this.db
      .selectFrom('comparison_templates')
      .selectAll()
      .where('farm_id', '=', farmId)
      .where('user_id', '=', userId);
    q = after ? q.where('updated_at', '>', after) : q.where('deleted_at', 'is', null);
    return q.orderBy('name').orderBy('id').execute();
  }

  async countLive(farmId: string, userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('comparison_templates')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('farm_id', '=', farmId)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Which of `pondIds` are live ponds of the farm (a template names only its farm's ponds). */
  async pondsOfFarm(farmId: string, pondIds: string[]): Promise<Set<string>> {
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

  /** Any template by id, deleted or not: a replayed create must find its earlier copy. */
  findById(id: string, db: DbOrTx = this.db): Promise<TemplateRow | undefined> {
    return db.selectFrom('comparison_templates').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertIfAbsent(row: {
    id: string;
    farm_id: string;
    user_id: string;
    name: string;
    type: number;
    fields: string;
  }): Promise<void> {
    await this.db
      .insertInto('comparison_templates')
      .values(row)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  async update(
    id: string,
    patch: { name?: string; type?: number; fields?: string },
    db: DbOrTx = this.db,
  ): Promise<void> {
    await db
      .updateTable('comparison_templates')
      .set({ ...patch, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
  }

  async softDelete(id: string): Promise<void> {
    await this.db
      .updateTable('comparison_templates')
      .set(softDeleted())
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .execute();
  }
}
