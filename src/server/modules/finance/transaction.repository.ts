import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../db/database.ts';
import { softDeletedOnce } from '../../kernel/soft-delete.ts';

export interface TransactionRow {
  id: string;
  farm_id: string;
  account_id: string;
  category_id: string;
  type: string;
  method: string;
  nominal: string;
  transaction_date: string;
  note: string;
  photos: unknown;
  source_type: string | null;
  source_id: string | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  version: number;
  conflicts: unknown;
  category_name: string;
  category_icon: string;
  builtin_key: string | null;
}

export interface TransactionFilter {
  farmId: string;
  accountId?: string;
  categoryId?: string;
  type?: string;
  method?: string;
  from?: string;
  to?: string;
  changedAfter?: Date;
}

export interface NewTransaction {
  id: string;
  farm_id: string;
  account_id: string;
  category_id: string;
  type: string;
  method: string;
  nominal: number;
  transaction_date: string;
  note: string;
  photos: string;
  source_type: string | null;
  source_id: string | null;
  created_by: string;
}

/** Finance transactions, each read with its category's current name and icon. */
export class TransactionRepository {
  constructor(private readonly db: Db) {}

  private select(db: DbOrTx) {
    return db
      .selectFrom('finance_transactions as t')
      .innerJoin('finance_categories as c', 'c.id', 't.category_id')
      .select([
        't.id',
        't.farm_id',
        't.account_id',
        't.category_id',
        't.type',
        't.method',
        sql<string>`t.nominal::text`.as('nominal'),
        sql<string>`t.transaction_date::text`.as('transaction_date'),
        't.note',
        't.photos',
        't.source_type',
        't.source_id',
        't.created_by',
        't.created_at',
        't.updated_at',
        't.deleted_at',
        't.version',
        't.conflicts',
        'c.name as category_name',
        'c.icon as category_icon',
        'c.builtin_key',
      ]);
  }

  findById(id: string, db: DbOrTx = this.db): Promise<TransactionRow | undefined> {
    return this.select(db).where('t.id', '=', id).executeTakeFirst();
  }

  /** Newest day first; with `changedAfter`, every changed row (soft-deleted included). */
  list(f: TransactionFilter): Promise<TransactionRow[]> {
    let q = this.select(this.db).where('t.farm_id', '=', f.farmId);
    q = f.changedAfter ? q.where('t.updated_at', '>', f.changedAfter) : q.where('t.deleted_at', 'is', null);
    if (f.accountId) q = q.where('t.account_id', '=', f.accountId);
    if (f.categoryId) q = q.where('t.category_id', '=', f.categoryId);
    if (f.type) q = q.where('t.type', '=', f.type);
    if (f.method) q = q.where('t.method', '=', f.method);
    if (f.from) q = q.where('t.transaction_date', '>=', f.from);
    if (f.to) q = q.where('t.transaction_date', '<=', f.to);
    return q.orderBy('t.transaction_date', 'desc').orderBy('t.id', 'desc').execute();
  }

  /** Inserts unless the id exists; false also when the source is already booked (unique index). */
  async insert(row: NewTransaction, db: DbOrTx = this.db): Promise<boolean> {
    const result = await db
      .insertInto('finance_transactions')
      .values(row)
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  update(id: string, patch: Record<string, unknown>, db: DbOrTx = this.db) {
    return db
      .updateTable('finance_transactions')
      .set({ ...patch, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
  }

  softDelete(id: string, db: DbOrTx = this.db) {
    return db.updateTable('finance_transactions').set(softDeletedOnce()).where('id', '=', id).execute();
  }

  /** The live transaction booking a source, if any. */
  findBySource(farmId: string, sourceType: string, sourceId: string, db: DbOrTx = this.db) {
    return db
      .selectFrom('finance_transactions')
      .select('id')
      .where('farm_id', '=', farmId)
      .where('source_type', '=', sourceType)
      .where('source_id', '=', sourceId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** Source ids of a type already booked on a farm (proposals hide them). */
  async bookedSources(farmId: string): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('finance_transactions')
      .select(['source_type', 'source_id'])
      .where('farm_id', '=', farmId)
      .where('source_type', 'is not', null)
      .where('deleted_at', 'is', null)
      .execute();
    return new Set(rows.map((r) => `${r.source_type}:${r.source_id}`));
  }

  transaction<T>(fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }
}
