import { numberMessage, typingLanguage } from '#components/number-field';
import type { Death } from '#shared/contracts/death';
import type { Harvest, HarvestType } from '#shared/contracts/harvest';
import type { Stock } from '#shared/contracts/stock';
import { densityPerM2, harvestedCount, harvestRevenue } from '#shared/domain/figures';
import { readNumber } from '#shared/domain/number-input';
import {
  countProblem,
  populationProblem,
  positiveProblem,
  recordDateProblem,
  stockDateProblem,
  totals,
} from '#shared/domain/production-rules';

/**
 * Pure side of the production forms: parsing what was typed, the same rules the server
 * applies (#shared/domain/production-rules) on the mirror's records, and the record a
 * save writes. Errors are `validation.*` keys of the shared catalog.
 */
export type FormErrors = Record<string, string>;

/** Farms have no time zone setting: the farm's day is WIB, as on the server (farm-clock.ts). */
export function farmDay(now: number = Date.now(), offsetMinutes = 420): string {
  return new Date(now + offsetMinutes * 60_000).toISOString().slice(0, 10);
}

/**
 * What was typed in a number box, read in the screen's language by the one reader
 * (#shared/domain/number-input): empty is undefined, a refused text NaN (its message from
 * `typedProblem`).
 */
export function parseNumber(input: unknown, language: string = typingLanguage()): number | undefined {
  if (typeof input === 'number') return input;
  const read = readNumber(String(input ?? ''), language);
  if ('problem' in read) return Number.NaN;
  return read.value ?? undefined;
}

/** Whole counts, typed with the language's thousands mark ("100.000" in Indonesian). */
export function parseCount(input: unknown, language: string = typingLanguage()): number | undefined {
  return parseNumber(input, language);
}

/** Why the reader refused a typed number, as a form message; undefined when it reads (or is empty). */
export function typedProblem(
  input: unknown,
  language: string = typingLanguage(),
  integer = false,
): string | undefined {
  if (typeof input === 'number') return undefined;
  const read = readNumber(String(input ?? ''), language, { integer });
  return 'problem' in read ? numberMessage(read.problem) : undefined;
}

const key = (problem: string) => `validation.${problem}`;

/** A stocking closed by a total harvest (also one saved on this phone, not yet sent). */
export function isClosed(
  stock: Pick<Stock, 'is_harvest' | 'stock_id'>,
  harvests: readonly Harvest[],
): boolean {
  return stock.is_harvest || harvests.some((h) => h.stock_id === stock.stock_id && h.type === 'total');
}

export interface StockFormValues {
  stock_date: string;
  seed_net: string;
  seed_actual: string;
  seed_source: string;
  pl_age: string;
  bags: string;
}

export function stockErrors(
  v: StockFormValues,
  today: string,
  ctx: { firstRecordDay?: string | null; usedCount?: number } = {},
): FormErrors {
  const errors: FormErrors = {};
  const dateProblem = stockDateProblem(v.stock_date, today);
  if (!v.stock_date) errors.stock_date = key('required');
  else if (dateProblem) errors.stock_date = key(dateProblem);
  else if (ctx.firstRecordDay && v.stock_date > ctx.firstRecordDay)
    errors.stock_date = key('stock-after-records');
  for (const field of ['seed_net', 'seed_actual'] as const) {
    const n = parseCount(v[field]);
    const typed = typedProblem(v[field], typingLanguage(), true);
    if (typed) errors[field] = typed;
    else if (n === undefined) errors[field] = key('required');
    else {
      const problem = countProblem(n);
      if (problem) errors[field] = key(problem);
    }
  }
  const actual = parseCount(v.seed_actual);
  if (!errors.seed_actual && actual !== undefined && (ctx.usedCount ?? 0) > actual)
    errors.seed_actual = key('population-below-zero');
  const age = parseCount(v.pl_age);
  const ageTyped = typedProblem(v.pl_age, typingLanguage(), true);
  if (ageTyped) errors.pl_age = ageTyped;
  else if (age !== undefined && (!Number.isInteger(age) || age < 1 || age > 60))
    errors.pl_age = 'validation.invalid';
  const bags = parseCount(v.bags);
  const bagsTyped = typedProblem(v.bags, typingLanguage(), true);
  if (bagsTyped) errors.bags = bagsTyped;
  else if (bags !== undefined && (!Number.isInteger(bags) || bags < 0)) errors.bags = 'validation.invalid';
  if (v.seed_source.length > 100) errors.seed_source = 'validation.invalid';
  return errors;
}

export function stockFields(v: StockFormValues) {
  const optional = (text: string) => parseCount(text) ?? null;
  return {
    stock_date: v.stock_date,
    seed_net: parseCount(v.seed_net) ?? 0,
    seed_actual: parseCount(v.seed_actual) ?? 0,
    seed_source: v.seed_source.trim() || null,
    pl_age: optional(v.pl_age),
    bags: optional(v.bags),
  };
}

export function stockDensity(seedText: string, areaM2: number): number | null {
  const n = parseCount(seedText);
  return n === undefined || Number.isNaN(n) ? null : densityPerM2(n, areaM2);
}

/** What the population rule sees: the stocking and its live records, with one swapped in. */
export interface StockContext {
  stock: Pick<Stock, 'stock_id' | 'stock_date' | 'seed_actual'>;
  deaths: readonly Pick<Death, 'death_id' | 'count'>[];
  harvests: readonly Pick<Harvest, 'harvest_id' | 'weight_kg' | 'size'>[];
  today: string;
}

/** Population estimate (stocked − dead − harvested), leaving out the record being edited. */
export function remainingPopulation(ctx: StockContext, exceptId?: string): number {
  const { deaths, harvested } = totals({
    stocked: ctx.stock.seed_actual,
    deaths: ctx.deaths.filter((d) => d.death_id !== exceptId),
    harvests: ctx.harvests.filter((h) => h.harvest_id !== exceptId),
  });
  return ctx.stock.seed_actual - deaths - harvested;
}

export interface HarvestFormValues {
  harvested_on: string;
  type: HarvestType;
  weight_kg: string;
  size: string;
  price_per_kg: string;
}

export function harvestErrors(v: HarvestFormValues, ctx: StockContext, editingId?: string): FormErrors {
  const errors: FormErrors = {};
  const dateProblem = recordDateProblem(v.harvested_on, ctx.stock.stock_date, ctx.today);
  if (!v.harvested_on) errors.harvested_on = key('required');
  else if (dateProblem) errors.harvested_on = key(dateProblem);
  for (const field of ['weight_kg', 'size'] as const) {
    const n = parseNumber(v[field]);
    const typed = typedProblem(v[field]);
    if (typed) errors[field] = typed;
    else if (n === undefined) errors[field] = key('required');
    else if (positiveProblem(n)) errors[field] = key('positive');
  }
  const price = parseCount(v.price_per_kg);
  const priceTyped = typedProblem(v.price_per_kg, typingLanguage(), true);
  if (priceTyped) errors.price_per_kg = priceTyped;
  else if (price === undefined) errors.price_per_kg = key('required');
  else if (Number.isNaN(price) || !Number.isInteger(price) || price < 0) errors.price_per_kg = key('integer');
  if (!errors.weight_kg && !errors.size) {
    const harvests = ctx.harvests.filter((h) => h.harvest_id !== editingId);
    const problem = populationProblem({
      stocked: ctx.stock.seed_actual,
      deaths: ctx.deaths,
      harvests: [...harvests, { weight_kg: parseNumber(v.weight_kg) ?? 0, size: parseNumber(v.size) ?? 0 }],
    });
    if (problem) errors.weight_kg = key(problem);
  }
  return errors;
}

export function harvestFields(v: HarvestFormValues) {
  const weight = parseNumber(v.weight_kg) ?? 0;
  const size = parseNumber(v.size) ?? 0;
  const price = parseCount(v.price_per_kg) ?? 0;
  return {
    harvested_on: v.harvested_on,
    type: v.type,
    weight_kg: weight,
    size,
    price_per_kg: price,
    // Shown at once on the phone; the server recomputes and its answer replaces them.
    revenue: harvestRevenue(weight, price),
    harvested_count: harvestedCount(weight, size),
  };
}

export interface DeathFormValues {
  died_on: string;
  count: string;
  total_weight_kg: string;
}

export function deathErrors(v: DeathFormValues, ctx: StockContext, editingId?: string): FormErrors {
  const errors: FormErrors = {};
  const dateProblem = recordDateProblem(v.died_on, ctx.stock.stock_date, ctx.today);
  if (!v.died_on) errors.died_on = key('required');
  else if (dateProblem) errors.died_on = key(dateProblem);
  const count = parseCount(v.count);
  const countTyped = typedProblem(v.count, typingLanguage(), true);
  if (countTyped) errors.count = countTyped;
  else if (count === undefined) errors.count = key('required');
  else {
    const problem = countProblem(count);
    if (problem) errors.count = key(problem);
    else {
      const deaths = ctx.deaths.filter((d) => d.death_id !== editingId);
      const population = populationProblem({
        stocked: ctx.stock.seed_actual,
        deaths: [...deaths, { count }],
        harvests: ctx.harvests,
      });
      if (population) errors.count = key(population);
    }
  }
  const weight = parseNumber(v.total_weight_kg);
  const weightTyped = typedProblem(v.total_weight_kg);
  if (weightTyped) errors.total_weight_kg = weightTyped;
  else if (weight !== undefined && (Number.isNaN(weight) || positiveProblem(weight)))
    errors.total_weight_kg = key('positive');
  return errors;
}

export function deathFields(v: DeathFormValues) {
  const weight = parseNumber(v.total_weight_kg);
  return { died_on: v.died_on, count: parseCount(v.count) ?? 0, total_weight_kg: weight ?? null };
}

/** Only the fields whose value changed: an edit sends those alone (ADR 0002). */
export function changedFields<T extends Record<string, unknown>>(before: Partial<T>, after: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [field, value] of Object.entries(after) as [keyof T, T[keyof T]][])
    if (before[field] !== value) out[field] = value;
  return out;
}
