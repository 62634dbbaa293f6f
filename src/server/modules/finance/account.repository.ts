import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { softDeletedOnce } from '../../kernel/soft-delete.ts';

export interface AccountRow {
  id: string;
  farm_id: string;
  name: string;
  start_date: string;
  end_date: string | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  version: number;
  conflicts: unknown;
  income: string;
  expenses: string;
}

/** Finance accounts with their totals (live transactions summed in the database). */
export class AccountRepository {
  constructor(private readonly db: DbOrTx) {}

  private select(db: DbOrTx) {
    return db.selectFrom('finance_accounts as a').select([
      'a.id',
      'a.farm_id',
      'a.name',
      sql<string>`a.start_date::text`.as('start_date'),
      sql<string | null>`a.end_date::text`.as('end_date'),
      'a.created_at',
      'a.updated_at',
      'a.deleted_at',
      'a.version',
      'a.conflicts',
      sql<string>`coalesce((select sum(t.nominal) from finance_transactions t
          where t.account_id = a.id and t.deleted_at is null and t.type = 'in'), 0)::text`.as('income'),
      sql<string>`coalesce((select sum(t.nominal) from finance_transactions t
          where t.account_id = a.id and t.deleted_at is null and t.type = 'out'), 0)::text`.as('expenses'),
    ]);
  }

  findById(id: string, db: DbOrTx = this.db): Promise<AccountRow | undefined> {
    return this.select(db).where('a.id', '=', id).executeTakeFirst();
  }

  /** Live accounts, or with `changedAfter` every changed one (soft-deleted included), by name. */
  list(farmId: string, changedAfter?: Date): Promise<AccountRow[]> {
    let q = this.select(this.db).where('a.farm_id', '=', farmId);
    q = changedAfter ? q.where('a.updated_at', '>', changedAfter) : q.where('a.deleted_at', 'is', null);
    return q.orderBy('a.name').orderBy('a.id').execute();
  }

  async insert(
    row: { id: string; farm_id: string; name: string; start_date: string; created_by: string },
    db: DbOrTx = this.db,
  ): Promise<boolean> {
    const result = await db
      .insertInto('finance_accounts')
      .values(row)
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  update(
    id: string,
    patch: { name?: string; start_date?: string; end_date?: string | null },
    db: DbOrTx = this.db,
  ) {
    return db
      .updateTable('finance_accounts')
      .set({ ...patch, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
  }

  /** Totals changed: the account's `since` pull must bring its new income and balance. */
  touch(id: string, db: DbOrTx = this.db) {
    return db.updateTable('finance_accounts').set({ updated_at: sql`now()` }).where('id', '=', id).execute();
  }

  /** Locks the account row for a transaction write (closing and booking never interleave). */
  async lock(id: string, db: DbOrTx): Promise<{ end_date: string | null; start_date: string } | undefined> {
    const r = await sql<{ end_date: string | null; start_date: string }>`
      select end_date::text as end_date, start_date::text as start_date from finance_accounts
      where id = ${id} and deleted_at is null for update`.execute(db);
    return r.rows[0];
  }

  async hasTransactions(id: string, db: DbOrTx = this.db): Promise<boolean> {
    const row = await db
      .selectFrom('finance_transactions')
      .select('id')
      .where('account_id', '=', id)
      .where('deleted_at', 'is', null)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async lastTransactionDate(id: string, db: DbOrTx = this.db): Promise<string | null> {
    const r = await sql<{
      d: string | null;
    }>`select max(transaction_date)::text as d from finance_transactions
      where account_id = ${id} and deleted_at is null`.execute(db);
    return r.rows[0]?.d ?? null;
  }

  async firstTransactionDate(id: string, db: DbOrTx = this.db): Promise<string | null> {
    const r = await sql<{
      d: string | null;
    }>`select min(transaction_date)::text as d from finance_transactions
      where account_id = ${id} and deleted_at is null`.execute(db);
    return r.rows[0]?.d ?? null;
  }

  softDelete(id: string, db: DbOrTx = this.db) {
    return db.updateTable('finance_accounts').set(softDeletedOnce()).where('id', '=', id).execute();
  }
}
