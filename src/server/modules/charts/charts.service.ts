import type {
  ChartQuery,
  FeedChartSeries,
  SamplingChartSeries,
  UsagePriceChartSeries,
  WaterChartQuery,
  WaterChartSeries,
} from '#shared/contracts/charts';
import {
  CHART_MAX_DAYS,
  CHART_MAX_PONDS,
  chartRangeDays,
  chartRangeProblem,
  isChartDay,
} from '#shared/domain/chart-range';
import { samplingFigures } from '#shared/domain/figures';
import { compareNames } from '#shared/domain/natural-sort';
import { ACTION, type Feature } from '#shared/domain/permissions';
import { mergeStandards, parameterKind, parameterUnit } from '#shared/domain/water-standards';
import { AppError } from '../../errors.ts';
import type { FarmAccess } from '../../kernel/farm-access.ts';
import { FARM_UTC_OFFSET_MINUTES, farmDayStart } from '../../kernel/farm-clock.ts';
import { groupBy } from '../../kernel/group-by.ts';
import { visiblePondIds } from '../../kernel/visible-ponds.ts';
import type { ChartPond, ChartsRepository, FeedRow } from './charts.repository.ts';

export interface ChartsDeps {
  charts: ChartsRepository;
  access: FarmAccess;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 86_400_000;

interface Scope {
  farmId: string;
  ponds: ChartPond[];
  from: string;
  to: string;
  /** The database clock when the membership was read (the answer's `server_time`). */
  serverTime: string;
}

export interface ChartAnswer<T> {
  items: T[];
  server_time: string;
}

const invalid = (
  field: string,
  key: string,
  params?: Record<string, string | number>,
  code = 'validation-failed',
) => new AppError(code as 'validation-failed', { [field]: [{ key, params }] });

/** The comma list of pond ids, trimmed and without repeats; a malformed id is unknown. */
function parsePondList(raw: string): string[] {
  const ids = [...new Set(raw.split(',').map((s) => s.trim().toLowerCase()))].filter((s) => s !== '');
  if (ids.length === 0) throw invalid('ponds', 'chart.ponds-or-farm');
  if (ids.length > CHART_MAX_PONDS) {
    throw invalid(
      'ponds',
      'chart.too-many-ponds',
      { count: ids.length, max: CHART_MAX_PONDS },
      'chart-too-many-ponds',
    );
  }
  if (ids.some((id) => !UUID.test(id)))
    throw new AppError('not-found', { ponds: [{ key: 'chart.pond-unknown' }] });
  return ids;
}

const round3 = (text: string) => Math.round(Number(text) * 1000) / 1000;

/**
 * The chart endpoints (seed 000 §7 "Charts"): series per pond over farm days. Every call
 * checks the range, then the feature level on the farm, then each pond: one pond the
 * caller may not see refuses the whole call.
 */
export class ChartsService {
  constructor(private readonly d: ChartsDeps) {}

  /** Range, ponds and permission of one call; throws before reading any series. */
  async scope(userId: string, q: ChartQuery, feature: Feature): Promise<Scope> {
    for (const field of ['from', 'to'] as const) {
      if (!isChartDay(q[field])) throw invalid(field, 'validation.date');
    }
    const problem = chartRangeProblem(q.from, q.to);
    if (problem === 'from-after-to') {
      throw invalid('to', 'chart.from-after-to', { from: q.from, to: q.to }, 'chart-range-invalid');
    }
    if (problem === 'range-too-long') {
      const days = chartRangeDays(q.from, q.to) ?? 0;
      throw invalid('to', 'chart.range-too-long', { days, max: CHART_MAX_DAYS }, 'chart-range-too-long');
    }
    if (!q.ponds && !q.farm_id) throw invalid('ponds', 'chart.ponds-or-farm');
    const requested = q.ponds !== undefined ? parsePondList(q.ponds) : null;
    const unknown = () => new AppError('not-found', { ponds: [{ key: 'chart.pond-unknown' }] });

    let ponds: ChartPond[];
    let farmId: string;
    if (requested) {
      ponds = await this.d.charts.ponds(requested);
      if (ponds.length !== requested.length) throw unknown();
      farmId = q.farm_id ?? ponds[0].farm_id;
      if (ponds.some((p) => p.farm_id !== farmId)) {
        // A pond of a farm the caller may not see must look unknown, not "of another farm".
        for (const p of ponds)
          await this.d.access.membership(userId, p.farm_id).catch(() => Promise.reject(unknown()));
        throw invalid('ponds', 'chart.ponds-one-farm');
      }
    } else {
      farmId = q.farm_id as string;
      ponds = [];
    }
    const m = await this.d.access.require(userId, farmId, feature, ACTION.view);
    if (requested) {
      const allowed = (p: ChartPond) =>
        this.d.access.canSeePond(m, p.id) && this.d.access.pondAction(m, feature, p.id) >= ACTION.view;
      if (!ponds.every(allowed)) throw unknown();
      const order = new Map(requested.map((id, i) => [id, i]));
      ponds.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    } else {
      const visible = visiblePondIds(this.d.access, m, feature);
      ponds = (await this.d.charts.farmPonds(farmId))
        .filter((p) => visible === null || visible.includes(p.id))
        .sort((a, b) => compareNames(a.name, b.name));
      if (ponds.length > CHART_MAX_PONDS) {
        throw invalid(
          'farm_id',
          'chart.too-many-ponds',
          { count: ponds.length, max: CHART_MAX_PONDS },
          'chart-too-many-ponds',
        );
      }
    }
    return { farmId, ponds, from: q.from, to: q.to, serverTime: m.readAt };
  }

  async water(userId: string, q: WaterChartQuery): Promise<ChartAnswer<WaterChartSeries>> {
    const kind = parameterKind(q.parameter);
    if (!kind) throw invalid('parameter', 'chart.parameter-unknown');
    const s = await this.scope(userId, q, 'water_quality');
    if (s.ponds.length === 0) return { items: [], server_time: s.serverTime };
    const stored = await this.d.charts.standard(s.farmId, q.parameter);
    const standard = mergeStandards(
      stored ? [{ parameter: q.parameter, min: num(stored.min), max: num(stored.max) }] : [],
    ).find((x) => x.parameter === q.parameter && !x.slot);
    const start = farmDayStart(s.from, FARM_UTC_OFFSET_MINUTES);
    const before = new Date(farmDayStart(s.to, FARM_UTC_OFFSET_MINUTES).getTime() + DAY_MS);
    const rows = await this.d.charts.waterPoints(
      kind,
      q.parameter,
      s.ponds.map((p) => p.id),
      start,
      before,
    );
    const byPond = groupBy(rows, (r) => r.pond_id);
    const items = s.ponds.map((p) => ({
      pond_id: p.id,
      pond_name: p.name,
      parameter: q.parameter,
      unit: parameterUnit(q.parameter),
      standard_min: standard?.min ?? null,
      standard_max: standard?.max ?? null,
      points: (byPond.get(p.id) ?? []).map((r) => {
        const measured_at = `${r.local}${offsetText(r.utc_offset)}`;
        return {
          day: r.local.slice(0, 10),
          time_of_day: r.time_of_day,
          measured_at,
          value: Number(r.value),
        };
      }),
    }));
    return { items, server_time: s.serverTime };
  }

  async sampling(userId: string, q: ChartQuery): Promise<ChartAnswer<SamplingChartSeries>> {
    const s = await this.scope(userId, q, 'sampling');
    if (s.ponds.length === 0) return { items: [], server_time: s.serverTime };
    const rows = await this.d.charts.samplings(
      s.ponds.map((p) => p.id),
      s.from,
      s.to,
    );
    const byPond = groupBy(rows, (r) => r.pond_id);
    const items = s.ponds.map((p) => ({
      pond_id: p.id,
      pond_name: p.name,
      points: (byPond.get(p.id) ?? []).map((r) => {
        const previous =
          r.prev_day !== null && r.prev_count !== null && r.prev_weight !== null
            ? { day: r.prev_day, shrimp_count: r.prev_count, sample_weight: Number(r.prev_weight) }
            : null;
        const f = samplingFigures(
          { day: r.day, shrimp_count: r.shrimp_count, sample_weight: Number(r.sample_weight) },
          previous,
        );
        return { day: r.day, sampling_id: r.id, cycle_id: r.cycle_id, abw: f.abw, adg: f.adg, size: f.size };
      }),
    }));
    return { items, server_time: s.serverTime };
  }

  /** Feed per use time (`daily` false) or per day, each point with its cycle's running total. */
  async feed(userId: string, q: ChartQuery, daily: boolean): Promise<ChartAnswer<FeedChartSeries>> {
    const s = await this.scope(userId, q, 'warehouse');
    if (s.ponds.length === 0) return { items: [], server_time: s.serverTime };
    const pondIds = s.ponds.map((p) => p.id);
    const rows = await this.d.charts.feed(pondIds, s.from, s.to, daily);
    const cycleIds = [...new Set(rows.map((r) => r.cycle_id).filter((c): c is string => c !== null))];
    const before = await this.d.charts.feedBefore(pondIds, cycleIds, s.from);
    const startOf = new Map(before.map((b) => [`${b.pond_id}|${b.cycle_id}`, Number(b.kg)]));
    const byPond = groupBy(rows, (r) => r.pond_id);
    const items = s.ponds.map((p) => {
      const running = new Map<string, number>();
      let total = 0;
      const points = (byPond.get(p.id) ?? []).map((r: FeedRow) => {
        const key = `${p.id}|${r.cycle_id ?? ''}`;
        const kg = Number(r.kg);
        const sum = (running.get(key) ?? startOf.get(key) ?? 0) + kg;
        running.set(key, sum);
        total += kg;
        return {
          day: r.day,
          time: r.time,
          cycle_id: r.cycle_id,
          kg: round3(r.kg),
          cumulative_kg: round3(String(sum)),
        };
      });
      return {
        pond_id: p.id,
        pond_name: p.name,
        unit: 'kg' as const,
        total_kg: round3(String(total)),
        points,
      };
    });
    return { items, server_time: s.serverTime };
  }

  async usagePrice(userId: string, q: ChartQuery): Promise<ChartAnswer<UsagePriceChartSeries>> {
    const s = await this.scope(userId, q, 'warehouse');
    if (s.ponds.length === 0) return { items: [], server_time: s.serverTime };
    const rows = await this.d.charts.usagePrice(
      s.ponds.map((p) => p.id),
      s.from,
      s.to,
    );
    const byPond = groupBy(rows, (r) => r.pond_id);
    const items = s.ponds.map((p) => {
      const points = (byPond.get(p.id) ?? []).map((r) => ({ day: r.day, value: r.value }));
      // BigInt: a year of daily sums may pass 2^53 rupiah (ADR 0017).
      const total = points.reduce((acc, x) => acc + BigInt(x.value), 0n);
      return { pond_id: p.id, pond_name: p.name, total: total.toString(), points };
    });
    return { items, server_time: s.serverTime };
  }
}

/** "+07:00" for 420 minutes, as water/measured-at.ts writes offsets. */
function offsetText(minutes: number): string {
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  return `${minutes < 0 ? '-' : '+'}${hh}:${String(abs % 60).padStart(2, '0')}`;
}

function num(text: string | null): number | null {
  return text === null ? null : Number(text);
}
