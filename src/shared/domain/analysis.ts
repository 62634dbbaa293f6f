import type { Feature } from './permissions.ts';
import { parameterKind } from './water-standards.ts';

/**
 * Limits and pure maths of the farm analysis and comparison endpoints (issue 17 points 3
 * and 4), shared by the server's checks and the screens so both refuse the same requests.
 *
 * - Analysis reads one farm day (`start_date`) for every pond the caller may see: a farm
 *   view, so up to ANALYSIS_MAX_PONDS ponds (more than the chart's 20).
 * - `/farm/product/weekly` reads the 7 days ending `start_date`.
 * - Comparison reads a range of at most COMPARISON_MAX_DAYS days and at most
 *   COMPARISON_MAX_SERIES (pond, metric) series: more would not be readable on one axis.
 */
export const ANALYSIS_MAX_PONDS = 100;
export const WEEK_DAYS = 7;
export const COMPARISON_MAX_DAYS = 366;
export const COMPARISON_MAX_SERIES = 8;
/** Type 0 (every reading its own point) is limited to a shorter range: its points are many. */
export const COMPARISON_RAW_MAX_DAYS = 92;
export const TEMPLATE_NAME_MAX = 60;
export const TEMPLATES_MAX_PER_FARM = 50;

/** Metrics a comparison can draw besides the water-quality parameters. */
export const PRODUCTION_METRICS = ['feed', 'abw', 'adg', 'size', 'death'] as const;
export type ProductionMetric = (typeof PRODUCTION_METRICS)[number];

export const PRODUCTION_METRIC_UNITS: Record<ProductionMetric, string> = {
  feed: 'kg',
  abw: 'g',
  adg: 'g/day',
  size: 'pcs/kg',
  death: 'pcs',
};

/** Quantities (feed, deaths) add up over a day; readings and sampling figures average. */
export function isQuantityMetric(metric: string): boolean {
  return metric === 'feed' || metric === 'death';
}

export interface ComparisonPoint {
  /** The farm day (YYYY-MM-DD). */
  day: string;
  /** The instant or time of the point: a day for type 1, the reading's time for type 0. */
  at: string;
  value: number;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Type 1 merges the points of the same day (seed 000 §5): quantities are summed, readings
 * and figures averaged; the answer is one point a day, oldest first, rounded to 3 decimals.
 */
export function mergeSameDay(points: readonly ComparisonPoint[], quantity: boolean): ComparisonPoint[] {
  const byDay = new Map<string, { sum: number; n: number }>();
  for (const p of points) {
    if (!Number.isFinite(p.value)) continue;
    const acc = byDay.get(p.day) ?? { sum: 0, n: 0 };
    acc.sum += p.value;
    acc.n += 1;
    byDay.set(p.day, acc);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([day, { sum, n }]) => ({ day, at: day, value: round3(quantity ? sum : sum / n) }));
}

/** One series of a comparison: "pondId:metric". */
export interface SeriesKey {
  pondId: string;
  metric: string;
}

/** Parses "pond:metric,pond:metric" (no repeats); null when a part is malformed. */
export function parseSeriesList(raw: string): SeriesKey[] | null {
  const seen = new Set<string>();
  const out: SeriesKey[] = [];
  for (const part of raw.split(',').map((s) => s.trim())) {
    if (part === '') continue;
    const [pondId, metric, ...rest] = part.split(':');
    if (rest.length > 0 || !pondId || !metric) return null;
    const key = `${pondId.toLowerCase()}:${metric}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ pondId: pondId.toLowerCase(), metric });
  }
  return out;
}

export type PondDayStatus = 'complete' | 'partial' | 'missing' | 'empty';

/**
 * A pond's status of a day (farm status by date): `empty` without a running cycle,
 * `complete` when the three water slots, a feed use and an anco check are in, `missing`
 * when none is, `partial` otherwise.
 */
export function pondDayStatus(input: {
  hasCycle: boolean;
  waterSlots: number;
  feedKg: number;
  ancoChecks: number;
}): PondDayStatus {
  if (!input.hasCycle) return 'empty';
  const parts = [input.waterSlots >= 3, input.feedKg > 0, input.ancoChecks > 0];
  if (parts.every(Boolean)) return 'complete';
  if (input.waterSlots === 0 && input.feedKg <= 0 && input.ancoChecks === 0) return 'missing';
  return 'partial';
}

/** Whether `metric` names something a comparison can draw: a production metric or a measured water parameter. */
export function isComparisonMetric(metric: string): boolean {
  return (PRODUCTION_METRICS as readonly string[]).includes(metric) || parameterKind(metric) !== undefined;
}

/** The permission feature that guards a comparison metric (whose pond-level view it needs). */
export function metricFeature(metric: string): Feature {
  if (metric === 'feed') return 'warehouse';
  if (metric === 'death') return 'death';
  if (metric === 'abw' || metric === 'adg' || metric === 'size') return 'sampling';
  return 'water_quality';
}
