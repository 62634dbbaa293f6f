import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { LarvaeCountsTable } from '../../db/schema.ts';

export type LarvaeCountRow = Selectable<LarvaeCountsTable>;

/** Kysely queries on larvae_counts (one row a counting job); nothing else. */
export class LarvaeRepository {
  constructor(private readonly db: DbOrTx) {}

  async insert(row: Insertable<LarvaeCountsTable>, db: DbOrTx = this.db): Promise<LarvaeCountRow> {
    return db.insertInto('larvae_counts').values(row).returningAll().executeTakeFirstOrThrow();
  }

  find(id: string, db: DbOrTx = this.db): Promise<LarvaeCountRow | undefined> {
    return db.selectFrom('larvae_counts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The photo a count is asked of: who uploaded it and its sniffed type. */
  findUpload(id: string, db: DbOrTx = this.db) {
    return db
      .selectFrom('uploads')
      .select(['id', 'uploaded_by', 'mime_type'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async progress(id: string, progress: number, db: DbOrTx = this.db): Promise<void> {
    await db
      .updateTable('larvae_counts')
      .set({ status: 'running', progress })
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'running'])
      .execute();
  }

  async finish(
    id: string,
    result:
      | {
          count: number;
          lower: number;
          upper: number;
          marks: [number, number][];
          width: number;
          height: number;
        }
      | { problem: string; width: number | null; height: number | null },
    db: DbOrTx = this.db,
  ): Promise<void> {
    const done = 'count' in result;
    await db
      .updateTable('larvae_counts')
      .set({
        status: done ? 'done' : 'failed',
        progress: 100,
        count: done ? result.count : null,
        lower: done ? result.lower : null,
        upper: done ? result.upper : null,
        marks: done ? JSON.stringify(result.marks) : null,
        problem: done ? null : result.problem,
        width: result.width,
        height: result.height,
        finished_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
  }
}
