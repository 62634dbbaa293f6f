import { daysOfCulture } from './doc.ts';

/**
 * The figures a shrimp farm is run by (shared/design/DOMAIN.md), as pure functions both
 * the server (GET /api/overview) and the device (the offline overview) compute with.
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

/** ADG (g/day) = (ABW₂ − ABW₁) ÷ days between the two samplings (dates YYYY-MM-DD). */
export function adg(
  first: { abw: number | null; day: string } | null | undefined,
  second: { abw: number | null; day: string } | null | undefined,
): number | null {
  if (!first || !second) return null;
  const a = measured(first.abw);
  const b = measured(second.abw);
  if (a === null || b === null) return null;
  const days = (Date.parse(`${second.day}T00:00:00Z`) - Date.parse(`${first.day}T00:00:00Z`)) / 86_400_000;
  if (!Number.isFinite(days) || days <= 0) return null;
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
 * SR (%) = population (or, after the total harvest, the harvested count) ÷ stocked × 100.
 * Capped at 100: a figure above it is a data error the validators refuse (`srProblem`).
 */
export function survivalRate(survivors: number | null, stocked: number): number | null {
  if (survivors === null || !Number.isFinite(survivors) || !(stocked > 0)) return null;
  return Math.min(100, Math.max(0, (survivors / stocked) * 100));
}

/** Biomass (kg) = population × ABW (g) ÷ 1000. */
export function biomassKg(population: number | null, abwG: number | null): number | null {
  const a = measured(abwG);
  if (population === null || a === null || a <= 0 || population < 0) return null;
  return (population * a) / 1000;
}

/** FCR = cumulative feed (kg) ÷ biomass (kg); null without feed data or biomass. */
export function fcr(feedKg: number | null | undefined, biomass: number | null): number | null {
  const feed = measured(feedKg);
  if (feed === null || feed <= 0 || biomass === null || biomass <= 0) return null;
  return feed / biomass;
}

/** Productivity (kg/ha) = harvested kg ÷ pond area in ha (area is m²). */
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
