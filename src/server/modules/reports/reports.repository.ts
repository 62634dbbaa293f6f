import type { Selectable } from 'kysely';
import type { Db, DbOrTx } from '../../db/database.ts';
import type { ReportsTable } from '../../db/schema.ts';

export type ReportRow = Selectable<ReportsTable>;
/** A row without its files (lists and progress polls never read the bytes). */
export type ReportMeta = Omit<ReportRow, 'pdf' | 'xlsx'> & {
  pdf_size: number | null;
  xlsx_size: number | null;
};

/** What a report was asked for, and what its asker could see then (the `params` column). */
export interface ReportParams {
  pond_ids: string[];
  pond_names: string[];
  from: string;
  to: string;
  sections: { water: boolean; sampling: boolean; harvest: boolean; finance: boolean };
}

/** How many reports a history lists (the newest). */
export const HISTORY_LIMIT = 50;

/** Kysely queries on the reports table; nothing else. */
export class ReportsRepository {
  constructor(private readonly db: Db) {}

  /** The asker's reports still queued or being built, on any farm. */
  async pendingOf(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('reports')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async insert(row: {
    id: string;
    farm_id: string;
    user_id: string;
    language: 'id' | 'en';
    params: ReportParams;
  }): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('reports')
        .values({ ...row, params: JSON.stringify(row.params) })
        .execute();
      // The history lists the newest HISTORY_LIMIT: finished reports past them (and their
      // files, a few hundred kB each) go. One being built stays until it finishes.
      await tx
        .deleteFrom('reports')
        .where('farm_id', '=', row.farm_id)
        .where('user_id', '=', row.user_id)
        .where('status', 'in', ['done', 'failed'])
        .where(
          'id',
          'not in',
          tx
            .selectFrom('reports')
            .select('id')
            .where('farm_id', '=', row.farm_id)
            .where('user_id', '=', row.user_id)
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .limit(HISTORY_LIMIT),
        )
        .execute();
    });
  }

  private meta(db: DbOrTx) {
    return db
      .selectFrom('reports')
      .select([
        'id',
        'farm_id',
        'user_id',
        'language',
        'params',
        'status',
        'progress',
        'error',
        'created_at',
        'finished_at',
      ])
      .select((eb) => [
        eb.fn<number | null>('octet_length', ['pdf']).as('pdf_size'),
        eb.fn<number | null>('octet_length', ['xlsx']).as('xlsx_size'),
      ]);
  }

  find(id: string, db: DbOrTx = this.db): Promise<ReportMeta | undefined> {
    return this.meta(db).where('id', '=', id).executeTakeFirst();
  }

  history(farmId: string, userId: string, db: DbOrTx = this.db): Promise<ReportMeta[]> {
    return this.meta(db)
      .where('farm_id', '=', farmId)
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(HISTORY_LIMIT)
      .execute();
  }

  async file(id: string, format: 'pdf' | 'xlsx', db: DbOrTx = this.db): Promise<Buffer | null> {
    const row = await db.selectFrom('reports').select(format).where('id', '=', id).executeTakeFirst();
    return (row?.[format] as Buffer | null | undefined) ?? null;
  }

  async progress(id: string, progress: number, db: DbOrTx = this.db): Promise<void> {
    await db
      .updateTable('reports')
      .set({ status: 'running', progress })
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'running'])
      .execute();
  }

  async finish(
    id: string,
    result: { pdf: Buffer; xlsx: Buffer } | { error: string },
    db: DbOrTx = this.db,
  ): Promise<void> {
    const done = 'pdf' in result;
    await db
      .updateTable('reports')
      .set({
        status: done ? 'done' : 'failed',
        progress: 100,
        pdf: done ? result.pdf : null,
        xlsx: done ? result.xlsx : null,
        error: done ? null : result.error,
        finished_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
  }
}
