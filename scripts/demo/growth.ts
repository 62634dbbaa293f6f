import type { Rng } from '../lib/prng.ts';
import { daysBetween, type PlannedCycle } from './calendar.ts';

/**
 * The shrimp of one demo cycle, so every generator tells the same story: how many PL were
 * stocked, how they grow (ABW by DOC: 1.8 g at DOC 30, about 7 g at 60, 15 g at 90, 26 g
 * at 120 for an average pond) and how many survive (SR 70–90 % at the end).
 */
export interface CycleStory {
  stocked: number;
  /** Growth factor of this pond and cycle (0.85–1.15). */
  growth: number;
  /** Survival at the last day (0.7–0.9), falling linearly after the first week. */
  survival: number;
  /** Days of culture at the final harvest (or today for a running cycle). */
  lastDoc: number;
}

export function cycleStory(rng: Rng, areaM2: number, cycle: PlannedCycle, today: string): CycleStory {
  const density = rng.int(80, 140);
  return {
    stocked: Math.round((areaM2 * density) / 1000) * 1000,
    growth: 0.85 + rng.float() * 0.3,
    survival: 0.7 + rng.float() * 0.2,
    lastDoc: daysBetween(cycle.start, cycle.end ?? today) + 1,
  };
}

/** Average body weight (g) on a day of culture. */
export function abwAt(story: CycleStory, doc: number): number {
  return 0.0025 * doc ** 1.93 * story.growth;
}

/** Shrimp alive on a day of culture (before harvests). */
export function aliveAt(story: CycleStory, doc: number): number {
  const lost = doc <= 7 ? 0 : ((doc - 7) / Math.max(1, story.lastDoc - 7)) * (1 - story.survival);
  return Math.round(story.stocked * (1 - lost));
}

/** Farm-gate price (Rp/kg) by size (pcs/kg): bigger shrimp fetch more. */
export function pricePerKg(size: number): number {
  const price = 130_000 - size * 900;
  return Math.max(35_000, Math.round(price / 1000) * 1000);
}
