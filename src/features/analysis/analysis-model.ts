import type { StatusAnalysisRow, WaterAnalysisRow } from '#shared/contracts/analysis';
import type { ComparisonSeries, TemplateField } from '#shared/contracts/comparison';
import {
  COMPARISON_MAX_DAYS,
  COMPARISON_MAX_SERIES,
  COMPARISON_RAW_MAX_DAYS,
  PRODUCTION_METRICS,
} from '#shared/domain/analysis';
import { chartRangeDays } from '#shared/domain/chart-range';
import { WATER_FIELDS, type WaterKind } from '#shared/domain/water-fields';

/** How many ponds are complete, partial, missing or empty on the day. */
export function statusSummary(rows: readonly Pick<StatusAnalysisRow, 'status'>[]) {
  const out = { complete: 0, partial: 0, missing: 0, empty: 0 };
  for (const r of rows) out[r.status] += 1;
  return out;
}

export interface WaterGrid {
  /** One column per reading: its time and slot. */
  columns: { time: string; slot: string }[];
  /** One row per parameter measured at least once that day, in the entry form's order. */
  rows: { parameter: string; values: (number | null)[] }[];
}

/** A pond's readings of the day as parameters × readings (narrow enough for a phone). */
export function waterGrid(row: WaterAnalysisRow, kind: WaterKind): WaterGrid {
  const columns = row.readings.map((r) => ({ time: r.time, slot: r.time_of_day }));
  const rows = Object.keys(WATER_FIELDS[kind])
    .map((parameter) => ({ parameter, values: row.readings.map((r) => r.values[parameter] ?? null) }))
    .filter((r) => r.values.some((v) => v !== null));
  return { columns, rows };
}

/** The metrics the comparison offers, water parameters first (option fields excluded). */
export const COMPARISON_METRICS: readonly string[] = [
  'ph',
  'do',
  'temperature',
  'salinity',
  'turbidity',
  'alkalinity',
  'tan',
  'no2',
  'tvc',
  ...PRODUCTION_METRICS,
];

/** Every chosen metric of every chosen pond, pond by pond: the series asked. */
export function seriesOf(ponds: readonly string[], metrics: readonly string[]): TemplateField[] {
  return ponds.flatMap((pond_id) => metrics.map((metric) => ({ pond_id, metric })));
}

export type ComparisonProblem =
  | { kind: 'pick' }
  | { kind: 'tooMany'; count: number; max: number }
  | { kind: 'rangeAfter' }
  | { kind: 'rangeLong'; days: number; max: number };

/** What keeps a comparison from being asked, with the server's own limits. */
export function comparisonProblem(q: {
  from: string;
  to: string;
  merge: boolean;
  series: number;
}): ComparisonProblem | null {
  if (q.series === 0) return { kind: 'pick' };
  if (q.series > COMPARISON_MAX_SERIES)
    return { kind: 'tooMany', count: q.series, max: COMPARISON_MAX_SERIES };
  const days = chartRangeDays(q.from, q.to);
  if (days === null || days < 1) return { kind: 'rangeAfter' };
  const max = q.merge ? COMPARISON_MAX_DAYS : COMPARISON_RAW_MAX_DAYS;
  if (days > max) return { kind: 'rangeLong', days, max };
  return null;
}

/** Farm days and wall-clock times on one UTC axis (the farm's clock, never the device's zone). */
export function axisTime(at: string): number {
  return Date.parse(at.length === 10 ? `${at}T00:00:00Z` : `${at.slice(0, 16)}:00Z`);
}

export interface AxisPoint {
  id: string;
  x: number;
  y: number;
  day: string;
  note?: string;
}

/** A series' points for the time chart: a merged day sits at noon, a reading at its time. */
export function chartPointsOf(series: ComparisonSeries): AxisPoint[] {
  return series.points.map((p, i) => ({
    id: `${series.pond_id}-${series.metric}-${i}`,
    x: p.at.length === 10 ? axisTime(p.at) + 12 * 3_600_000 : axisTime(p.at),
    y: p.value,
    day: p.day,
    note: p.at.length > 10 ? p.at.slice(11, 16) : undefined,
  }));
}

/** The shared time axis of every series: the whole range asked, both days included. */
export function axisDomain(from: string, to: string): [number, number] {
  return [axisTime(from), axisTime(to) + 86_400_000];
}

/** A template's series that still point to a pond of the farm (a deleted pond drops out). */
export function applicableFields(fields: readonly TemplateField[], ponds: readonly string[]) {
  const set = new Set(ponds);
  const kept = fields.filter((f) => set.has(f.pond_id));
  return {
    ponds: [...new Set(kept.map((f) => f.pond_id))],
    metrics: [...new Set(kept.map((f) => f.metric))],
    dropped: fields.length - kept.length,
  };
}
