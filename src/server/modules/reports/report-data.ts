import type { PondForecast } from '#shared/contracts/forecast';
import { abw, adg, type CycleFigures, cycleFigures, sizeFromAbw } from '#shared/domain/figures';
import { compareNames } from '#shared/domain/natural-sort';
import {
  allDayStandards,
  isStandardParameter,
  mergeStandards,
  parameterKind,
  parameterUnit,
} from '#shared/domain/water-standards';
import { farmToday } from '../../kernel/farm-clock.ts';
import type { ReportSources } from './report-sources.ts';
import type { ReportParams } from './reports.repository.ts';

export interface CycleLine extends CycleFigures {
  pond: string;
  block: string;
  area_m2: number;
  stock_date: string;
  feed_kg: number | null;
}
export interface WaterLine {
  pond: string;
  parameter: string;
  unit: string;
  min: number | null;
  max: number | null;
  readings: number;
  average: number | null;
  out_of_standard: number;
}
export interface FeedLine {
  pond: string;
  kg: number;
  /** Integer rupiah as text. */
  value: string;
  days: number;
}
export interface SamplingLine {
  pond: string;
  day: string;
  count: number;
  weight_g: number;
  abw: number | null;
  size: number | null;
  adg: number | null;
}
export interface HarvestLine {
  pond: string;
  day: string;
  type: string;
  weight_kg: number;
  size: number;
  price_per_kg: string;
  revenue: string;
}

/** One target size of a running cycle as the forecast answers it (issue 26, ADR 0060). */
export interface ForecastLine {
  pond: string;
  size: number;
  status: 'ok' | 'reached' | 'beyond';
  date: string | null;
  days_early: number | null;
  days_late: number | null;
  doc: number | null;
  abw: number | null;
  biomass_kg: number | null;
  /** Integer rupiah as text; null without a price. */
  revenue: string | null;
  hpp: string | null;
}

/**
 * The running cycles' forecasts the report's asker may see (the forecast module's answer,
 * injected by the composition root); null when the asker may not read them.
 */
export type ReportForecasts = (userId: string, farmId: string) => Promise<PondForecast[] | null>;

const rupiah = (n: number | null) => (n === null ? null : String(Math.round(n)));

/** The forecast's target sizes of the report's ponds, as lines (ponds in the report's order). */
export function forecastLines(
  forecasts: readonly PondForecast[],
  ponds: readonly { id: string; name: string }[],
) {
  const lines: ForecastLine[] = [];
  for (const pond of ponds) {
    for (const f of forecasts.filter((x) => x.pond_id === pond.id)) {
      for (const t of f.targets) {
        const p = t.status === 'ok' ? t.projection : null;
        lines.push({
          pond: pond.name,
          size: t.size,
          status: t.status,
          date: p?.date ?? null,
          days_early: t.days_early,
          days_late: t.days_late,
          doc: p?.doc ?? null,
          abw: p?.abw ?? null,
          biomass_kg: p?.biomass_kg ?? null,
          revenue: rupiah(p?.revenue ?? null),
          hpp: rupiah(p?.hpp ?? null),
        });
      }
    }
  }
  return lines;
}

/** Everything a report file shows, in the order it shows it. */
export interface ReportData {
  farm: string;
  from: string;
  to: string;
  /** The day the cycle figures are taken on: `to`, or today when `to` is later. */
  asOf: string;
  ponds: string[];
  cycles: CycleLine[];
  water: WaterLine[] | null;
  feed: FeedLine[];
  samplings: SamplingLine[] | null;
  harvests: HarvestLine[] | null;
  finance: { income: string; expenses: string; balance: string; count: number } | null;
  /**
   * The running cycles' growth forecast from today (target sizes' days, ABW, biomass,
   * revenue, projected HPP); null when the period ends before today (the forecast is
   * today's) or the asker may not see it.
   */
  forecast: ForecastLine[] | null;
}

const WATER_TABLES = {
  general: 'water_general',
  chemical: 'water_chemical',
  biological: 'water_biological',
} as const;

/**
 * Reads and computes a report's figures (DOMAIN.md formulas via the shared
 * `cycleFigures`): per stocking in the range DOC, ABW, SR, biomass, FCR, productivity as
 * on `asOf`; water averages and out-of-standard counts; feed, samplings and harvests in
 * the range; finance totals only when the asker could see finance.
 */
export async function readReportData(
  src: ReportSources,
  farm: { id: string; name: string },
  p: ReportParams,
  progress: (n: number) => Promise<void>,
  forecast?: () => Promise<PondForecast[] | null>,
): Promise<ReportData> {
  const today = farmToday();
  const asOf = p.to < today ? p.to : today;
  const ponds = (await src.ponds(farm.id, p.pond_ids)).sort(
    (a, b) => compareNames(a.block_name, b.block_name) || compareNames(a.name, b.name),
  );
  const pondIds = ponds.map((x) => x.id);
  const name = new Map(ponds.map((x) => [x.id, x.name]));
  const order = (a: { pond: string }, b: { pond: string }) => compareNames(a.pond, b.pond);

  const stocks = await src.stocks(pondIds, p.from, asOf);
  const cycleIds = [...new Set(stocks.map((s) => s.cycle_id))];
  const [deaths, harvests, samplings, feedByCycle] = await Promise.all([
    src.deaths(
      stocks.map((s) => s.id),
      asOf,
    ),
    src.harvests(pondIds, p.to),
    src.samplings(cycleIds, p.to),
    src.feedByCycle(cycleIds, asOf),
  ]);
  await progress(30);

  const cycles: CycleLine[] = [];
  for (const pond of ponds) {
    for (const s of stocks.filter((x) => x.pond_id === pond.id)) {
      const own = harvests.filter((h) => h.stock_id === s.id && h.harvested_on <= asOf);
      // A cycle without feed use has 0 kg, as in the overview (`WarehouseUsage.feedKgByCycle`).
      const feedKg = feedByCycle.get(s.cycle_id) ?? 0;
      const figures = cycleFigures({
        // A total harvest after `asOf` has not happened yet on that day.
        stock: { ...s, is_harvest: s.is_harvest && own.some((h) => h.type === 'total') },
        areaM2: pond.area_m2,
        deaths: [{ died_on: asOf, count: deaths.get(s.id) ?? 0 }],
        harvests: own.map((h) => ({ ...h, price_per_kg: Number(h.price_per_kg) })),
        samplings: samplings.filter((x) => x.cycle_id === s.cycle_id && x.sampled_on <= asOf),
        feedKg,
        today: asOf,
      });
      cycles.push({
        pond: pond.name,
        block: pond.block_name,
        area_m2: pond.area_m2,
        stock_date: s.stock_date,
        feed_kg: feedKg,
        ...figures,
      });
    }
  }

  let water: WaterLine[] | null = null;
  if (p.sections.water) {
    const standards = mergeStandards(await src.standards(farm.id)).filter((s) =>
      isStandardParameter(s.parameter),
    );
    water = [];
    for (const [kind, table] of Object.entries(WATER_TABLES)) {
      const own = standards.filter((s) => parameterKind(s.parameter) === kind);
      const rows = await src.water(table, own, pondIds, p.from, p.to);
      for (const r of rows) {
        if (r.readings === 0) continue;
        const standard = own.find((s) => s.parameter === r.parameter && !s.slot);
        water.push({
          pond: name.get(r.pond_id) ?? '',
          parameter: r.parameter,
          unit: parameterUnit(r.parameter),
          min: standard?.min ?? null,
          max: standard?.max ?? null,
          readings: r.readings,
          average: r.average,
          out_of_standard: r.out_of_standard,
        });
      }
    }
    const rank = new Map(allDayStandards(standards).map((s, i) => [s.parameter, i]));
    water.sort((a, b) => order(a, b) || (rank.get(a.parameter) ?? 0) - (rank.get(b.parameter) ?? 0));
  }
  await progress(50);

  const feedMap = await src.feedInRange(pondIds, p.from, p.to);
  const feed: FeedLine[] = ponds
    .filter((x) => feedMap.has(x.id))
    .map((x) => ({ pond: x.name, ...(feedMap.get(x.id) as { kg: number; value: string; days: number }) }));

  let samplingLines: SamplingLine[] | null = null;
  if (p.sections.sampling) {
    samplingLines = [];
    const previous = new Map<string, { day: string; abw: number | null }>();
    for (const s of samplings) {
      const a = abw(s.sample_weight, s.shrimp_count);
      const before = previous.get(s.cycle_id);
      previous.set(s.cycle_id, { day: s.sampled_on, abw: a });
      if (s.sampled_on < p.from) continue;
      samplingLines.push({
        pond: name.get(s.pond_id) ?? '',
        day: s.sampled_on,
        count: s.shrimp_count,
        weight_g: s.sample_weight,
        abw: a,
        size: sizeFromAbw(a),
        adg: before ? adg(before, { abw: a, day: s.sampled_on }) : null,
      });
    }
    samplingLines.sort((a, b) => order(a, b) || a.day.localeCompare(b.day));
  }

  const harvestLines: HarvestLine[] | null = p.sections.harvest
    ? harvests
        .filter((h) => h.harvested_on >= p.from)
        .map((h) => ({
          pond: name.get(h.pond_id) ?? '',
          day: h.harvested_on,
          type: h.type,
          weight_kg: h.weight_kg,
          size: h.size,
          price_per_kg: h.price_per_kg,
          revenue: h.revenue,
        }))
        .sort((a, b) => order(a, b) || a.day.localeCompare(b.day))
    : null;

  let finance: ReportData['finance'] = null;
  if (p.sections.finance) {
    const f = await src.finance(farm.id, p.from, p.to);
    finance = { ...f, balance: (BigInt(f.income) - BigInt(f.expenses)).toString() };
  }
  // The forecast is today's: only a period that reaches today shows it.
  const forecasts = asOf === today && forecast ? await forecast() : null;
  await progress(60);

  return {
    farm: farm.name,
    from: p.from,
    to: p.to,
    asOf,
    ponds: ponds.map((x) => x.name),
    cycles,
    water,
    feed,
    samplings: samplingLines,
    harvests: harvestLines,
    finance,
    forecast: forecasts ? forecastLines(forecasts, ponds) : null,
  };
}
