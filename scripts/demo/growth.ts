import type { Rng } from '../lib/prng.ts';
import { daysBetween, type PlannedCycle } from './calendar.ts';

/**
 * The shrimp of one demo cycle, so every generator tells the same story: how many PL were
 * stocked, how they grow (ABW by DOC: 1.8 g at DOC 30, about 7 g at 60, 15 g at 90, 26 g
 * at 120 for an average pond) and how many survive: SR 70–90 % at the final harvest, half
 * of the losses in the first two weeks after stocking (as PL settle), the rest spread
 * evenly until the harvest, so a running pond past DOC 15 stands between 70 and 95 %.
 */
export interface CycleStory {
  stocked: number;
  /** Growth factor of this pond and cycle (0.85–1.15). */
  growth: number;
  /** Survival at the final harvest (0.7–0.9). */
  survival: number;
  /** Days of culture at the final harvest (planned, for a running cycle). */
  harvestDoc: number;
  /** Days of culture on the last day with records: the final harvest, or today for a running cycle. */
  lastDoc: number;
}

export function cycleStory(rng: Rng, areaM2: number, cycle: PlannedCycle, today: string): CycleStory {
  const density = rng.int(80, 140);
  return {
    stocked: Math.round((areaM2 * density) / 1000) * 1000,
    growth: 0.85 + rng.float() * 0.3,
    survival: 0.7 + rng.float() * 0.2,
    harvestDoc: cycle.harvestDoc,
    lastDoc: daysBetween(cycle.start, cycle.end ?? today) + 1,
  };
}

/** Average body weight (g) on a day of culture. */
export function abwAt(story: CycleStory, doc: number): number {
  return 0.0025 * doc ** 1.93 * story.growth;
}

/** Share of the stocked shrimp lost by a day of culture (before harvests). */
export function lostShare(story: CycleStory, doc: number): number {
  const early = Math.min(1, doc / 14);
  const later = Math.max(0, (doc - 14) / Math.max(1, story.harvestDoc - 14));
  return (1 - story.survival) * (0.5 * early + 0.5 * Math.min(1, later));
}

/** Shrimp alive on a day of culture (before harvests). */
export function aliveAt(story: CycleStory, doc: number): number {
  return Math.round(story.stocked * (1 - lostShare(story, doc)));
}

/** Farm-gate prices of vannamei in East Java (Rp/kg) by size (pcs/kg), 2025–2026. */
const PRICE_BY_SIZE: [number, number][] = [
  [20, 112_000],
  [30, 96_000],
  [40, 84_000],
  [50, 72_000],
  [60, 65_000],
  [70, 60_000],
  [80, 56_000],
  [100, 48_000],
  [150, 38_000],
  [250, 32_000],
];

/** Farm-gate price (Rp/kg) by size (pcs/kg): bigger shrimp fetch more; rounded to Rp 500. */
export function pricePerKg(size: number): number {
  const [first] = PRICE_BY_SIZE[0] as [number, number];
  if (size <= first) return (PRICE_BY_SIZE[0] as [number, number])[1];
  for (let i = 1; i < PRICE_BY_SIZE.length; i++) {
    const [s1, p1] = PRICE_BY_SIZE[i] as [number, number];
    const [s0, p0] = PRICE_BY_SIZE[i - 1] as [number, number];
    if (size <= s1) return Math.round((p0 + ((size - s0) / (s1 - s0)) * (p1 - p0)) / 500) * 500;
  }
  return (PRICE_BY_SIZE.at(-1) as [number, number])[1];
}
