import './register-locales.ts';
import './charts.css';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '#components/format';
import { Card, EmptyState, LoadError, Loading } from '#components/page';
import { pondAction } from '#components/pond-access.ts';
import { type OnlineRead, useOnlineRead } from '#components/use-online-read.ts';
import { WhenInput } from '#components/when-input';
import type { FeedChartSeries, SamplingChartSeries, WaterChartSeries } from '#shared/contracts/charts';
import type { Farm, Pond } from '#shared/contracts/farm';
import type { ProbePondReadings } from '#shared/contracts/probes';
import {
  CHART_DEFAULT_DAYS,
  CHART_MAX_DAYS,
  chartRangeProblem,
  isChartDay,
} from '#shared/domain/chart-range';
import { ACTION } from '#shared/domain/permissions';
import { isProbeParameter } from '#shared/domain/probe-units';
import { WATER_FIELDS } from '#shared/domain/water-fields';
import {
  type ChartPoint,
  dayX,
  lastDays,
  probeLinePoints,
  probeWindow,
  rangeDomain,
  wallClockX,
} from './chart-model.ts';
import TimeChart from './time-chart.tsx';

/** Every measured water field a chart can show (colour and weather are choices, not values). */
const PARAMETERS = (Object.keys(WATER_FIELDS) as (keyof typeof WATER_FIELDS)[]).flatMap((kind) =>
  Object.keys(WATER_FIELDS[kind]).filter((f) => f !== 'color' && f !== 'weather'),
);
const unitOf = (parameter: string) =>
  Object.values(WATER_FIELDS)
    .map((fields) => (fields as Record<string, { unit: string }>)[parameter]?.unit)
    .find((u) => u !== undefined) ?? '';

interface Range {
  from: string;
  to: string;
}

export interface PondChartsProps {
  farm: Farm;
  pond: Pond;
  /** The water feature's label of a field (the pond screen passes it: no feature imports another). */
  parameterLabel: (parameter: string) => string;
  /** Today on the farm (YYYY-MM-DD). */
  today: string;
}

/** Loading, offline, error and empty states of one chart call, else the chart. */
function ChartState<T>({
  read,
  empty,
  children,
}: {
  read: OnlineRead<T>;
  empty: (series: T) => string | null;
  children: (series: T) => ReactNode;
}) {
  const { t } = useTranslation('charts');
  if (read.idle) return null;
  if (read.offline) {
    return (
      <div className="state" role="status" data-testid="charts-offline">
        <p className="state__title">{t('offline.title')}</p>
        <p>{t('offline.body')}</p>
      </div>
    );
  }
  if (read.error) return <LoadError error={read.error} onRetry={read.reload} />;
  if (!read.data) return <Loading />;
  const series = read.data[0];
  if (!series) return <EmptyState title="–" />;
  const emptyText = empty(series);
  if (emptyText) return <EmptyState title={emptyText} />;
  return <>{children(series)}</>;
}

function RangePicker({
  range,
  onChange,
  today,
}: {
  range: Range;
  onChange: (r: Range) => void;
  today: string;
}) {
  const { t } = useTranslation('charts');
  const problem = chartRangeProblem(range.from, range.to);
  return (
    <fieldset className="charts-range">
      <legend className="field__label">{t('rangeTitle')}</legend>
      <div className="charts-range__inputs">
        <div className="field">
          <label className="field__label" htmlFor="charts-from">
            {t('from')}
          </label>
          <WhenInput
            id="charts-from"
            type="date"
            className="field__input"
            value={range.from}
            max={today}
            onChange={(e) => isChartDay(e.target.value) && onChange({ ...range, from: e.target.value })}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="charts-to">
            {t('to')}
          </label>
          <WhenInput
            id="charts-to"
            type="date"
            className="field__input"
            value={range.to}
            max={today}
            onChange={(e) => isChartDay(e.target.value) && onChange({ ...range, to: e.target.value })}
          />
        </div>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => onChange(lastDays(today, CHART_DEFAULT_DAYS))}
        >
          {t('rangeLast', { days: CHART_DEFAULT_DAYS })}
        </button>
      </div>
      {problem && (
        <p className="field__error" role="alert" data-testid="charts-range-error">
          {t(`rangeError.${problem}`, { max: CHART_MAX_DAYS })}
        </p>
      )}
    </fieldset>
  );
}

function WaterChart({
  pond,
  range,
  query,
  parameterLabel,
}: ChartCardProps & Pick<PondChartsProps, 'parameterLabel'>) {
  const { t } = useTranslation('charts');
  const format = useFormat();
  const [parameter, setParameter] = useState('ph');
  const read = useOnlineRead<WaterChartSeries>('/chart/water', query && { ...query, parameter });
  // The pond's probe readings of the same parameter, read online with the chart (issue 27).
  const probes = useOnlineRead<never, ProbePondReadings>(
    '/probeReadings',
    useMemo(
      () => (query && isProbeParameter(parameter) ? probeWindow(pond.pond_id, range) : null),
      [query, parameter, pond.pond_id, range],
    ),
  );
  const probeLine = useMemo(
    () => (probes.data ? probeLinePoints(probes.data.series, parameter) : []),
    [probes.data, parameter],
  );
  const label = parameterLabel(parameter);
  const unit = unitOf(parameter);
  return (
    <Card title={t('water.title')}>
      <div className="field charts-parameter">
        <label className="field__label" htmlFor="charts-parameter">
          {t('parameter')}
        </label>
        <select
          id="charts-parameter"
          className="field__input"
          value={parameter}
          onChange={(e) => setParameter(e.target.value)}
        >
          {PARAMETERS.map((p) => (
            <option key={p} value={p}>
              {parameterLabel(p)}
              {unitOf(p) ? ` (${unitOf(p)})` : ''}
            </option>
          ))}
        </select>
      </div>
      <ChartState
        read={read}
        empty={(s) => (s.points.length || probeLine.length ? null : t('water.empty', { parameter: label }))}
      >
        {(s) => {
          const band = { min: s.standard_min, max: s.standard_max };
          const points: ChartPoint[] = s.points.map((p) => ({
            id: p.measured_at,
            x: wallClockX(p.measured_at),
            y: p.value,
            day: p.day,
            note: p.measured_at.slice(11, 16),
          }));
          const rangeText =
            band.min !== null && band.max !== null
              ? `${format.number(band.min, 2)}–${format.number(band.max, 2)}`
              : band.min !== null
                ? `≥ ${format.number(band.min, 2)}`
                : band.max !== null
                  ? `≤ ${format.number(band.max, 2)}`
                  : null;
          return (
            <>
              <p className="charts-legend">
                {rangeText ? (
                  <span className="charts-legend__band">{t('water.standard', { range: rangeText })}</span>
                ) : (
                  <span>{t('water.noStandard')}</span>
                )}
                <span className="charts-legend__out">{t('water.outside')}</span>
                {probeLine.length > 0 && (
                  <span className="charts-legend__probe" data-testid="charts-legend-probe">
                    {t('water.probe')}
                  </span>
                )}
                <span className="muted">{t('points', { count: points.length })}</span>
              </p>
              <TimeChart
                testId="water-chart"
                kind="line"
                points={points}
                under={probeLine}
                band={band}
                xDomain={rangeDomain(range.from, range.to)}
                yLabel={unit ? t('axis.valueUnit', { label, unit }) : label}
                unit={unit}
                label={t('water.label', { parameter: label, pond: pond.name })}
                formatValue={(v) => format.number(v, 2)}
                formatDay={format.date}
              />
            </>
          );
        }}
      </ChartState>
    </Card>
  );
}

interface ChartCardProps {
  pond: Pond;
  range: Range;
  query: Record<string, string> | null;
}

function SamplingChart({ pond, range, query }: ChartCardProps) {
  const { t } = useTranslation('charts');
  const format = useFormat();
  const read = useOnlineRead<SamplingChartSeries>('/chart/sampling', query);
  return (
    <Card title={t('sampling.title')}>
      <ChartState
        read={read}
        empty={(s) => (s.points.some((p) => p.abw !== null) ? null : t('sampling.empty'))}
      >
        {(s) => {
          const points: ChartPoint[] = s.points.flatMap((p) =>
            p.abw === null
              ? []
              : [
                  {
                    id: p.sampling_id,
                    x: dayX(p.day),
                    y: p.abw,
                    day: p.day,
                    note: [
                      p.adg !== null ? t('sampling.adg', { value: format.number(p.adg, 2) }) : null,
                      p.size !== null ? t('sampling.size', { value: format.number(p.size, 0) }) : null,
                    ]
                      .filter(Boolean)
                      .join(' · '),
                  },
                ],
          );
          return (
            <>
              <p className="charts-legend muted">{t('points', { count: points.length })}</p>
              <TimeChart
                testId="sampling-chart"
                kind="line"
                points={points}
                xDomain={rangeDomain(range.from, range.to)}
                yLabel={t('axis.valueUnit', { label: t('sampling.abw'), unit: 'g' })}
                unit="g"
                label={t('sampling.label', { pond: pond.name })}
                formatValue={(v) => format.number(v, 2)}
                formatDay={format.date}
                zeroBased
              />
            </>
          );
        }}
      </ChartState>
    </Card>
  );
}

function FeedChart({ pond, range, query }: ChartCardProps) {
  const { t } = useTranslation('charts');
  const format = useFormat();
  const read = useOnlineRead<FeedChartSeries>('/chart/feed/accumulative/daily', query);
  return (
    <Card title={t('feed.title')}>
      <ChartState read={read} empty={(s) => (s.points.length ? null : t('feed.empty'))}>
        {(s) => {
          const daily: ChartPoint[] = s.points.map((p) => ({
            id: p.day,
            x: dayX(p.day),
            y: p.kg,
            day: p.day,
          }));
          const cumulative: ChartPoint[] = s.points.map((p) => ({
            id: p.day,
            x: dayX(p.day),
            y: p.cumulative_kg,
            day: p.day,
          }));
          const common = {
            xDomain: rangeDomain(range.from, range.to),
            unit: 'kg',
            formatValue: (v: number) => format.number(v, 1),
            formatDay: format.date,
          };
          return (
            <>
              <p className="charts-legend muted">
                {t('feed.total', { value: format.number(s.total_kg, 1) })}
              </p>
              <h3 className="charts-subtitle">{t('feed.daily')}</h3>
              <TimeChart
                {...common}
                testId="feed-daily-chart"
                kind="bar"
                points={daily}
                yLabel={t('axis.valueUnit', { label: t('feed.daily'), unit: 'kg' })}
                label={t('feed.dailyLabel', { pond: pond.name })}
              />
              <h3 className="charts-subtitle">{t('feed.cumulative')}</h3>
              <TimeChart
                {...common}
                testId="feed-cumulative-chart"
                kind="line"
                points={cumulative}
                zeroBased
                yLabel={t('axis.valueUnit', { label: t('feed.cumulative'), unit: 'kg' })}
                label={t('feed.cumulativeLabel', { pond: pond.name })}
              />
            </>
          );
        }}
      </ChartState>
    </Card>
  );
}

/**
 * The pond's "Charts" tab: water parameter, ABW and feed over a date range (the last 30
 * days to start), read online from /api/chart/* (charts are not kept on the device; offline
 * says so). Each chart shows only with the feature's view right on this pond.
 */
export default function PondCharts({ farm, pond, parameterLabel, today }: PondChartsProps) {
  const [range, setRange] = useState<Range>(() => lastDays(today, CHART_DEFAULT_DAYS));
  const query = useMemo(
    () => (chartRangeProblem(range.from, range.to) ? null : { ...range, ponds: pond.pond_id }),
    [range, pond.pond_id],
  );
  const can = (feature: 'water_quality' | 'sampling' | 'warehouse') =>
    pondAction(farm, pond, feature) >= ACTION.view;
  const props = { pond, range, query };
  return (
    <div className="stack charts" data-testid="pond-charts">
      <RangePicker range={range} onChange={setRange} today={today} />
      {can('water_quality') && <WaterChart {...props} parameterLabel={parameterLabel} />}
      {can('sampling') && <SamplingChart {...props} />}
      {can('warehouse') && <FeedChart {...props} />}
    </div>
  );
}
