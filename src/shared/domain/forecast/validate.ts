import { isCalendarDay } from '../calendar.ts';
import { daysBetween, sizeFromAbw } from '../figures/formulas.ts';
import { MAX_DOC } from './growth-model.ts';

/** A refused forecast input: a message key of `src/shared/i18n/messages.ts` and its parameters. */
export interface ForecastProblem {
  field: string;
  key: string;
  params?: Record<string, string | number>;
}

export const SIZE_BOUNDS = { min: 10, max: 1000 } as const;
export const PRICE_BOUNDS = { min: 1, max: 10_000_000 } as const;
export const MAX_TARGETS = 6;
/**
 * How many days ahead a harvest date may be: the growth curve's horizon. Further days
 * mean nothing to a cycle and each one costs the projection a day of feed to add up
 * (`9999-12-31` took seconds and answered 500).
 */
export const HARVEST_DATE_MAX_DAYS = MAX_DOC;

/** A target size (pcs/kg): a whole number in SIZE_BOUNDS, and still ahead of the pond's current size. */
export function sizeProblem(
  size: unknown,
  currentAbw: number | null = null,
  field = 'size',
): ForecastProblem | null {
  if (
    typeof size !== 'number' ||
    !Number.isInteger(size) ||
    size < SIZE_BOUNDS.min ||
    size > SIZE_BOUNDS.max
  ) {
    return { field, key: 'forecast.size-invalid', params: { ...SIZE_BOUNDS } };
  }
  const current = sizeFromAbw(currentAbw);
  // Size counts shrimp per kg: a target at or above the current count is a smaller shrimp, already passed.
  if (current !== null && size >= current) {
    return { field, key: 'forecast.size-reached', params: { size, current: Math.round(current) } };
  }
  return null;
}

/** A price per kg: whole rupiah within PRICE_BOUNDS (a price with decimals is refused, not rounded). */
export function priceProblem(price: unknown, field = 'price_per_kg'): ForecastProblem | null {
  if (typeof price !== 'number' || !Number.isFinite(price))
    return { field, key: 'forecast.price-invalid', params: { ...PRICE_BOUNDS } };
  if (!Number.isInteger(price)) return { field, key: 'forecast.price-decimals' };
  if (price < PRICE_BOUNDS.min || price > PRICE_BOUNDS.max)
    return { field, key: 'forecast.price-invalid', params: { ...PRICE_BOUNDS } };
  return null;
}

/** A harvest date: a real YYYY-MM-DD day, today or later, at most HARVEST_DATE_MAX_DAYS ahead. */
export function dateProblem(date: unknown, today: string, field = 'date'): ForecastProblem | null {
  if (!isCalendarDay(date)) return { field, key: 'forecast.date-invalid' };
  if (date < today) return { field, key: 'forecast.date-past', params: { today } };
  if ((daysBetween(today, date) ?? 0) > HARVEST_DATE_MAX_DAYS)
    return { field, key: 'forecast.date-far', params: { max: HARVEST_DATE_MAX_DAYS } };
  return null;
}

/** A list of target sizes: at most MAX_TARGETS, each valid. */
export function sizesProblem(sizes: readonly unknown[], field = 'sizes'): ForecastProblem | null {
  if (sizes.length > MAX_TARGETS)
    return { field, key: 'forecast.too-many-sizes', params: { max: MAX_TARGETS } };
  for (const s of sizes) {
    const p = sizeProblem(s, null, field);
    if (p) return p;
  }
  return null;
}

/** A price list as a person typed it: each size valid and listed once, each price whole rupiah. */
export function priceListProblems(
  prices: readonly { size: unknown; price_per_kg: unknown }[],
  field = 'prices',
): ForecastProblem[] {
  const out: ForecastProblem[] = [];
  const seen = new Set<unknown>();
  prices.forEach((p, i) => {
    const size = sizeProblem(p.size, null, `${field}.${i}.size`);
    if (size) out.push(size);
    else if (seen.has(p.size))
      out.push({ field: `${field}.${i}.size`, key: 'forecast.size-twice', params: { size: Number(p.size) } });
    seen.add(p.size);
    const price = priceProblem(p.price_per_kg, `${field}.${i}.price_per_kg`);
    if (price) out.push(price);
  });
  return out;
}

/**
 * The farm's target sizes: at most MAX_TARGETS whole sizes in SIZE_BOUNDS, none twice, and,
 * given the current ABW of the farm's running ponds, at least one pond still ahead of each
 * (a size every running pond has passed cannot be planned for).
 */
export function targetSizesProblem(
  sizes: readonly unknown[],
  runningAbws: readonly number[] = [],
  field = 'target_sizes',
): ForecastProblem | null {
  const basic = sizesProblem(sizes, field);
  if (basic) return basic;
  const seen = new Set<unknown>();
  for (const s of sizes) {
    if (seen.has(s)) return { field, key: 'forecast.size-twice', params: { size: Number(s) } };
    seen.add(s);
  }
  if (runningAbws.length > 0) {
    const smallest = Math.min(...runningAbws);
    for (const s of sizes) {
      const p = sizeProblem(s, smallest, field);
      if (p) return p;
    }
  }
  return null;
}
