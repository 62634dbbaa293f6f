/**
 * Limits of the chart endpoints (issue 17, "Bad input"), shared by the server's checks
 * and the client's date picker so both refuse the same ranges.
 */
export const CHART_MAX_DAYS = 366;
export const CHART_MAX_PONDS = 20;
/** The range a chart opens with: the last 30 days, today included. */
export const CHART_DEFAULT_DAYS = 30;

import { isCalendarDay } from './calendar.ts';

const DAY_MS = 86_400_000;

/** Days from `from` to `to`, both included (1 for the same day); null for a malformed day. */
export function chartRangeDays(from: string, to: string): number | null {
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(a) || Number.isNaN(b)) return null;
  return Math.round((b - a) / DAY_MS) + 1;
}

/** The calendar day `days` after (or before, if negative) `day` (YYYY-MM-DD). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** A real calendar day a farm could have records on (a year PostgreSQL and people agree on). */
export function isChartDay(day: string): boolean {
  return isCalendarDay(day);
}

export type ChartRangeProblem = 'from-after-to' | 'range-too-long' | null;

/** What is wrong with a range, if anything (malformed days are the schema's job). */
export function chartRangeProblem(from: string, to: string): ChartRangeProblem {
  const days = chartRangeDays(from, to);
  if (days === null) return null;
  if (days < 1) return 'from-after-to';
  if (days > CHART_MAX_DAYS) return 'range-too-long';
  return null;
}
