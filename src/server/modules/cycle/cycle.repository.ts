import { sql } from 'kysely';
import type { CycleSpan } from '#shared/domain/figures';
import type { DbOrTx } from '../../db/database.ts';
import { softDeleted } from '../../kernel/soft-delete.ts';

export interface CycleRow {
  id: string;
  farm_id: string;
  pond_id: string;
  cycle_number: number;
  start_date: string;
  end_date: string | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  version: number;
  conflicts: unknown;
}

/** Cycles of ponds. Dates are read as text so no time zone can shift them. */
export class CycleRepository {
  constructor(private readonly db: DbOrTx) {}

  /**
   * The farm's live cycles that run on some day from `from` to `to`, with their pond's area:
   * what farm-wide expenses are shared by (`expenseSharer`, ADR 0128).
   */
  async spans(farmId: string, from: string, to: string): Promise<CycleSpan[]> {
    const rows = await this.db
      .selectFrom('cycles as c')
      .innerJoin('ponds as p', 'p.id', 'c.pond_id')
      .select([
        'c.id as cycle_id',
        sql<string>`p.area::text`.as('area'),
        sql<string>`c.start_date::text`.as('start'),
        sql<string | null>`c.end_date::text`.as('end'),
      ])
      .where('c.farm_id', '=', farmId)
      .where('c.deleted_at', 'is', null)
      .where(sql<boolean>`c.start_date <= ${to}::date`)
      .where((eb) => eb.or([eb('c.end_date', 'is', null), eb('c.end_date', '>=', from)]))
      .execute();
    return rows.map((r) => ({ cycle_id: r.cycle_id, area_m2: Number(r.area), start: r.start, end: r.end }));
  }

  private select(db: DbOrTx) {
    return db
      .selectFrom('cycles')
      .select([
        'id',
        'farm_id',
        'pond_id',
        'cycle_number',
        sql<string>`start_date::text`.as('start_date'),
        sql<string | null>`end_date::text`.as('end_date'),
        'created_at',
        'updated_at',
        'deleted_at',
        'version',
        'conflicts',
      ]);
  }

  /** Deleted ones too: callers decide what a deleted cycle means for them. */
  findById(id: string, db: DbOrTx = this.db): Promise<CycleRow | undefined> {
    return this.select(db).where('id', '=', id).executeTakeFirst();
  }

  /** Live cycles of ponds, or of a whole farm; with `changedAfter`, changed rows incl. deleted. */
  list(
    filter: { pondId?: string; farmId?: string; pondIds?: string[] | null; changedAfter?: Date },
    db: DbOrTx = this.db,
  ): Promise<CycleRow[]> {
    let q = this.select(db);
    if (filter.pondId) q = q.where('pond_id', '=', filter.pondId);
    if (filter.farmId) q = q.where('farm_id', '=', filter.farmId);
    if (filter.pondIds) q = q.where('pond_id', '=', sql<string>`any(${filter.pondIds}::uuid[])`);
    q = filter.changedAfter
      ? q.where('updated_at', '>', filter.changedAfter)
      : q.where('deleted_at', 'is', null);
    return q.orderBy('pond_id').orderBy('cycle_number').execute();
  }

  /** Live cycles by id (for readings that name their cycle). */
  findLive(ids: string[], db: DbOrTx = this.db): Promise<CycleRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.select(db)
      .where('id', '=', sql<string>`any(${ids}::uuid[])`)
      .where('deleted_at', 'is', null)
      .execute();
  }

  /** The active cycle of each pond that has one. */
  activeOf(pondIds: string[], db: DbOrTx = this.db): Promise<CycleRow[]> {
    if (pondIds.length === 0) return Promise.resolve([]);
    return this.select(db)
      .where('pond_id', '=', sql<string>`any(${pondIds}::uuid[])`)
      .where('end_date', 'is', null)
      .where('deleted_at', 'is', null)
      .execute();
  }

  /**
   * Inserts with the pond's next number, or does nothing when the id exists or the pond
   * already has an active cycle (the partial unique index decides, race-free).
   */
  async insertNext(
    row: { id: string; farm_id: string; pond_id: string; start_date: string; created_by: string },
    db: DbOrTx = this.db,
  ): Promise<boolean> {
    const next = db
      .selectFrom('cycles')
      .select(sql<number>`coalesce(max(cycle_number), 0) + 1`.as('n'))
      .where('pond_id', '=', row.pond_id)
      .where('deleted_at', 'is', null);
    const result = await db
      .insertInto('cycles')
      .values({ ...row, cycle_number: next })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  update(id: string, patch: { start_date?: string; end_date?: string | null }, db: DbOrTx = this.db) {
    return db
      .updateTable('cycles')
      .set({ ...patch, updated_at: sql`now()` })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** Ends the cycle only if it is still active; false when it was already ended. */
  async end(id: string, endDate: string, db: DbOrTx = this.db): Promise<boolean> {
    const result = await db
      .updateTable('cycles')
      .set({ end_date: endDate, updated_at: sql`now()` })
      .where('id', '=', id)
      .where('end_date', 'is', null)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  softDelete(id: string, db: DbOrTx = this.db) {
    return db
      .updateTable('cycles')
      .set(softDeleted())
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .execute();
  }
}
