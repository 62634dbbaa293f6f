import './register-locales.ts';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '#components/format';
import { lazyPart } from '#components/lazy-part';
import { Card, Loading } from '#components/page';
import { WhenInput } from '#components/when-input';
import type {
  CategoryFlow,
  HppAnalysis,
  MonthCashFlow,
  Productivity,
  TotalTransaction,
} from '#shared/contracts/finance';
import { formatMonth } from '#shared/domain/date-format';
import { formatRupiahText } from '#shared/domain/format';
import { CategoryIcon } from './category-icon.tsx';
import { type Stats, useAccounts, useStats } from './finance-data.ts';
import { categoryLabel, localToday, yearRange } from './finance-model.ts';

const CashFlowChart = lazyPart(() => import('./cash-flow-chart.tsx'));

export interface Period {
  from: string;
  to: string;
  accountId?: string;
}

/** "Mar 2025" in the current language, from YYYY-MM. */
export function useMonthLabel() {
  const { i18n } = useTranslation();
  return (month: string) => formatMonth(`${month}-01`, i18n.language);
}

/** "Angka terakhir tersinkron …" under figures read from the phone's copy. */
function AsOf({ stats }: { stats: Stats<unknown> }) {
  const { t } = useTranslation('finance');
  const format = useFormat();
  if (!stats.error || !stats.fetchedAt) return null;
  return (
    <p className="notice" data-testid="stats-as-of">
      {t('stats.asOf', { date: format.date(stats.fetchedAt), time: format.time(stats.fetchedAt) })}
    </p>
  );
}

function Figures({ stats, children }: { stats: Stats<unknown>; children: () => React.ReactNode }) {
  const { t } = useTranslation('finance');
  if (stats.data === undefined)
    return stats.loading ? <Loading /> : <p className="muted">{t('stats.offlineNone')}</p>;
  return (
    <>
      <AsOf stats={stats} />
      {children()}
    </>
  );
}

export function statsQueries(farmId: string, p: Period) {
  return { farm_id: farmId, account_id: p.accountId, from: p.from, to: p.to };
}

/** Totals, monthly cash flow (chart + table), per category for a month, HPP and productivity. */
export function StatisticsTab({ farmId }: { farmId: string }) {
  const { t } = useTranslation('finance');
  const accounts = useAccounts(farmId);
  const today = localToday();
  const [period, setPeriod] = useState<Period>(yearRange(today));
  const [month, setMonth] = useState(today.slice(0, 7));
  return (
    <>
      <Card title={t('stats.period')}>
        <div className="finance-filters">
          <label className="field">
            <span className="field__label">{t('tx.account')}</span>
            <select
              className="field__input"
              value={period.accountId ?? ''}
              onChange={(e) => setPeriod({ ...period, accountId: e.target.value || undefined })}
            >
              <option value="">{t('account.all')}</option>
              {accounts.data?.map((a) => (
                <option key={a.account_id} value={a.account_id}>
                  {a.name}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field__label">{t('tx.from')}</span>
            <WhenInput
              type="date"
              className="field__input"
              value={period.from}
              onChange={(e) => e.target.value && setPeriod({ ...period, from: e.target.value })}
            />
          </label>
          <label className="field">
            <span className="field__label">{t('tx.to')}</span>
            <WhenInput
              type="date"
              className="field__input"
              value={period.to}
              onChange={(e) => e.target.value && setPeriod({ ...period, to: e.target.value })}
            />
          </label>
        </div>
      </Card>
      <FinanceFigures farmId={farmId} period={period} month={month} onMonth={setMonth} chart />
    </>
  );
}

/** The figures of a period; shared by the statistics tab and the printable report. */
export function FinanceFigures({
  farmId,
  period,
  month,
  onMonth,
  chart,
}: {
  farmId: string;
  period: Period;
  month?: string;
  onMonth?: (m: string) => void;
  chart?: boolean;
}) {
  const { t, i18n } = useTranslation('finance');
  const format = useFormat();
  const monthLabel = useMonthLabel();
  const q = statsQueries(farmId, period);
  const total = useStats<TotalTransaction>(farmId, '/totalTransaction', q);
  const flow = useStats<MonthCashFlow[]>(farmId, '/chartCashFlowPerMonth', q);
  const perCategory = useStats<CategoryFlow[]>(
    farmId,
    '/arusKasPercategoryFilterByMonth',
    month ? { farm_id: farmId, account_id: period.accountId, month } : q,
  );
  const hpp = useStats<HppAnalysis>(farmId, '/analysHpp', q);
  const productivity = useStats<Productivity>(farmId, '/getProductivitas', {
    farm_id: farmId,
    from: period.from,
    to: period.to,
  });
  return (
    <>
      <Card title={t('stats.total')}>
        <Figures stats={total}>
          {() =>
            total.data && (
              <dl className="finance-figures" data-testid="stats-total">
                <div>
                  <dt>{t('account.income')}</dt>
                  <dd className="money money--in" data-testid="total-income">
                    {formatRupiahText(total.data.income)}
                  </dd>
                </div>
                <div>
                  <dt>{t('account.expenses')}</dt>
                  <dd className="money money--out" data-testid="total-expenses">
                    {formatRupiahText(total.data.expenses)}
                  </dd>
                </div>
                <div>
                  <dt>{t('account.balance')}</dt>
                  <dd className="money" data-testid="total-balance">
                    {formatRupiahText(total.data.balance)}
                  </dd>
                </div>
                <div>
                  <dt className="muted">{t('stats.count', { count: total.data.count })}</dt>
                </div>
              </dl>
            )
          }
        </Figures>
      </Card>
      <Card title={t('stats.cashFlow')}>
        <Figures stats={flow}>
          {() =>
            flow.data?.length ? (
              <>
                {chart && (
                  <Suspense fallback={<Loading />}>
                    <CashFlowChart
                      rows={flow.data}
                      label={t('stats.chartLabel')}
                      monthLabel={monthLabel}
                      locale={i18n.language === 'en' ? 'en-GB' : 'id-ID'}
                    />
                  </Suspense>
                )}
                <div className="table-scroll">
                  <table className="finance-table" data-testid="cash-flow-table">
                    <thead>
                      <tr>
                        <th scope="col">{t('stats.month')}</th>
                        <th scope="col">{t('account.income')}</th>
                        <th scope="col">{t('account.expenses')}</th>
                        <th scope="col">{t('stats.net')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {flow.data.map((r) => (
                        <tr key={r.month}>
                          <th scope="row">{monthLabel(r.month)}</th>
                          <td className="money money--in">{formatRupiahText(r.income)}</td>
                          <td className="money money--out">{formatRupiahText(r.expenses)}</td>
                          <td className="money">{formatRupiahText(r.net)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </>
            ) : (
              <p className="muted">{t('stats.noData')}</p>
            )
          }
        </Figures>
      </Card>
      <Card
        title={t('stats.perCategory')}
        actions={
          onMonth && (
            <label className="finance-month">
              <span className="visually-hidden">{t('stats.month')}</span>
              <input
                type="month"
                className="field__input"
                value={month}
                onChange={(e) => e.target.value && onMonth(e.target.value)}
              />
            </label>
          )
        }
      >
        <Figures stats={perCategory}>
          {() =>
            perCategory.data?.length ? (
              <ul className="data-list" data-testid="per-category">
                {perCategory.data.map((c) => (
                  <li key={`${c.type}:${c.category_transaction_id}`}>
                    <CategoryIcon icon={c.category_icon} className={`finance-icon finance-icon--${c.type}`} />
                    <span className="data-list__main">
                      <span className="data-list__title">{categoryLabel(c, t)}</span>
                      <span className="data-list__meta">{t('stats.count', { count: c.count })}</span>
                    </span>
                    <span className={`money money--${c.type}`}>{formatRupiahText(c.total)}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">{t('stats.noData')}</p>
            )
          }
        </Figures>
      </Card>
      <Card title={t('stats.hpp')}>
        <Figures stats={hpp}>
          {() =>
            hpp.data && (
              <>
                <p className="finance-hpp" data-testid="hpp-value">
                  {hpp.data.hpp_per_kg === null
                    ? t('stats.hppNone')
                    : t('stats.hppValue', { value: formatRupiahText(hpp.data.hpp_per_kg) })}
                </p>
                {hpp.data.hpp_per_kg === null && <p className="muted">{t('stats.hppNoHarvest')}</p>}
                <p className="muted" data-testid="hpp-basis">
                  {t('stats.hppBasis')}
                </p>
                <h3 className="finance-subtitle">{t('stats.hppCounted')}</h3>
                <ul className="data-list" data-testid="hpp-lines">
                  {hpp.data.expense_lines.map((c) => (
                    <HppLine key={c.category_transaction_id} line={c} />
                  ))}
                  <li>
                    <span className="data-list__main">
                      <span className="data-list__title">{t('stats.hppUsageLine')}</span>
                    </span>
                    <span className="money">{formatRupiahText(hpp.data.usage_cost)}</span>
                  </li>
                </ul>
                <dl className="finance-figures">
                  <div>
                    <dt>{t('stats.expenses')}</dt>
                    <dd className="money" data-testid="hpp-expenses">
                      {formatRupiahText(hpp.data.expenses)}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('stats.usage')}</dt>
                    <dd className="money">{formatRupiahText(hpp.data.usage_cost)}</dd>
                  </div>
                  <div>
                    <dt>{t('stats.totalCost')}</dt>
                    <dd className="money">{formatRupiahText(hpp.data.total_cost)}</dd>
                  </div>
                  <div>
                    <dt>{t('stats.harvested')}</dt>
                    <dd>{t('stats.kg', { value: format.number(hpp.data.harvested_kg, 2) })}</dd>
                  </div>
                </dl>
                {hpp.data.stock_lines.length > 0 && (
                  <>
                    <h3 className="finance-subtitle">{t('stats.stockPurchases')}</h3>
                    <ul className="data-list data-list--muted" data-testid="hpp-stock-purchases">
                      {hpp.data.stock_lines.map((c) => (
                        <HppLine key={c.category_transaction_id} line={c} />
                      ))}
                    </ul>
                  </>
                )}
              </>
            )
          }
        </Figures>
      </Card>
      <Card title={t('stats.productivity')}>
        <Figures stats={productivity}>
          {() => productivity.data && <ProductivityTable data={productivity.data} />}
        </Figures>
      </Card>
    </>
  );
}

/** Productivity per pond and for the farm, each figure labelled: in the period, per cycle, per year. */
function ProductivityTable({ data }: { data: Productivity }) {
  const { t } = useTranslation('finance');
  const format = useFormat();
  const figure = (v: number | null, unit: 'unitPeriod' | 'unitCycle' | 'unitYear') =>
    v === null ? (
      '–'
    ) : (
      <>
        {format.number(v, 0)} <span className="productivity-row__unit">{t(`stats.${unit}`)}</span>
      </>
    );
  const row = (
    key: string,
    name: string,
    r: Productivity['ponds'][number] | Productivity['farm'],
    farm = false,
  ) => (
    <li key={key} className={farm ? 'productivity-row productivity-row--farm' : 'productivity-row'}>
      <h3 className="productivity-row__name">{name}</h3>
      <p className="muted productivity-row__meta">
        {t('stats.harvestedCycles', { kg: format.number(r.harvested_kg, 1), count: r.cycles })}
      </p>
      <dl className="productivity-row__figures">
        <div>
          <dt>{t('stats.inPeriod')}</dt>
          <dd>{figure(r.kg_per_ha, 'unitPeriod')}</dd>
        </div>
        <div>
          <dt>{t('stats.perCycle')}</dt>
          <dd>{figure(r.kg_per_ha_cycle, 'unitCycle')}</dd>
        </div>
        <div>
          <dt>{t('stats.perYear')}</dt>
          <dd>{figure(r.kg_per_ha_year, 'unitYear')}</dd>
        </div>
      </dl>
    </li>
  );
  return (
    <>
      <ul className="productivity-list" data-testid="productivity-table">
        {data.ponds.map((p) => row(p.pond_id, p.pond_name, p))}
        {row('farm', t('stats.farm'), data.farm, true)}
      </ul>
      <p className="muted" data-testid="productivity-basis">
        {t('stats.productivityBasis', { days: data.farm.days ?? '–' })}
      </p>
    </>
  );
}

/** One expense category of HPP: its name, how many transactions, the sum. */
function HppLine({ line }: { line: HppAnalysis['expense_lines'][number] }) {
  const { t } = useTranslation('finance');
  return (
    <li>
      <span className="data-list__main">
        <span className="data-list__title">{categoryLabel(line, t)}</span>
        <span className="data-list__meta">{t('stats.txCount', { count: line.count })}</span>
      </span>
      <span className="money">{formatRupiahText(line.total)}</span>
    </li>
  );
}
