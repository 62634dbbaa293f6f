import { type Expression, type SqlBool, sql } from 'kysely';
import { STOCK_CATEGORIES, STOCK_SOURCE } from '#shared/domain/figures';
import type { DbOrTx } from '../../db/database.ts';

/** Which live transactions a figure covers; dates inclusive (YYYY-MM-DD). */
export interface StatsScope {
  farmId: string;
  accountId?: string;
  type?: string;
  from?: string;
  to?: string;
}

const where = (s: StatsScope): Expression<SqlBool> => {
  const parts = [sql`t.farm_id = ${s.farmId}`, sql`t.deleted_at is null`];
  if (s.accountId) parts.push(sql`t.account_id = ${s.accountId}`);
  if (s.type) parts.push(sql`t.type = ${s.type}`);
  if (s.from) parts.push(sql`t.transaction_date >= ${s.from}::date`);
  if (s.to) parts.push(sql`t.transaction_date <= ${s.to}::date`);
  return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
};

/**
 * Expenses that buy warehouse stock (HPP counts the stock by its usage value instead):
 * those booked from a received purchase order and those in the categories of warehouse
 * items (DOMAIN.md: feed, probiotics, chemicals).
 */

/** One expense: its amount (text), day and whether it bought stock. */
interface ExpenseRow {
  nominal: string;
  transaction_date: string;
  stock: boolean;
}

/** Whether an expense `t` (category `k`) bought warehouse stock (`isStockPurchase` in SQL). */
const BOUGHT_STOCK = sql<boolean>`(t.source_type is not distinct from ${STOCK_SOURCE}
  or coalesce(k.builtin_key in (${sql.join([...STOCK_CATEGORIES])}), false))`;

/** Live transactions of one category summed (money as text). */
interface CategorySum {
  category_id: string;
  name: string;
  builtin_key: string | null;
  total: string;
  count: number;
}

const IN = sql`coalesce(sum(t.nominal) filter (where t.type = 'in'), 0)::text`;
const OUT = sql`coalesce(sum(t.nominal) filter (where t.type = 'out'), 0)::text`;

/**
 * The statistics routes' sums, done by PostgreSQL over the covering indexes of migration
 * 0017; money comes back as text (numeric sums of BIGINT), never through a float.
 */
export class StatsRepository {
  constructor(private readonly db: DbOrTx) {}

  async totals(s: StatsScope): Promise<{ income: string; expenses: string; count: number }> {
    const r = await sql<{ income: string; expenses: string; count: number }>`
      select ${IN} as income, ${OUT} as expenses, count(*)::int as count
      from finance_transactions t where ${where(s)}`.execute(this.db);
    return r.rows[0];
  }

  async perMonth(s: StatsScope): Promise<{ month: string; income: string; expenses: string }[]> {
    const r = await sql<{ month: string; income: string; expenses: string }>`
      -- Summed per day first (the index's order, ~30 rows a month), then per month, so the
      -- month of each of thousands of rows is never computed.
      select to_char(date_trunc('month', d.day::timestamp), 'YYYY-MM') as month,
        sum(d.income)::text as income, sum(d.expenses)::text as expenses
      from (select t.transaction_date as day,
              coalesce(sum(t.nominal) filter (where t.type = 'in'), 0) as income,
              coalesce(sum(t.nominal) filter (where t.type = 'out'), 0) as expenses
            from finance_transactions t where ${where(s)}
            group by t.transaction_date) d
      group by 1 order by 1`.execute(this.db);
    return r.rows;
  }

  async perCategory(s: StatsScope): Promise<(CategorySum & { icon: string; type: string })[]> {
    const r = await sql<CategorySum & { icon: string; type: string }>`
      select c.id as category_id, c.name, c.icon, c.builtin_key, g.type, g.total::text as total, g.count
      from (select t.category_id, t.type, sum(t.nominal) as total, count(*)::int as count
            from finance_transactions t where ${where(s)} group by 1, 2) g
      join finance_categories c on c.id = g.category_id
      order by g.type, g.total desc, c.name`.execute(this.db);
    return r.rows;
  }

  async perDay(s: StatsScope): Promise<{ date: string; income: string; expenses: string; count: number }[]> {
    const r = await sql<{ date: string; income: string; expenses: string; count: number }>`
      select t.transaction_date::text as date, ${IN} as income, ${OUT} as expenses, count(*)::int as count
      from finance_transactions t where ${where(s)}
      group by t.transaction_date order by t.transaction_date desc limit 400`.execute(this.db);
    return r.rows;
  }

  /**
   * The expenses of HPP per category (DOMAIN.md: each cost once), each line marked `stock`
   * when it bought warehouse items: booked from a received purchase order, or in the feed,
   * probiotics or chemicals category. Those items count through the warehouse usage value
   * when used, so the service leaves these lines out of the cost and lists them apart.
   */
  async hppExpenses(s: StatsScope): Promise<(CategorySum & { stock: boolean })[]> {
    const r = await sql<CategorySum & { stock: boolean }>`
      select c.id as category_id, c.name, c.builtin_key, g.stock, g.total::text as total, g.count
      from (select t.category_id,
              ${BOUGHT_STOCK} as stock,
              sum(t.nominal) as total, count(*)::int as count
            from finance_transactions t
            join finance_categories k on k.id = t.category_id
            where ${where({ ...s, type: 'out' })}
            group by 1, 2) g
      join finance_categories c on c.id = g.category_id
      order by g.stock, g.total desc, c.name`.execute(this.db);
    return r.rows;
  }

  /**
   * The expenses of the scope one by one (a cycle's HPP shares each among the cycles running
   * on its day, ADR 0128), with their category and whether they bought stock.
   */
  async expenseRows(s: StatsScope): Promise<(Omit<CategorySum, 'total' | 'count'> & ExpenseRow)[]> {
    const r = await sql<Omit<CategorySum, 'total' | 'count'> & ExpenseRow>`
      select t.category_id, k.name, k.builtin_key, t.nominal::text as nominal,
             t.transaction_date::text as transaction_date,
             ${BOUGHT_STOCK} as stock
      from finance_transactions t
      join finance_categories k on k.id = t.category_id
      where ${where({ ...s, type: 'out' })}`.execute(this.db);
    return r.rows;
  }

  /** Ponds of the farm with their area (m²), by name. */
  ponds(farmId: string): Promise<{ id: string; name: string; area: string }[]> {
    return this.db
      .selectFrom('ponds')
      .select(['id', 'name', 'area'])
      .where('farm_id', '=', farmId)
      .where('deleted_at', 'is', null)
      .orderBy('name')
      .execute();
  }

  /** A live cycle of the farm, or undefined (another farm's id answers the same as none). */
  cycle(farmId: string, cycleId: string) {
    return this.db
      .selectFrom('cycles')
      .select([
        'id',
        'pond_id',
        sql<string>`start_date::text`.as('start_date'),
        sql<string | null>`end_date::text`.as('end_date'),
      ])
      .where('id', '=', cycleId)
      .where('farm_id', '=', farmId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }
}
