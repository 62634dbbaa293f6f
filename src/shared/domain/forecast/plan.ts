import {
  DEFAULT_FEED_PROGRAMME,
  DEFAULT_FR_TABLE,
  type FeedProgramme,
  type FrPoint,
  recommendedRation,
} from '../feeding.ts';
import { type CycleFigures, type CycleInputs, cycleFigures } from '../figures/cycle.ts';
import { abw as abwOf, biomassKg, daysBetween, doc as docOf, sizeFromAbw } from '../figures/formulas.ts';
import { hppPerKg } from '../figures/money.ts';
import { samplingsByDay } from '../figures/sampling.ts';
import {
  abwAt,
  abwBand,
  type BandPoint,
  docReaching,
  FIT_SETTINGS,
  fitGrowth,
  type GrowthFit,
  type GrowthPoint,
} from './fit.ts';
import type { GrowthPrior } from './growth-model.ts';
import { type PriceList, priceForSize } from './price-list.ts';

/** Target sizes (pcs/kg) a farm plans with when it set none. */
export const DEFAULT_TARGET_SIZES = [100, 70, 50] as const;
/** Days the chart's projection reaches past today. */
export const PROJECTION_DAYS = 45;
/** Days of recorded deaths the deaths trend is taken over. */
export const DEATH_TREND_DAYS = 14;

export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export interface ForecastInput extends CycleInputs {
  prior: GrowthPrior;
  /** The farm's target sizes (pcs/kg). */
  targets?: readonly number[];
  prices?: PriceList | null;
  /** Costs booked to the cycle so far (Rp), null when finance is unknown. */
  costToDate?: number | null;
  /** Feed price (Rp/kg) for the feed still needed; null leaves it out of the cost. */
  feedPricePerKg?: number | null;
  programme?: FeedProgramme;
  frTable?: readonly FrPoint[];
}

/** What a harvest on a day gives (a target size's day, or a chosen day). */
export interface HarvestProjection {
  date: string;
  doc: number;
  abw: number;
  abw_low: number;
  abw_high: number;
  size: number | null;
  population: number;
  biomass_kg: number | null;
  /** Feed still needed from today to that day (kg, programme ration on the projected curve). */
  feed_kg: number;
  price_per_kg: number | null;
  revenue: number | null;
  /** Cost to date + feed still needed × feed price (Rp), null without finance. */
  cost: number | null;
  /** Projected HPP, Rp/kg over what the cycle harvested and would harvest. */
  hpp: number | null;
}

export interface TargetAnswer {
  size: number;
  target_abw: number;
  /** 'ok': a day is forecast; 'reached': the pond is already at or past it; 'beyond': not by DOC 250. */
  status: 'ok' | 'reached' | 'beyond';
  /** Days from today: forecast, earliest and latest of the band. */
  days: number | null;
  days_early: number | null;
  days_late: number | null;
  /** What a harvest gives on the forecast day ('ok') or today ('reached'); null when 'beyond'. */
  projection: HarvestProjection | null;
}

export interface CycleForecast {
  basis: GrowthFit['basis'];
  prior_source: GrowthPrior['source'];
  samplings: number;
  now: CycleFigures;
  /** Today's DOC. */
  doc: number;
  /** The projection after the last sampling (or from today without one): one point a day. */
  curve: (BandPoint & { date: string })[];
  targets: TargetAnswer[];
  fit: GrowthFit;
}

/** What the days a target size is reached need: the stocking, its samplings, the farm prior, today, the sizes. */
export type TargetInput = Pick<ForecastInput, 'stock' | 'samplings' | 'prior' | 'today' | 'targets'>;

/** A target size's answer without what a harvest on its day gives. */
export type TargetDays = Omit<TargetAnswer, 'projection'>;

interface Growth {
  input: TargetInput;
  fit: GrowthFit;
  /** Today's DOC. */
  docToday: number;
}

interface Context extends Growth {
  input: ForecastInput;
  now: CycleFigures;
  /** Deaths a day per shrimp alive (exponential trend). */
  mortality: number;
  /** Feed (kg) from today to i days on, filled as far as a projection asks (`feedUntil`). */
  feedSums: number[];
}

/** Feed still needed (kg) from today to `ahead` days on: the programme's ration on the projected curve, day by day. */
function feedUntil(c: Context, ahead: number): number {
  const { input, fit, now, docToday, feedSums } = c;
  const programme = input.programme ?? DEFAULT_FEED_PROGRAMME;
  const table = input.frTable ?? DEFAULT_FR_TABLE;
  for (let d = feedSums.length; d <= ahead; d++) {
    const ration = recommendedRation(
      {
        doc: docToday + d,
        population: now.population * Math.exp(-c.mortality * d),
        abw: abwAt(fit, docToday + d),
        anco: null,
      },
      programme,
      table,
    );
    feedSums.push((feedSums[d - 1] as number) + (ration.daily_kg ?? 0));
  }
  return feedSums[ahead] as number;
}

/**
 * The cycle's samplings as growth points (DOC, ABW), one a day (`samplingsByDay`: two samples
 * of a day are one sampling); those without an ABW, or before the grow-out's first DOC
 * (`FIT_SETTINGS.firstDoc`, the post-larvae weighed at stocking), left out.
 */
function growthPoints(input: TargetInput): GrowthPoint[] {
  return samplingsByDay(input.samplings)
    .map((s) => ({
      doc: docOf(input.stock.stock_date, s.sampled_on) ?? 0,
      abw: abwOf(s.sample_weight, s.shrimp_count) ?? 0,
    }))
    .filter((p) => p.doc >= FIT_SETTINGS.firstDoc && p.abw > 0);
}

function growth(input: TargetInput, points = growthPoints(input)): Growth {
  const docToday = docOf(input.stock.stock_date, input.today) ?? 1;
  return { input, fit: fitGrowth(points, input.prior, input.stock.stock_date), docToday };
}

function context(input: ForecastInput): Context {
  const now = cycleFigures(input);
  const { fit, docToday } = growth(input);
  let recent = 0;
  for (const d of input.deaths) {
    const ago = daysBetween(d.died_on, input.today);
    if (ago !== null && ago >= 0 && ago < DEATH_TREND_DAYS) recent += d.count;
  }
  const span = Math.min(DEATH_TREND_DAYS, docToday);
  const mortality = now.population > 0 && span > 0 ? recent / span / now.population : 0;
  return { input, fit, now, docToday, mortality, feedSums: [0] };
}

/** The shrimp a projection counts: ABW with its band and the population. */
interface Stand {
  band: { abw: number; low: number; high: number };
  population: number;
}

/** What the pond holds now, as the cycle's figures count it (its latest sampling), or null without one. */
function standNow(c: Context): Stand | null {
  const { abw, population } = c.now;
  return abw === null ? null : { band: { abw, low: abw, high: abw }, population };
}

function project(c: Context, date: string, stand?: Stand): HarvestProjection {
  const { input, fit, now, docToday } = c;
  const ahead = Math.max(0, daysBetween(input.today, date) ?? 0);
  const doc = docToday + ahead;
  const band = stand?.band ?? abwBand(fit, doc);
  const population =
    stand?.population ?? Math.max(0, Math.round(now.population * Math.exp(-c.mortality * ahead)));
  const biomass = biomassKg(population, band.abw);
  const feed = feedUntil(c, ahead);
  const size = sizeFromAbw(band.abw);
  const price = priceForSize(input.prices ?? null, size);
  const revenue = price !== null && biomass !== null ? Math.round(biomass * price) : null;
  const cost =
    input.costToDate === null || input.costToDate === undefined
      ? null
      : Math.round(input.costToDate + (input.feedPricePerKg ? feed * input.feedPricePerKg : 0));
  const hpp = cost === null || biomass === null ? null : hppPerKg(BigInt(cost), biomass + now.harvested_kg);
  return {
    date,
    doc,
    abw: band.abw,
    abw_low: band.low,
    abw_high: band.high,
    size,
    population,
    biomass_kg: biomass,
    feed_kg: Math.round(feed * 1000) / 1000,
    price_per_kg: price,
    revenue,
    cost,
    hpp: hpp === null ? null : Number(hpp),
  };
}

function targetDays(g: Growth, size: number): TargetDays {
  const targetAbw = 1000 / size;
  const current = g.fit.basis === 'fit' || g.fit.samplings > 0 ? abwBand(g.fit, g.docToday).abw : null;
  const none = { days: null, days_early: null, days_late: null };
  if (current !== null && current >= targetAbw)
    return { size, target_abw: targetAbw, status: 'reached', ...none };
  const reach = docReaching(g.fit, targetAbw, g.docToday);
  if (reach.doc === null) return { size, target_abw: targetAbw, status: 'beyond', ...none };
  return {
    size,
    target_abw: targetAbw,
    status: 'ok',
    days: reach.doc - g.docToday,
    days_early: reach.early === null ? null : reach.early - g.docToday,
    days_late: reach.late === null ? null : reach.late - g.docToday,
  };
}

/**
 * A size's answer with what a harvest then gives: on its forecast day, or, for a pond already
 * past the size (harvestable now, so the manager's plan counts it), today with what the pond
 * holds as its figures count it, the same kg as the cycle overview's (ADR 0127).
 */
function target(c: Context, size: number): TargetAnswer {
  const t = targetDays(c, size);
  if (t.status === 'reached')
    return { ...t, projection: project(c, c.input.today, standNow(c) ?? undefined) };
  return { ...t, projection: t.days === null ? null : project(c, addDays(c.input.today, t.days)) };
}

/** The target sizes, largest first (the smallest shrimp, reached first). */
const sizesOf = (input: TargetInput) => [...(input.targets ?? DEFAULT_TARGET_SIZES)].sort((a, b) => b - a);

/**
 * A running cycle's forecast: the fitted curve (prior alone with fewer than two
 * samplings), the projection with its band from the last sampling to PROJECTION_DAYS past
 * today, and for each target size the day it is reached and what a harvest then gives.
 */
export function forecastCycle(input: ForecastInput): CycleForecast {
  const c = context(input);
  const startDoc = Math.min(c.fit.lastDoc ?? c.docToday, c.docToday);
  const curve: CycleForecast['curve'] = [];
  const day = new Date(`${addDays(input.stock.stock_date, startDoc - 1)}T00:00:00Z`);
  for (let d = startDoc; d <= c.docToday + PROJECTION_DAYS; d++) {
    curve.push({ ...abwBand(c.fit, d), date: day.toISOString().slice(0, 10) });
    day.setUTCDate(day.getUTCDate() + 1);
  }
  const sizes = sizesOf(input);
  return {
    basis: c.fit.basis,
    prior_source: c.fit.prior.source,
    samplings: c.fit.samplings,
    now: c.now,
    doc: c.docToday,
    curve,
    targets: sizes.map((s) => target(c, s)),
    fit: c.fit,
  };
}

/** What a harvest on a chosen day (today or later) gives. */
export function harvestOn(input: ForecastInput, date: string): HarvestProjection {
  return project(context(input), date);
}

/**
 * The days each target size is reached of a cycle fitted to its own samplings (the same
 * `targets` as `forecastCycle`, without what a harvest then gives, the curve or the
 * figures): the attention board's question. Null for a cycle forecast from the prior alone
 * (fewer than FIT_SETTINGS.minSamplings samplings), left unfitted.
 */
export function fittedTargets(input: TargetInput): TargetDays[] | null {
  const points = growthPoints(input);
  const usable = points.filter((p) => Number.isFinite(p.doc) && Number.isFinite(p.abw));
  if (usable.length < FIT_SETTINGS.minSamplings) return null;
  const g = growth(input, points);
  return sizesOf(input).map((s) => targetDays(g, s));
}
