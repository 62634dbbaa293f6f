import type { Rng } from '../lib/prng.ts';
import type { DemoApi } from './api.ts';
import type { PlannedCycle } from './calendar.ts';
import type { CycleStory } from './growth.ts';

export type DemoCycle = PlannedCycle & { id: string; story: CycleStory };

export interface DemoPond {
  id: string;
  name: string;
  /** m² */
  area: number;
  cycles: DemoCycle[];
}

/** One pond's cycle in a round: the k-th cycle of every pond that has one. */
export interface RoundCycle {
  pond: DemoPond;
  cycle: DemoCycle;
}

/**
 * A domain's part of the demo. `once` runs first (catalogues, accounts); `round` runs for
 * each round of cycles after the stockings and before the final harvests, so its records
 * land while their cycle is still open, as on a farm.
 */
export interface DemoGenerator {
  name: string;
  once?: (ctx: DemoContext) => Promise<void>;
  round?: (ctx: DemoContext, round: RoundCycle[]) => Promise<void>;
  /** After every round: what depends on the farm as it stands today (running cycles). */
  finish?: (ctx: DemoContext) => Promise<void>;
}

/**
 * What every generator receives. A domain adds one `DemoGenerator` to GENERATORS in
 * scripts/demo/load.ts; it derives its ids with `id(key, at)` and its randomness from
 * `rngFor(name)`, so adding a generator changes nothing the others make.
 */
export interface DemoContext {
  api: DemoApi;
  seed: number;
  farmId: string;
  /** The demo's last day (calendar.ts demoEnd): records of that day exist up to `until`. */
  today: string;
  until: Date;
  /** The latest passed water slot (`lastSlot` on `slotDay`), where the seeded water problems sit. */
  slotDay: string;
  lastSlot: string;
  /** Whether a record at this farm-local day and time has happened by `until`. */
  happened: (day: string, hhmm: string) => boolean;
  ponds: DemoPond[];
  id: (key: string, at: Date | number) => string;
  rngFor: (name: string) => Rng;
  log: (line: string) => void;
}

/** One item of a bulk POST. */
export type DemoRow = { id: string } & Record<string, unknown>;

/** How a round of cycles starts and ends: stockings open them, final harvests close them. */
export interface DemoLifecycle {
  open: (ctx: DemoContext, round: RoundCycle[]) => Promise<void>;
  close: (ctx: DemoContext, round: RoundCycle[]) => Promise<void>;
}
