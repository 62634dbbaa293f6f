import type {
  CategoryFlow,
  CategoryFlowQuery,
  DayGroup,
  GroupQuery,
  HppAnalysis,
  HppQuery,
  MonthCashFlow,
  Productivity,
  ProductivityQuery,
  StatsQuery,
  TotalTransaction,
} from '#shared/contracts/finance';
import {
  daysBetween,
  expenseSharer,
  hppCost,
  hppPerKg,
  kgPerHa,
  periodProductivity,
  rupiah,
} from '#shared/domain/figures';
import { ACTION } from '#shared/domain/permissions';
import { AppError, fieldError } from '../../errors.ts';
import type { FarmAccess } from '../../kernel/farm-access.ts';
import { farmToday } from '../../kernel/farm-clock.ts';
import { requireFinance } from '../../kernel/finance-access.ts';
import type { AccountRepository } from './account.repository.ts';
import type { ProductionScope, ProductionSources } from './production-sources.ts';
import type { StatsRepository, StatsScope } from './stats.repository.ts';

export interface StatsDeps {
  stats: StatsRepository;
  accounts: AccountRepository;
  access: FarmAccess;
  sources: ProductionSources;
}

/** Last day of a YYYY-MM month. */
function monthEnd(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** The statistics routes (seed 000 §7): sums in the database, maths in #shared/domain/finance-maths. */
export class StatsService {
  constructor(private readonly d: StatsDeps) {}

  async total(userId: string, q: StatsQuery): Promise<TotalTransaction> {
    const scope = await this.scope(userId, q);
    const t = await this.d.stats.totals(scope);
    return { ...t, balance: (BigInt(t.income) - BigInt(t.expenses)).toString() };
  }

  async cashFlowPerMonth(userId: string, q: StatsQuery): Promise<MonthCashFlow[]> {
    const rows = await this.d.stats.perMonth(await this.scope(userId, q));
    return rows.map((r) => ({ ...r, net: (BigInt(r.income) - BigInt(r.expenses)).toString() }));
  }

  async perCategory(userId: string, q: CategoryFlowQuery): Promise<CategoryFlow[]> {
    const range = q.month ? { from: `${q.month}-01`, to: monthEnd(q.month) } : { from: q.from, to: q.to };
    const scope = await this.scope(userId, { ...q, ...range });
    const rows = await this.d.stats.perCategory({ ...scope, type: q.type });
    return rows.map((r) => ({
      category_transaction_id: r.category_id,
      category_transaction_name: r.name,
      builtin_key: r.builtin_key,
      category_icon: r.icon,
      type: r.type as CategoryFlow['type'],
      total: r.total,
      count: r.count,
    }));
  }

  async perDay(userId: string, q: GroupQuery): Promise<DayGroup[]> {
    const scope = await this.scope(userId, q);
    return this.d.stats.perDay({ ...scope, type: q.type });
  }

  /**
   * HPP = (finance expenses + warehouse usage value) ÷ harvested kg over a date range or a
   * cycle, each cost once (DOMAIN.md): an expense that bought warehouse stock (from a
   * purchase order, or feed, probiotics, chemicals) counts by the usage value when used, so
   * it is listed apart and not added. For a cycle the finance expenses are its share of
   * those dated within its days (transactions are farm-wide, not per pond: `cycleExpenses`);
   * harvest and usage come from the sources.
   */
  async hpp(userId: string, q: HppQuery): Promise<HppAnalysis> {
    const { scope, production } = await this.productionScope(userId, q);
    const [costs, usage, harvest] = await Promise.all([
      production.cycleId ? this.cycleExpenses(scope, production.cycleId) : this.d.stats.hppExpenses(scope),
      this.d.sources.usageCostRp(q.farm_id, production),
      this.d.sources.harvested(q.farm_id, production),
    ]);
    const counted = costs.filter((c) => !c.stock);
    const stock = costs.filter((c) => c.stock);
    const sum = (lines: typeof costs) => lines.reduce((total, c) => total + rupiah(c.total), 0n);
    const line = (c: (typeof costs)[number]) => ({
      category_transaction_id: c.category_id,
      category_transaction_name: c.name,
      builtin_key: c.builtin_key,
      total: c.total,
      count: c.count,
    });
    const { expenses, total } = hppCost(costs, usage);
    const hpp = hppPerKg(total, harvest.kg);
    return {
      expenses: expenses.toString(),
      expense_lines: counted.map(line),
      stock_lines: stock.map(line),
      stock_purchases: sum(stock).toString(),
      stock_purchase_count: stock.reduce((n, c) => n + c.count, 0),
      usage_cost: usage.toString(),
      total_cost: total.toString(),
      harvested_kg: harvest.kg,
      revenue: harvest.revenueRp.toString(),
      hpp_per_kg: hpp === null ? null : hpp.toString(),
    };
  }

  /**
   * A cycle's expenses by category: its share of each farm-wide expense of its days, shared
   * among the cycles running that day by pond area (ADR 0128), as the forecast's cost to
   * date counts it (`expenseSharer`); a category it bore nothing of is left out.
   */
  private async cycleExpenses(scope: StatsScope, cycleId: string) {
    const today = farmToday();
    const [rows, spans] = await Promise.all([
      this.d.stats.expenseRows(scope),
      this.d.sources.cycleSpans(scope.farmId, scope.from ?? today, scope.to ?? today),
    ]);
    const share = expenseSharer(spans, today);
    type Line = Omit<(typeof rows)[number], 'nominal' | 'transaction_date'> & { rp: bigint; count: number };
    const lines = new Map<string, Line>();
    for (const { nominal, transaction_date, ...category } of rows) {
      const part = share(cycleId, transaction_date, nominal);
      if (part === 0n) continue;
      const key = `${category.category_id}:${category.stock}`;
      const line = lines.get(key) ?? { ...category, rp: 0n, count: 0 };
      line.rp += part;
      line.count += 1;
      lines.set(key, line);
    }
    const byTotal = (a: Line, b: Line) => (a.rp === b.rp ? 0 : a.rp > b.rp ? -1 : 1);
    return [...lines.values()]
      .sort((a, b) => Number(a.stock) - Number(b.stock) || byTotal(a, b) || a.name.localeCompare(b.name))
      .map(({ rp, ...line }) => ({ ...line, total: rp.toString() }));
  }

  /**
   * Productivity per pond and for the farm over the period, labelled (DOMAIN.md): all kg ÷
   * area (the period), per cycle (the average harvested cycle) and per year (the period
   * scaled to 365 days; null without from and to).
   */
  async productivity(userId: string, q: ProductivityQuery): Promise<Productivity> {
    const { production, pondId } = await this.productionScope(userId, q);
    const [allPonds, harvest] = await Promise.all([
      this.d.stats.ponds(q.farm_id),
      this.d.sources.harvested(q.farm_id, production),
    ]);
    // One cycle's productivity is over its own pond's area, not the farm's.
    const ponds = pondId ? allPonds.filter((p) => p.id === pondId) : allPonds;
    const days = q.from && q.to && !q.cycle_id ? (daysBetween(q.from, q.to) ?? -1) + 1 : null;
    const facts = ponds.map((p) => ({
      area_m2: Number(p.area),
      harvested_kg: harvest.byPond.get(p.id) ?? 0,
      cycles: harvest.cyclesByPond.get(p.id) ?? 0,
    }));
    const rows = ponds.map((p, i) => {
      const f = facts[i];
      const per = periodProductivity([f], days);
      return {
        pond_id: p.id,
        pond_name: p.name,
        ...f,
        kg_per_ha: kgPerHa(f.harvested_kg, f.area_m2),
        kg_per_ha_cycle: per.kg_per_ha_cycle,
        kg_per_ha_year: per.kg_per_ha_year,
      };
    });
    const area = facts.reduce((sum, f) => sum + f.area_m2, 0);
    const farm = periodProductivity(facts, days);
    return {
      ponds: rows,
      farm: {
        area_m2: area,
        harvested_kg: harvest.kg,
        cycles: farm.cycles,
        kg_per_ha: kgPerHa(harvest.kg, area),
        kg_per_ha_cycle: farm.kg_per_ha_cycle,
        kg_per_ha_year: farm.kg_per_ha_year,
        days,
      },
    };
  }

  private async scope(
    userId: string,
    q: { farm_id: string; account_id?: string; from?: string; to?: string },
  ): Promise<StatsScope> {
    await requireFinance(this.d.access, userId, q.farm_id, ACTION.view);
    if (q.from && q.to && q.from > q.to) throw fieldError('to', 'validation.end-before-start');
    if (q.account_id) {
      const account = await this.d.accounts.findById(q.account_id);
      if (!account || account.deleted_at || account.farm_id !== q.farm_id)
        throw fieldError('account_id', 'finance.unknown-account');
    }
    return { farmId: q.farm_id, accountId: q.account_id, from: q.from, to: q.to };
  }

  private async productionScope(
    userId: string,
    q: { farm_id: string; account_id?: string; cycle_id?: string; from?: string; to?: string },
  ): Promise<{ scope: StatsScope; production: ProductionScope; pondId?: string }> {
    const scope = await this.scope(userId, q);
    if (!q.cycle_id) return { scope, production: { from: q.from, to: q.to } };
    const cycle = await this.d.stats.cycle(q.farm_id, q.cycle_id);
    if (!cycle) throw new AppError('not-found');
    return {
      scope: { ...scope, from: cycle.start_date, to: cycle.end_date ?? farmToday() },
      production: { cycleId: cycle.id },
      pondId: cycle.pond_id,
    };
  }
}
