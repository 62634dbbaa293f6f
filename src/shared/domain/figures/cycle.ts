import {
  abw as abwOf,
  adg,
  biomassKg,
  doc,
  fcr,
  harvestedCount,
  harvestRevenue,
  populationEstimate,
  producedKg,
  productivityKgHa,
  sizeFromAbw,
  survivalRate,
  survivors,
} from './formulas.ts';
import { samplingsByDay } from './sampling.ts';

/**
 * One stocking's figures from its records, from one input shape (`CycleInputs`): what the
 * cycle overview (server GET /api/overview and the device's mirror), the pond page, the
 * reports (PDF and XLSX) and the figure-consistency test all compute with.
 */
export interface StockFacts {
  stock_date: string;
  seed_actual: number;
  is_harvest: boolean;
}
export interface HarvestFacts {
  harvested_on: string;
  type: string;
  weight_kg: number;
  size: number;
  price_per_kg: number;
}
export interface DeathFacts {
  died_on: string;
  count: number;
}
/** One growth sample: the day and the sample (ABW = weight ÷ count). */
export interface SamplingFacts {
  sampled_on: string;
  sample_weight: number;
  shrimp_count: number;
}

export interface CycleFigures {
  doc: number | null;
  abw: number | null;
  adg: number | null;
  size: number | null;
  population: number;
  sr: number | null;
  biomass_kg: number | null;
  fcr: number | null;
  productivity_kg_ha: number | null;
  stocked: number;
  death_count: number;
  harvested_count: number;
  harvested_kg: number;
  revenue: number;
  /** Day of the latest sampling the ABW comes from, null without one. */
  sampled_on: string | null;
}

export interface CycleInputs {
  stock: StockFacts;
  areaM2: number;
  deaths: readonly DeathFacts[];
  harvests: readonly HarvestFacts[];
  samplings: readonly SamplingFacts[];
  /**
   * Cumulative feed (kg) of the cycle: null until the warehouse domain records feed use
   * (the FCR seam: `CycleFeedSource` on the server, the same argument on the device).
   */
  feedKg: number | null;
  /** The farm's today (YYYY-MM-DD): DOC of an active stocking counts to it. */
  today: string;
}

export function cycleFigures(input: CycleInputs): CycleFigures {
  const { stock } = input;
  let deathCount = 0;
  for (const d of input.deaths) deathCount += d.count;
  let harvestedN = 0;
  let harvestedKg = 0;
  let revenue = 0;
  let totalOn: string | null = null;
  for (const h of input.harvests) {
    harvestedN += harvestedCount(h.weight_kg, h.size);
    harvestedKg += h.weight_kg;
    revenue += harvestRevenue(h.weight_kg, h.price_per_kg);
    if (h.type === 'total') totalOn = h.harvested_on;
  }
  const samples = samplingsByDay(input.samplings);
  const last = samples.at(-1);
  const previous = samples.at(-2);
  const abw = last ? abwOf(last.sample_weight, last.shrimp_count) : null;
  const prevAbw = previous ? abwOf(previous.sample_weight, previous.shrimp_count) : null;
  const harvested = stock.is_harvest;
  // After the total harvest nothing is left in the pond; the figures freeze on its day.
  const population = harvested ? 0 : populationEstimate(stock.seed_actual, deathCount, harvestedN);
  const biomass = harvested ? 0 : biomassKg(population, abw);
  return {
    doc: doc(stock.stock_date, harvested && totalOn ? totalOn : input.today),
    abw,
    adg:
      previous && last
        ? adg({ abw: prevAbw, day: previous.sampled_on }, { abw, day: last.sampled_on })
        : null,
    size: sizeFromAbw(abw),
    population,
    // Shrimp sold alive at a partial harvest survived: SR never drops on the day of a sale.
    sr: survivalRate(survivors(population, harvestedN, harvested), stock.seed_actual),
    biomass_kg: biomass,
    // DOMAIN.md: feed ÷ what the pond produced, in it and taken out (after the total harvest, taken out).
    fcr: fcr(input.feedKg, producedKg(biomass, harvestedKg, harvested)),
    productivity_kg_ha: productivityKgHa(harvestedKg, input.areaM2),
    stocked: stock.seed_actual,
    death_count: deathCount,
    harvested_count: harvestedN,
    harvested_kg: harvestedKg,
    revenue,
    sampled_on: last?.sampled_on ?? null,
  };
}

/** The farm row: the figures of `CycleFigures` over every pond (no sampling day), plus the ponds and their area. */
export interface FarmSummary extends Omit<CycleFigures, 'sampled_on'> {
  ponds: number;
  area_m2: number;
}

/**
 * The farm row: sums of counts and weights; SR = summed survivors (in the ponds and
 * harvested alive) over the summed stock; ABW and ADG weighted
 * by population (ponds without a sampling left out); DOC the mean; productivity over the
 * summed area; FCR over the summed feed and production (null while any is unknown).
 */
export function farmSummary(
  rows: readonly (CycleFigures & { area_m2: number; feed_kg: number | null })[],
): FarmSummary {
  const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((s, r) => s + f(r), 0);
  const sampled = rows.filter((r) => r.abw !== null && r.population > 0);
  const sampledPop = sampled.reduce((s, r) => s + r.population, 0);
  const abw =
    sampledPop > 0 ? sampled.reduce((s, r) => s + (r.abw ?? 0) * r.population, 0) / sampledPop : null;
  const grown = rows.filter((r) => r.adg !== null && r.population > 0);
  const grownPop = grown.reduce((s, r) => s + r.population, 0);
  const docs = rows.filter((r) => r.doc !== null);
  const known = rows.filter((r) => r.biomass_kg !== null);
  const biomass = known.length > 0 ? known.reduce((s, r) => s + (r.biomass_kg ?? 0), 0) : null;
  const area = sum((r) => r.area_m2);
  const stocked = sum((r) => r.stocked);
  const population = sum((r) => r.population);
  const harvestedKg = sum((r) => r.harvested_kg);
  const survived = sum((r) => (r.population > 0 ? r.population : 0) + r.harvested_count);
  // FCR over the ponds whose biomass is known, their feed over their shrimp: a pond not yet
  // sampled has feed but no biomass, and counting its feed alone would raise the farm's FCR.
  const feedKnown = known.length > 0 && known.every((r) => r.feed_kg !== null);
  const knownFeed = known.reduce((s, r) => s + (r.feed_kg ?? 0), 0);
  const knownHarvested = known.reduce((s, r) => s + r.harvested_kg, 0);
  return {
    ponds: rows.length,
    area_m2: area,
    doc: docs.length > 0 ? Math.round(docs.reduce((s, r) => s + (r.doc ?? 0), 0) / docs.length) : null,
    abw,
    adg: grownPop > 0 ? grown.reduce((s, r) => s + (r.adg ?? 0) * r.population, 0) / grownPop : null,
    size: sizeFromAbw(abw),
    population,
    sr: survivalRate(survived, stocked),
    biomass_kg: biomass,
    fcr: feedKnown && biomass !== null ? fcr(knownFeed, biomass + knownHarvested) : null,
    productivity_kg_ha: productivityKgHa(harvestedKg, area),
    stocked,
    death_count: sum((r) => r.death_count),
    harvested_count: sum((r) => r.harvested_count),
    harvested_kg: harvestedKg,
    revenue: sum((r) => r.revenue),
  };
}
