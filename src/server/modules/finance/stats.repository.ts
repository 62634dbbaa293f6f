import { type Expression, type SqlBool, sql } from 'kysely';
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

/** Transactions booked from a received purchase order: they buy warehouse stock. */
const STOCK_SOURCE = 'purchase-order';

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

  async perCategory(s: StatsScope): Promise<
    {
      category_id: string;
      name: string;
      icon: string;
      builtin_key: string | null;
      type: string;
      total: string;
      count: number;
    }[]
  > {
    const r = await sql<{
      category_id: string;
      name: string;
      icon: string;
      builtin_key: string | null;
      type: string;
      total: string;
      count: number;
    }>`
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
   * The expenses HPP counts, per category (DOMAIN.md: each cost once): every live "out"
   * transaction except those paying a received purchase order, whose items are stock and
   * count through the warehouse usage when used; those come back apart as `stock`.
   */
  async hppExpenses(s: StatsScope): Promise<{
    counted: {
      category_id: string;
      name: string;
      builtin_key: string | null;
      total: string;
      count: number;
    }[];
    stock: { total: string; count: number };
  }> {
    const scope = { ...s, type: 'out' };
    const counted = await sql<{
      category_id: string;
      name: string;
      builtin_key: string | null;
      total: string;
      count: number;
    }>`
      select c.id as category_id, c.name, c.builtin_key, g.total::text as total, g.count
      from (select t.category_id, sum(t.nominal) as total, count(*)::int as count
            from finance_transactions t
            where ${where(scope)} and t.source_type is distinct from ${STOCK_SOURCE}
            group by 1) g
      join finance_categories c on c.id = g.category_id
      order by g.total desc, c.name`.execute(this.db);
    const stock = await sql<{ total: string; count: number }>`
      select coalesce(sum(t.nominal), 0)::text as total, count(*)::int as count
      from finance_transactions t where ${where(scope)} and t.source_type = ${STOCK_SOURCE}`.execute(this.db);
    return { counted: counted.rows, stock: stock.rows[0] };
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
        sql<string>`start_date::text`.as('start_date'),
        sql<string | null>`end_date::text`.as('end_date'),
      ])
      .where('id', '=', cycleId)
      .where('farm_id', '=', farmId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }
}
