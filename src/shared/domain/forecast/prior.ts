import { fitGrowth, type GrowthPoint } from './fit.ts';
import { DEFAULT_PRIOR, type GrowthPrior, type Theta } from './growth-model.ts';

/** Finished cycles needed before the farm's own prior replaces the default curve. */
export const MIN_PRIOR_CYCLES = 3;
/** Least samplings a finished cycle needs to teach the prior. */
const MIN_CYCLE_SAMPLINGS = 5;
/** Floors of the farm prior's sd: a few alike cycles must not freeze the curve. */
const SD_FLOOR: Theta = [0.12, 0.06, 0.08];

/** A finished cycle has its whole curve: it is fitted with the default prior's mean but a loose sd. */
const LEARNING_PRIOR = { ...DEFAULT_PRIOR, sd: DEFAULT_PRIOR.sd.map((s) => s * 4) as unknown as Theta };

/**
 * The farm prior: every finished cycle with enough samplings is fitted from the default
 * curve with a loose prior (LEARNING_PRIOR); the prior's mean is the mean of their θ, its sd their spread (widened by the
 * default's where there are few cycles, never below SD_FLOOR). Fewer than
 * MIN_PRIOR_CYCLES usable cycles → the default prior.
 */
export function farmPrior(cycles: readonly (readonly GrowthPoint[])[]): GrowthPrior {
  const thetas = cycles
    .filter((c) => c.filter((p) => p.abw > 0).length >= MIN_CYCLE_SAMPLINGS)
    .map((c) => fitGrowth(c, LEARNING_PRIOR).theta);
  const n = thetas.length;
  if (n < MIN_PRIOR_CYCLES) return DEFAULT_PRIOR;
  const mean = [0, 1, 2].map((j) => thetas.reduce((s, t) => s + (t[j] as number), 0) / n) as unknown as Theta;
  const sd = [0, 1, 2].map((j) => {
    const m = mean[j] as number;
    const variance = thetas.reduce((s, t) => s + ((t[j] as number) - m) ** 2, 0) / (n - 1);
    // Shrink toward the default's sd with few cycles: (n·var + 2·default²)/(n + 2).
    const shrunk = Math.sqrt((n * variance + 2 * (DEFAULT_PRIOR.sd[j] as number) ** 2) / (n + 2));
    return Math.max(SD_FLOOR[j] as number, shrunk);
  }) as unknown as Theta;
  return { mean, sd, source: 'farm', cycles: n };
}
