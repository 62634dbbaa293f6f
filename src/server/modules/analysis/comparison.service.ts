import type {
  ComparisonQuery,
  ComparisonSeries,
  MultipleComparisonQuery,
} from '#shared/contracts/comparison';
import {
  COMPARISON_MAX_DAYS,
  COMPARISON_MAX_SERIES,
  COMPARISON_RAW_MAX_DAYS,
  type ComparisonPoint,
  isComparisonMetric,
  isQuantityMetric,
  mergeSameDay,
  metricFeature,
  PRODUCTION_METRIC_UNITS,
  type ProductionMetric,
  parseSeriesList,
  type SeriesKey,
} from '#shared/domain/analysis';
import { chartRangeDays, isChartDay } from '#shared/domain/chart-range';
import { samplingFigures } from '#shared/domain/figures';
import { ACTION } from '#shared/domain/permissions';
import { asSlot, mergeStandards, parameterKind, parameterUnit } from '#shared/domain/water-standards';
import { AppError } from '../../errors.ts';
import type { FarmAccess } from '../../kernel/farm-access.ts';
import { FARM_UTC_OFFSET_MINUTES, farmDayStart } from '../../kernel/farm-clock.ts';
import type { ChartPond, ChartsRepository } from '../charts/public.ts';
import type { AnalysisRepository } from './analysis.repository.ts';
import { invalid } from './pond-scope.ts';

export interface ComparisonDeps {
  analysis: AnalysisRepository;
  charts: ChartsRepository;
  access: FarmAccess;
}

const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const round3 = (n: number) => Math.round(n * 1000) / 1000;

const splitList = (raw: string) => [...new Set(raw.split(',').map((s) => s.trim()))].filter((s) => s !== '');

/**
 * Comparison (issue 17 point 4): every series is one metric of one pond over the same
 * range; type 1 merges the same day (seed 000 §5), type 0 keeps each reading or use.
 * Checks in order: days, range, series (count, metric, pond), then permissions.
 */
export class ComparisonService {
  constructor(private readonly d: ComparisonDeps) {}

  /** `/farm/comparison`: ponds × metrics. */
  async compare(userId: string, q: ComparisonQuery) {
    const ponds = splitList(q.ponds);
    const metrics = splitList(q.metrics);
    if (ponds.length === 0) throw invalid('ponds', 'chart.ponds-or-farm');
    if (metrics.length === 0) throw invalid('metrics', 'analysis.metric-unknown', { metric: '' });
    const count = ponds.length * metrics.length;
    if (count > COMPARISON_MAX_SERIES) {
      throw invalid(
        'metrics',
        'analysis.too-many-series',
        { count, max: COMPARISON_MAX_SERIES },
        'comparison-too-many-series',
      );
    }
    const series = ponds.flatMap((pondId) =>
      metrics.map((metric) => ({ pondId: pondId.toLowerCase(), metric })),
    );
    return this.read(userId, q, series, 'metrics');
  }

  /** `/multipleComparison`: explicit "pond:metric" series. */
  async multiple(userId: string, q: MultipleComparisonQuery) {
    const series = parseSeriesList(q.series);
    if (series === null || series.length === 0) throw invalid('series', 'analysis.series-malformed');
    if (series.length > COMPARISON_MAX_SERIES) {
      throw invalid(
        'series',
        'analysis.too-many-series',
        { count: series.length, max: COMPARISON_MAX_SERIES },
        'comparison-too-many-series',
      );
    }
    return this.read(userId, q, series, 'series');
  }

  private async read(
    userId: string,
    q: { farm_id: string; from: string; to: string; type?: '0' | '1' },
    series: SeriesKey[],
    field: string,
  ): Promise<{ items: ComparisonSeries[]; server_time: string }> {
    for (const f of ['from', 'to'] as const) if (!isChartDay(q[f])) throw invalid(f, 'validation.date');
    const days = chartRangeDays(q.from, q.to) ?? 0;
    if (days < 1)
      throw invalid('to', 'chart.from-after-to', { from: q.from, to: q.to }, 'chart-range-invalid');
    const merged = q.type !== '0';
    const max = merged ? COMPARISON_MAX_DAYS : COMPARISON_RAW_MAX_DAYS;
    if (days > max) throw invalid('to', 'chart.range-too-long', { days, max }, 'chart-range-too-long');
    for (const s of series) {
      if (!isComparisonMetric(s.metric))
        throw invalid(field, 'analysis.metric-unknown', { metric: s.metric });
    }
    const unknown = () => new AppError('not-found', { ponds: [{ key: 'chart.pond-unknown' }] });
    if (series.some((s) => !UUID.test(s.pondId))) throw unknown();

    const m = await this.d.access.membership(userId, q.farm_id);
    for (const feature of new Set(series.map((s) => metricFeature(s.metric)))) {
      this.d.access.check(m, feature, ACTION.view);
    }
    const pondIds = [...new Set(series.map((s) => s.pondId))];
    const ponds = await this.d.charts.ponds(pondIds);
    const byId = new Map(ponds.map((p) => [p.id, p]));
    for (const s of series) {
      const p = byId.get(s.pondId);
      if (
        !p ||
        p.farm_id !== q.farm_id ||
        !this.d.access.canSeePond(m, p.id) ||
        this.d.access.pondAction(m, metricFeature(s.metric), p.id) < ACTION.view
      ) {
        throw unknown();
      }
    }
    const stored = await this.d.analysis.standards(q.farm_id);
    const standards = mergeStandards(
      stored.map((x) => ({
        parameter: x.parameter,
        slot: asSlot(x.slot),
        min: x.min === null ? null : Number(x.min),
        max: x.max === null ? null : Number(x.max),
      })),
    );
    const items = await Promise.all(
      series.map(async (s): Promise<ComparisonSeries> => {
        const pond = byId.get(s.pondId) as ChartPond;
        const raw = await this.points(s, q.from, q.to);
        const points = merged ? mergeSameDay(raw, isQuantityMetric(s.metric)) : raw;
        const st = standards.find((x) => x.parameter === s.metric && !x.slot);
        return {
          pond_id: pond.id,
          pond_name: pond.name,
          metric: s.metric,
          unit:
            s.metric in PRODUCTION_METRIC_UNITS
              ? PRODUCTION_METRIC_UNITS[s.metric as ProductionMetric]
              : parameterUnit(s.metric),
          standard_min: st?.min ?? null,
          standard_max: st?.max ?? null,
          points,
        };
      }),
    );
    return { items, server_time: m.readAt };
  }

  /** One series' raw points (one a reading, use time, sampling or death record), oldest first. */
  private async points(s: SeriesKey, from: string, to: string): Promise<ComparisonPoint[]> {
    const pond = [s.pondId];
    if (s.metric === 'feed') {
      const rows = await this.d.charts.feed(pond, from, to, false);
      return rows.map((r) => ({
        day: r.day,
        at: r.time ? `${r.day}T${r.time}` : r.day,
        value: round3(Number(r.kg)),
      }));
    }
    if (s.metric === 'death') {
      const rows = await this.d.analysis.deathsPerDay(pond, from, to);
      return rows.map((r) => ({ day: r.day, at: r.day, value: Number(r.n) }));
    }
    if (s.metric === 'abw' || s.metric === 'adg' || s.metric === 'size') {
      const rows = await this.d.charts.samplings(pond, from, to);
      const out: ComparisonPoint[] = [];
      for (const r of rows) {
        const previous =
          r.prev_day !== null && r.prev_count !== null && r.prev_weight !== null
            ? { day: r.prev_day, shrimp_count: r.prev_count, sample_weight: Number(r.prev_weight) }
            : null;
        const f = samplingFigures(
          { day: r.day, shrimp_count: r.shrimp_count, sample_weight: Number(r.sample_weight) },
          previous,
        );
        const value = f[s.metric];
        if (value !== null) out.push({ day: r.day, at: r.day, value: round3(value) });
      }
      return out;
    }
    const kind = parameterKind(s.metric);
    if (!kind) return [];
    const start = farmDayStart(from, FARM_UTC_OFFSET_MINUTES);
    const before = new Date(farmDayStart(to, FARM_UTC_OFFSET_MINUTES).getTime() + DAY_MS);
    const rows = await this.d.charts.waterPoints(kind, s.metric, pond, start, before);
    return rows.map((r) => ({ day: r.local.slice(0, 10), at: r.local.slice(0, 16), value: Number(r.value) }));
  }
}
