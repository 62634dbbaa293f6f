import { type Kysely, sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { softDeleted } from '../../kernel/soft-delete.ts';
import type { RecordTable, RecordType } from './record-types.ts';

/** A stored record as pg returns it, the day as YYYY-MM-DD and the author's name joined. */
export type RecordRow = {
  id: string;
  farm_id: string;
  pond_id: string | null;
  cycle_id: string | null;
  created_by: string | null;
  created_by_name: string | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  version: number;
  conflicts: unknown;
} & Record<string, unknown>;

export interface RecordFilter {
  farmId?: string;
  /** null: every pond (and, for notes, rows without a pond too). */
  pondIds: string[] | null;
  /** Notes of a restricted member: the farm-wide ones (no pond) are visible too. */
  withoutPond?: boolean;
  pondId?: string;
  cycleId?: string;
  from?: string;
  to?: string;
  changedAfter?: Date;
}

/**
 * The four record tables share their common columns, so one repository serves them;
 * Kysely cannot type a table chosen at run time, so queries are typed against
 * `water_changes` for the common columns and value columns go through as records.
 */
type Table = 'water_changes';

export class RecordsRepository {
  constructor(private readonly db: DbOrTx) {}

  private q(db: DbOrTx) {
    return db as Kysely<Database>;
  }

  transaction<T>(fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return (this.db as Kysely<Database>).transaction().execute(fn);
  }

  /** Live ponds by id with their farm. */
  pondFarms(pondIds: string[], db: DbOrTx = this.db) {
    if (pondIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('ponds')
      .select(['id', 'farm_id'])
      .where('id', '=', sql<string>`any(${pondIds}::uuid[])`)
      .where('deleted_at', 'is', null)
      .execute();
  }

  /** Cycles by id, deleted ones left out; the start day as YYYY-MM-DD. */
  cycles(ids: string[], db: DbOrTx = this.db) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('cycles')
      .select(['id', 'pond_id', 'farm_id', sql<string>`start_date::text`.as('start_date')])
      .select(sql<string | null>`end_date::text`.as('end_date'))
      .where('id', '=', sql<string>`any(${ids}::uuid[])`)
      .where('deleted_at', 'is', null)
      .execute();
  }

  /** The active cycle of each pond that has one. */
  activeCycles(pondIds: string[], db: DbOrTx = this.db) {
    if (pondIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('cycles')
      .select(['id', 'pond_id', sql<string>`start_date::text`.as('start_date')])
      .where('pond_id', '=', sql<string>`any(${pondIds}::uuid[])`)
      .where('end_date', 'is', null)
      .where('deleted_at', 'is', null)
      .execute();
  }

  /** INSERT … ON CONFLICT (id) DO NOTHING: a replay stores nothing. Returns the ids written. */
  async insert(
    type: RecordType,
    rows: Record<string, unknown>[],
    db: DbOrTx = this.db,
  ): Promise<Set<string>> {
    if (rows.length === 0) return new Set();
    const written = await this.q(db)
      .insertInto(type.table as Table)
      .values(rows as never)
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .execute();
    return new Set(written.map((r) => r.id));
  }

  /** Existing rows by id, deleted included: why an insert stored nothing. */
  existing(table: RecordTable, ids: string[], db: DbOrTx = this.db) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.q(db)
      .selectFrom(table as Table)
      .select(['id', 'farm_id', 'pond_id', 'created_by', 'deleted_at'])
      .where('id', '=', sql<string>`any(${ids}::uuid[])`)
      .execute();
  }

  private select(type: RecordType, db: DbOrTx) {
    return this.q(db)
      .selectFrom(`${type.table as Table} as r`)
      .leftJoin('users as u', 'u.id', 'r.created_by')
      .selectAll('r')
      .select(sql<string>`${sql.ref(`r.${type.dateField}`)}::text`.as(type.dateField))
      .select('u.username as created_by_name');
  }

  list(type: RecordType, f: RecordFilter, db: DbOrTx = this.db): Promise<RecordRow[]> {
    let q = this.select(type, db);
    if (f.farmId) q = q.where('r.farm_id', '=', f.farmId);
    if (f.pondIds) {
      const ids = f.pondIds;
      q = f.withoutPond
        ? q.where((eb) =>
            eb.or([eb('r.pond_id', '=', sql<string>`any(${ids}::uuid[])`), eb('r.pond_id', 'is', null)]),
          )
        : q.where('r.pond_id', '=', sql<string>`any(${ids}::uuid[])`);
    }
    if (f.pondId) q = q.where('r.pond_id', '=', f.pondId);
    if (f.cycleId) q = q.where('r.cycle_id', '=', f.cycleId);
    const day = sql.ref(`r.${type.dateField}`);
    if (f.from) q = q.where(sql<boolean>`${day} >= ${f.from}::date`);
    if (f.to) q = q.where(sql<boolean>`${day} <= ${f.to}::date`);
    q = f.changedAfter ? q.where('r.updated_at', '>', f.changedAfter) : q.where('r.deleted_at', 'is', null);
    let ordered = q.orderBy(sql`${day}`, 'desc');
    if (type.timeField) ordered = ordered.orderBy(sql`${sql.ref(`r.${type.timeField}`)} desc nulls last`);
    return ordered.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').execute() as Promise<RecordRow[]>;
  }

  /** Deleted ones too. */
  findById(type: RecordType, id: string, db: DbOrTx = this.db): Promise<RecordRow | undefined> {
    return this.select(type, db).where('r.id', '=', id).executeTakeFirst() as Promise<RecordRow | undefined>;
  }

  update(table: RecordTable, id: string, columns: Record<string, unknown>, db: DbOrTx = this.db) {
    return this.q(db)
      .updateTable(table as Table)
      .set({ ...columns, updated_at: sql`now()` } as never)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .execute();
  }

  /** The live disease records among `ids`, as the disease alert reads them. */
  diseasesForAlert(ids: string[], db: DbOrTx = this.db) {
    return db
      .selectFrom('disease_records')
      .select([
        'id',
        'farm_id',
        'pond_id',
        sql<string>`disease_date::text`.as('disease_date'),
        'master_disease_id',
      ])
      .where('id', '=', sql<string>`any(${ids}::uuid[])`)
      .where('deleted_at', 'is', null)
      .execute();
  }

  softDelete(table: RecordTable, id: string, db: DbOrTx = this.db) {
    return this.q(db)
      .updateTable(table as Table)
      .set(softDeleted())
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .execute();
  }
}
