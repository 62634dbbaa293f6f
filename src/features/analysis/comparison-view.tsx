import './register-locales.ts';
import './analysis.css';
import { type ComponentType, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '#components/confirm-dialog';
import { EntryForm } from '#components/entry-form';
import { usePonds } from '#components/farm-data';
import { useFormat } from '#components/format';
import { Card, EmptyState, Loading, PageHeader } from '#components/page';
import { pondAction } from '#components/pond-access.ts';
import { useToast } from '#components/toast';
import { useOnlineRead } from '#components/use-online-read.ts';
import { WhenInput } from '#components/when-input';
import { deviceToday } from '#local/day-coverage';
import type { ComparisonSeries } from '#shared/contracts/comparison';
import type { Farm } from '#shared/contracts/farm';
import { COMPARISON_MAX_SERIES, PRODUCTION_METRICS, TEMPLATE_NAME_MAX } from '#shared/domain/analysis';
import { addDays } from '#shared/domain/chart-range';
import { ACTION } from '#shared/domain/permissions';
import {
  applicableFields,
  axisDomain,
  COMPARISON_METRICS,
  chartPointsOf,
  comparisonProblem,
  seriesOf,
} from './analysis-model.ts';
import { ReadState } from './analysis-read.tsx';
import { templatesRepo, useTemplates } from './template-data.ts';

/** What the app hands in: the time chart of the charts feature (features never import each other). */
export interface ComparisonChartProps {
  points: { id: string; x: number; y: number; day: string; note?: string }[];
  kind: 'line' | 'bar';
  xDomain: [number, number];
  band?: { min: number | null; max: number | null };
  yLabel: string;
  label: string;
  formatValue: (value: number) => string;
  unit?: string;
  formatDay: (day: string) => string;
  zeroBased?: boolean;
  testId: string;
}

const isProduction = (metric: string) => (PRODUCTION_METRICS as readonly string[]).includes(metric);

function SeriesCharts({
  query,
  Chart,
}: {
  query: Record<string, string>;
  Chart: ComponentType<ComparisonChartProps>;
}) {
  const { t } = useTranslation('analysis');
  const format = useFormat();
  const read = useOnlineRead<ComparisonSeries>('/multipleComparison', query);
  const domain = axisDomain(query.from, query.to);
  return (
    <ReadState read={read}>
      {(series) => (
        <div className="comparison__series">
          {series.map((s) => {
            const metric = isProduction(s.metric) ? t(`metric.${s.metric}`) : t(`fields.${s.metric}`);
            const unit = s.unit ? t(`units.${s.unit}`, { defaultValue: s.unit }) : '';
            const label = t('comparison.chartLabel', { metric, pond: s.pond_name });
            return (
              <Card key={`${s.pond_id}-${s.metric}`} title={label}>
                {s.points.length === 0 ? (
                  <p className="muted">{t('comparison.noPoints')}</p>
                ) : (
                  <Suspense fallback={<Loading />}>
                    <Chart
                      points={chartPointsOf(s)}
                      kind={s.metric === 'feed' || s.metric === 'death' ? 'bar' : 'line'}
                      xDomain={domain}
                      band={
                        s.standard_min !== null || s.standard_max !== null
                          ? { min: s.standard_min, max: s.standard_max }
                          : undefined
                      }
                      yLabel={unit ? `${metric} (${unit})` : metric}
                      label={label}
                      formatValue={(v) => format.number(v, 3)}
                      unit={unit}
                      formatDay={(d) => format.date(d)}
                      zeroBased={s.metric === 'feed' || s.metric === 'death'}
                      testId={`comparison-chart-${s.pond_id}-${s.metric}`}
                    />
                  </Suspense>
                )}
              </Card>
            );
          })}
        </div>
      )}
    </ReadState>
  );
}

function Templates({
  farm,
  onApply,
}: {
  farm: Farm;
  onApply: (fields: { pond_id: string; metric: string }[], type: 0 | 1) => void;
}) {
  const { t } = useTranslation('analysis');
  const confirm = useConfirm();
  const templates = useTemplates(farm.farm_id);
  return (
    <Card title={t('comparison.templates')}>
      {!templates.data ? (
        <Loading />
      ) : templates.data.length === 0 ? (
        <p className="muted">{t('comparison.noTemplates')}</p>
      ) : (
        <ul className="comparison__templates" data-testid="comparison-templates">
          {templates.data.map((tpl) => (
            <li key={tpl.template_id}>
              <strong>{tpl.name}</strong>
              {tpl._status !== 'synced' && <span className="badge">{t('comparison.pending')}</span>}
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => onApply(tpl.fields, tpl.type)}
              >
                {t('comparison.apply')}
              </button>
              <button
                type="button"
                className="button button--ghost-danger button--small"
                onClick={async () => {
                  if (await confirm({ message: t('comparison.deleteConfirm', { name: tpl.name }) }))
                    await templatesRepo().remove(tpl.template_id);
                }}
              >
                {t('comparison.delete')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Saves the current choice as a template (offline too: it waits in the outbox). */
function SaveTemplate({
  farm,
  current,
}: {
  farm: Farm;
  current: { fields: { pond_id: string; metric: string }[]; type: 0 | 1 };
}) {
  const { t } = useTranslation('analysis');
  const toast = useToast();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    const clean = name.trim();
    if (!clean) {
      setError(t('comparison.nameRequired'));
      return;
    }
    setError(null);
    await templatesRepo().create([
      { farm_id: farm.farm_id, name: clean, type: current.type, fields: current.fields, deleted_at: null },
    ]);
    setName('');
    toast.success(t('comparison.saved'));
  };
  return (
    current.fields.length > 0 &&
    current.fields.length <= COMPARISON_MAX_SERIES && (
      <EntryForm
        className="comparison__save"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <div className="field">
          <label className="field__label" htmlFor="comparison-template-name">
            {t('comparison.templateName')}
          </label>
          <input
            id="comparison-template-name"
            className="field__input"
            value={name}
            maxLength={TEMPLATE_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={error ? true : undefined}
          />
          {error && (
            <p className="field__error" role="alert">
              {error}
            </p>
          )}
        </div>
        <button type="submit" className="button button--primary">
          {t('comparison.save')}
        </button>
      </EntryForm>
    )
  );
}

export function ComparisonView({ farm, Chart }: { farm: Farm; Chart: ComponentType<ComparisonChartProps> }) {
  const { t } = useTranslation('analysis');
  const today = deviceToday();
  const ponds = usePonds(farm.farm_id);
  const [from, setFrom] = useState(() => addDays(today, -29));
  const [to, setTo] = useState(today);
  const [merge, setMerge] = useState(true);
  const [chosenPonds, setChosenPonds] = useState<string[]>([]);
  const [metrics, setMetrics] = useState<string[]>(['ph', 'feed']);
  const [note, setNote] = useState<string | null>(null);

  const visible = useMemo(
    () => (ponds.data ?? []).filter((p) => pondAction(farm, p, 'pond') >= ACTION.view),
    [ponds.data, farm],
  );
  const pondIds = chosenPonds.length > 0 ? chosenPonds : visible.slice(0, 1).map((p) => p.pond_id);
  const fields = seriesOf(pondIds, metrics);
  const problem = comparisonProblem({ from, to, merge, series: fields.length });
  const query = problem
    ? null
    : {
        farm_id: farm.farm_id,
        from,
        to,
        type: merge ? '1' : '0',
        series: fields.map((f) => `${f.pond_id}:${f.metric}`).join(','),
      };
  const toggle = (list: string[], value: string, on: boolean) =>
    on ? [...list, value] : list.filter((x) => x !== value);

  const header = (
    <PageHeader
      title={t('comparison.title')}
      subtitle={t('comparison.subtitle', { farm: farm.name })}
      backTo={`/farm/${encodeURIComponent(farm.farm_id)}/analysis`}
    />
  );
  if (!ponds.data)
    return (
      <div className="stack">
        {header}
        <Loading />
      </div>
    );
  if (visible.length === 0)
    return (
      <div className="stack">
        {header}
        <EmptyState title={t('noPonds')} />
      </div>
    );

  const problemText = !problem
    ? null
    : problem.kind === 'pick'
      ? t('comparison.pick')
      : problem.kind === 'tooMany'
        ? t('comparison.tooMany', { count: problem.count, max: problem.max })
        : problem.kind === 'rangeAfter'
          ? t('comparison.rangeAfter')
          : t('comparison.rangeLong', { days: problem.days, max: problem.max });

  return (
    <div className="stack analysis">
      {header}
      <Templates
        farm={farm}
        onApply={(tplFields, type) => {
          const applied = applicableFields(
            tplFields,
            visible.map((p) => p.pond_id),
          );
          setChosenPonds(applied.ponds);
          setMetrics(applied.metrics);
          setMerge(type === 1);
          setNote(applied.dropped > 0 ? t('comparison.missingPond') : null);
        }}
      />
      <section className="card stack">
        <fieldset className="comparison__filters">
          <legend className="visually-hidden">{t('filters.label')}</legend>
          <div className="field">
            <label className="field__label" htmlFor="comparison-from">
              {t('comparison.from')}
            </label>
            <WhenInput
              id="comparison-from"
              type="date"
              className="field__input"
              value={from}
              max={today}
              onChange={(e) => e.target.value && setFrom(e.target.value)}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="comparison-to">
              {t('comparison.to')}
            </label>
            <WhenInput
              id="comparison-to"
              type="date"
              className="field__input"
              value={to}
              max={today}
              onChange={(e) => e.target.value && setTo(e.target.value)}
            />
          </div>
          <label className="analysis-check analysis-check--field">
            <input type="checkbox" checked={merge} onChange={(e) => setMerge(e.target.checked)} />
            {t('comparison.merge')}
          </label>
        </fieldset>
        <p className="muted comparison__count">{t('comparison.mergeHint')}</p>
        <fieldset className="comparison__checks" data-testid="comparison-ponds">
          <legend className="field__label">{t('comparison.ponds')}</legend>
          {visible.map((p) => (
            <label key={p.pond_id} className="analysis-check">
              <input
                type="checkbox"
                checked={pondIds.includes(p.pond_id)}
                onChange={(e) => setChosenPonds(toggle(pondIds, p.pond_id, e.target.checked))}
              />
              {p.name}
            </label>
          ))}
        </fieldset>
        <fieldset className="comparison__checks" data-testid="comparison-metrics">
          <legend className="field__label">{t('comparison.metrics')}</legend>
          {COMPARISON_METRICS.map((m) => (
            <label key={m} className="analysis-check">
              <input
                type="checkbox"
                checked={metrics.includes(m)}
                onChange={(e) => setMetrics(toggle(metrics, m, e.target.checked))}
              />
              {isProduction(m) ? t(`metric.${m}`) : t(`fields.${m}`)}
            </label>
          ))}
        </fieldset>
        <p className="comparison__count" data-testid="comparison-count">
          {t('comparison.count', { count: fields.length, max: COMPARISON_MAX_SERIES })}
        </p>
        {note && <p className="notice">{note}</p>}
        {problemText && (
          <p className="field__error" role="alert" data-testid="comparison-problem">
            {problemText}
          </p>
        )}
        <SaveTemplate farm={farm} current={{ fields, type: merge ? 1 : 0 }} />
      </section>
      {query && <SeriesCharts query={query} Chart={Chart} />}
    </div>
  );
}
