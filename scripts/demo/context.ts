import type { Rng } from '../lib/prng.ts';
import type { DemoApi } from './api.ts';
import type { PlannedCycle } from './calendar.ts';

export interface DemoPond {
  id: string;
  name: string;
  /** m² */
  area: number;
  cycles: (PlannedCycle & { id: string })[];
}

/**
 * What every generator receives. A domain adds one generator (a function of this) to
 * GENERATORS in scripts/demo-data.ts; it derives its ids with `id(key, at)` and its
 * randomness from `rngFor(name)`, so adding a generator changes nothing the others make.
 */
export interface DemoContext {
  api: DemoApi;
  seed: number;
  farmId: string;
  today: string;
  ponds: DemoPond[];
  id: (key: string, at: Date | number) => string;
  rngFor: (name: string) => Rng;
  log: (line: string) => void;
}

/** One item of a bulk POST. */
export type DemoRow = { id: string } & Record<string, unknown>;
