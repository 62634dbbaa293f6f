import { daysOfCulture } from '../doc.ts';

export { daysOfCulture };

/**
 * The formulas a shrimp farm is run by (shared/design/DOMAIN.md), as pure functions every
 * figure of the app is computed with (through `#shared/domain/figures`): the server's
 * overview, analysis, comparison, charts, finance statistics and reports, and the device's
 * offline screens.
 * Every function answers `null` for "unknown" (nothing measured, nothing to divide by),
 * never NaN or Infinity: screens print null as "–". The API's "not measured" sentinel
 * -99 counts as unknown wherever a measured value comes in.
 */
export const NOT_MEASURED = -99;

/** A measured value, or null when absent, -99, or not a finite number. */
export function measured(value: number | null | undefined): number | null {
  if (value === null || value === undefined || value === NOT_MEASURED) return null;
  return Number.isFinite(value) ? value : null;
}

/** DOC: day difference between stocking and `onDate`, plus one; null for a bad date. */
export function doc(stockDate: string, onDate: string): number | null {
  try {
    return daysOfCulture(stockDate, onDate);
  } catch {
    return null;
  }
}

/** ABW (g) = sample weight (g) ÷ shrimp counted. */
export function abw(sampleWeightG: number | null | undefined, shrimpCount: number | null | undefined) {
  const weight = measured(sampleWeightG);
  const count = measured(shrimpCount);
  if (weight === null || count === null || weight <= 0 || count <= 0) return null;
  return weight / count;
}

/** Size (pcs/kg) = 1000 ÷ ABW. */
export function sizeFromAbw(abwG: number | null | undefined): number | null {
  const value = measured(abwG);
  return value === null || value <= 0 ? null : 1000 / value;
}

/** Whole days from one calendar day (YYYY-MM-DD) to another; null for a malformed day. */
export function daysBetween(from: string, to: string): number | null {
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(a) || Number.isNaN(b)) return null;
  return Math.round((b - a) / 86_400_000);
}

/**
 * ADG (g/day) = (ABW₂ − ABW₁) ÷ days between the two samplings (dates YYYY-MM-DD); null
 * without either ABW or when the first is not earlier. Negative when the shrimp got lighter.
 */
export function adg(
  first: { abw: number | null; day: string } | null | undefined,
  second: { abw: number | null; day: string } | null | undefined,
): number | null {
  if (!first || !second) return null;
  const a = measured(first.abw);
  const b = measured(second.abw);
  if (a === null || b === null) return null;
  const days = daysBetween(first.day, second.day);
  if (days === null || days <= 0) return null;
  return (b - a) / days;
}

/** Shrimp taken out by a harvest: weight (kg) × size (pcs/kg), rounded to whole shrimp. */
export function harvestedCount(weightKg: number, sizePcsKg: number): number {
  const w = measured(weightKg);
  const s = measured(sizePcsKg);
  if (w === null || s === null || w <= 0 || s <= 0) return 0;
  return Math.round(w * s);
}

/** Revenue (Rp, integer) = round(weight kg × price per kg). */
export function harvestRevenue(weightKg: number, pricePerKg: number): number {
  const w = measured(weightKg);
  const p = measured(pricePerKg);
  if (w === null || p === null || w <= 0 || p <= 0) return 0;
  return Math.round(w * p);
}

/** Population estimate = stocked PL − recorded deaths − harvested count. */
export function populationEstimate(stocked: number, deaths: number, harvested: number): number {
  return stocked - deaths - harvested;
}

/**
 * SR (%) = survivors ÷ stocked × 100, where survivors are the shrimp in the pond plus those
 * already harvested alive (`survivors()`). Capped at 100: a figure above it is a data
 * error the validators refuse (`srProblem`).
 */
export function survivalRate(survivors: number | null, stocked: number): number | null {
  if (survivors === null || !Number.isFinite(survivors) || !(stocked > 0)) return null;
  return Math.min(100, Math.max(0, (survivors / stocked) * 100));
}

/**
 * Shrimp that survived: those still in the pond plus those harvested alive (a partial
 * harvest does not lower SR); after the total harvest, only the harvested count.
 */
export function survivors(population: number, harvestedN: number, totalHarvestDone: boolean): number {
  return totalHarvestDone ? harvestedN : Math.max(0, population) + harvestedN;
}

/** Biomass (kg) = population × ABW (g) ÷ 1000. */
export function biomassKg(population: number | null, abwG: number | null): number | null {
  const a = measured(abwG);
  if (population === null || a === null || a <= 0 || population < 0) return null;
  return (population * a) / 1000;
}

/**
 * FCR = cumulative feed (kg) ÷ produced kg, where produced is the biomass in the pond plus
 * the kg already harvested (after the total harvest, the harvested kg alone: `producedKg`).
 * null without feed data or anything produced.
 */
export function fcr(feedKg: number | null | undefined, produced: number | null): number | null {
  const feed = measured(feedKg);
  if (feed === null || feed <= 0 || produced === null || produced <= 0) return null;
  return feed / produced;
}

/** What FCR divides by: biomass in the pond + kg harvested; after the total harvest, harvested kg. */
export function producedKg(biomass: number | null, harvestedKg: number, totalHarvestDone: boolean) {
  if (totalHarvestDone) return harvestedKg > 0 ? harvestedKg : null;
  return biomass === null ? null : biomass + harvestedKg;
}

/**
 * Feed used, in kg, of a warehouse quantity: Kg as is, Gram ÷ 1000; any other unit is not
 * a weight and counts nothing (null). The server sums the same way in SQL (`WarehouseUsage`).
 */
export function feedKg(qty: number, unit: string): number | null {
  const q = measured(qty);
  if (q === null) return null;
  if (unit === 'Kg') return q;
  if (unit === 'Gram') return q / 1000;
  return null;
}

/** Productivity of one cycle (kg/ha/cycle) = the cycle's harvested kg ÷ pond area in ha (area is m²). */
export function productivityKgHa(harvestedKg: number, areaM2: number | null | undefined): number | null {
  const area = measured(areaM2);
  if (area === null || area <= 0 || !Number.isFinite(harvestedKg)) return null;
  return harvestedKg / (area / 10_000);
}

/** Stocking density (PL per m²). */
export function densityPerM2(seedCount: number, areaM2: number | null | undefined): number | null {
  const area = measured(areaM2);
  if (area === null || area <= 0 || !(seedCount > 0)) return null;
  return seedCount / area;
}
