import { isCalendarDay } from './calendar.ts';
import { harvestedCount } from './figures/formulas.ts';

/**
 * Kinds of harvest (seed 000 §3); a `total` harvest closes the stocking and its cycle.
 * Here, not in the API contracts, so that the harvest form does not load TypeBox to list them.
 */
export const HARVEST_TYPES = ['partial', 'molting', 'defective', 'hollow', 'others', 'total'] as const;
export type HarvestType = (typeof HARVEST_TYPES)[number];

/**
 * The rules of production records (issue 14 "Bad input"), shared by the entry forms and
 * the server so both refuse the same things with the same message keys
 * (`validation.<problem>` in src/shared/i18n/messages.ts).
 */
export type RecordProblem =
  | 'date'
  | 'before-stocking'
  | 'future'
  | 'positive'
  | 'integer'
  | 'population-below-zero'
  | 'sr-above-100'
  | 'after-total-harvest';

/** A record's day: a real date, not before the stocking, not after the farm's today. */
export function recordDateProblem(day: string, stockDate: string, today: string): RecordProblem | null {
  if (!isCalendarDay(day)) return 'date';
  if (day > today) return 'future';
  if (day < stockDate) return 'before-stocking';
  return null;
}

/** A stocking date: real, not in the future. */
export function stockDateProblem(day: string, today: string): RecordProblem | null {
  if (!isCalendarDay(day)) return 'date';
  return day > today ? 'future' : null;
}

/** Weights, sizes, prices: a finite number above zero. */
export function positiveProblem(value: unknown): RecordProblem | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? null : 'positive';
}

/** Counts of shrimp: whole and above zero. */
export function countProblem(value: unknown): RecordProblem | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'positive';
  if (!Number.isInteger(value)) return 'integer';
  return value > 0 ? null : 'positive';
}

/** What the population figures of one stocking are made of. */
export interface PopulationParts {
  stocked: number;
  deaths: readonly { count: number }[];
  harvests: readonly { weight_kg: number; size: number }[];
}

export function totals(parts: PopulationParts): { deaths: number; harvested: number } {
  let deaths = 0;
  let harvested = 0;
  for (const d of parts.deaths) deaths += d.count;
  for (const h of parts.harvests) harvested += harvestedCount(h.weight_kg, h.size);
  return { deaths, harvested };
}

/**
 * More shrimp dead or harvested than stocked: the population would go below zero (and
 * SR above 100 %). Checked on every create and on every edit against the whole stocking,
 * so an edit that makes later figures impossible is refused too.
 */
export function populationProblem(parts: PopulationParts): RecordProblem | null {
  const { deaths, harvested } = totals(parts);
  return deaths + harvested > parts.stocked ? 'population-below-zero' : null;
}

/** SR above 100 % can only come from bad data. */
export function srProblem(sr: number | null): RecordProblem | null {
  return sr !== null && sr > 100 ? 'sr-above-100' : null;
}
