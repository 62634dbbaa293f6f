import type { Insertable, Selectable } from 'kysely';
import { sql } from 'kysely';
import { SAMPLING_SIGNS } from '#shared/contracts/sampling';
import type { DbOrTx } from '../../db/database.ts';
import type { SamplingsTable } from '../../db/schema.ts';
import { inLiveCycle } from '../../kernel/pull-window.ts';
import { softDeleted } from '../../kernel/soft-delete.ts';

/** A sampling as pg returns it, the day read as text (no time zone can shift it). */
export type SamplingRow = Omit<Selectable<SamplingsTable>, 'sampled_on'> & { sampled_on: string };

/** What decides whether a cycle takes samplings and from which day. */
export interface CycleContext {
  id: string;
  farm_id: string;
  pond_id: string;
  start_date: string;
  end_date: string | null;
  /** The first live stocking of the cycle; null before stocking. */
  stock_date: string | null;
  /** A total harvest closed the cycle (stocks.is_harvest). */
  harvested: boolean;
}

export interface SamplingFilter {
  farmId: string;
  pondIds: string[] | null;
  pondId?: string;
  cycleId?: string;
  changedAfter?: Date;
  /** Only the samplings of cycles still running (`live=true`). */
  live?: boolean;
}

const OVERWRITE = [
  'cycle_id',
  'sampled_on',
  'shrimp_count',
  'sample_weight',
  ...SAMPLING_SIGNS,
  'note',
] as const;

/** Kysely queries on samplings (and the cycle facts their rules need); nothing else. */
export class SamplingRepository {
  constructor(private readonly db: DbOrTx) {}

  private select(db: DbOrTx) {
    return db
      .selectFrom('samplings')
      .select([
        'id',
        'farm_id',
        'pond_id',
        'cycle_id',
        sql<string>`sampled_on::text`.as('sampled_on'),
        'shrimp_count',
        'sample_weight',
        ...SAMPLING_SIGNS,
        'note',
        'created_by',
        'created_at',
        'updated_at',
        'deleted_at',
        'version',
        'field_clock',
        'conflicts',
      ]);
  }

  pondFarms(pondIds: string[], db: DbOrTx = this.db) {
    if (pondIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('ponds')
      .select(['id', 'farm_id'])
      .where('id', '=', sql<string>`any(${pondIds}::uuid[])`)
      .where('deleted_at', 'is', null)
      .execute();
  }

  /** Cycles by id (live ones) with their first stocking and whether a total harvest closed them. */
  cycles(ids: string[], db: DbOrTx = this.db): Promise<CycleContext[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('cycles as c')
      .select([
        'c.id',
        'c.farm_id',
        'c.pond_id',
        sql<string>`c.start_date::text`.as('start_date'),
        sql<string | null>`c.end_date::text`.as('end_date'),
        sql<
          string | null
        >`(select min(s.stock_date)::text from stocks s where s.cycle_id = c.id and s.deleted_at is null)`.as(
          'stock_date',
        ),
        sql<boolean>`exists (select 1 from stocks s where s.cycle_id = c.id and s.is_harvest and s.deleted_at is null)`.as(
          'harvested',
        ),
      ])
      .where('c.id', '=', sql<string>`any(${ids}::uuid[])`)
      .where('c.deleted_at', 'is', null)
      .execute();
  }

  /** The active cycle id of each pond that has one. */
  activeCycles(pondIds: string[], db: DbOrTx = this.db) {
    if (pondIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('cycles')
      .select(['id', 'pond_id'])
      .where('pond_id', '=', sql<string>`any(${pondIds}::uuid[])`)
      .where('end_date', 'is', null)
      .where('deleted_at', 'is', null)
      .execute();
  }

  /**
   * One INSERT … ON CONFLICT (id) DO UPDATE for the batch: an existing row is overwritten
   * only if it is live, in the same farm and pond, and the caller created it or may edit
   * its pond. Returns the ids written (a replay writes the same values again: one copy).
   */
  async upsert(
    rows: Insertable<SamplingsTable>[],
    editablePondIds: string[],
    db: DbOrTx = this.db,
  ): Promise<Set<string>> {
    if (rows.length === 0) return new Set();
    const set = Object.fromEntries(OVERWRITE.map((c) => [c, sql.ref(`excluded.${c}`)]));
    const written = await db
      .insertInto('samplings')
      .values(rows)
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet({ ...set, updated_at: sql`now()` } as never)
          .where(sql<boolean>`samplings.farm_id = excluded.farm_id
            and samplings.pond_id = excluded.pond_id
            and samplings.deleted_at is null
            and (samplings.created_by = excluded.created_by
              or samplings.pond_id = any(${editablePondIds}::uuid[]))`),
      )
      .returning('id')
      .execute();
    return new Set(written.map((r) => r.id));
  }

  /** Existing rows by id, deleted included: why an upsert left a row alone. */
  existing(ids: string[], db: DbOrTx = this.db) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('samplings')
      .select(['id', 'farm_id', 'pond_id', 'deleted_at'])
      .where('id', '=', sql<string>`any(${ids}::uuid[])`)
      .execute();
  }

  list(f: SamplingFilter, db: DbOrTx = this.db): Promise<SamplingRow[]> {
    let q = this.select(db).where('farm_id', '=', f.farmId);
    if (f.pondIds) q = q.where('pond_id', '=', sql<string>`any(${f.pondIds}::uuid[])`);
    if (f.pondId) q = q.where('pond_id', '=', f.pondId);
    if (f.cycleId) q = q.where('cycle_id', '=', f.cycleId);
    if (f.live) q = q.where(inLiveCycle);
    q = f.changedAfter ? q.where('updated_at', '>', f.changedAfter) : q.where('deleted_at', 'is', null);
    return q.orderBy('sampled_on').orderBy('id').execute() as Promise<SamplingRow[]>;
  }

  /** Deleted ones too. */
  findMany(ids: string[], db: DbOrTx = this.db): Promise<SamplingRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.select(db).where('id', '=', sql<string>`any(${ids}::uuid[])`).execute() as Promise<
      SamplingRow[]
    >;
  }

  findById(id: string, db: DbOrTx = this.db): Promise<SamplingRow | undefined> {
    return this.select(db).where('id', '=', id).executeTakeFirst() as Promise<SamplingRow | undefined>;
  }

  async update(id: string, columns: Record<string, unknown>, db: DbOrTx = this.db): Promise<void> {
    await db
      .updateTable('samplings')
      .set({ ...columns, updated_at: sql`now()` } as never)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .execute();
  }

  async softDelete(id: string, db: DbOrTx = this.db): Promise<void> {
    await db
      .updateTable('samplings')
      .set(softDeleted())
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .execute();
  }
}
