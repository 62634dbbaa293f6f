/**
 * The signs a growth sample counts (seed 000 §3 "Sampling") and the largest values one
 * sample may name, without the API schemas (src/shared/contracts/sampling.ts re-exports
 * them): the sync runtime reads them at start-up, and TypeBox stays out of that download.
 */
export const SAMPLING_SIGNS = ['hollow', 'molting', 'pale', 'undersize', 'red_leg', 'red_tail'] as const;
export type SamplingSign = (typeof SAMPLING_SIGNS)[number];

/** Largest shrimp count and sample weight (g) one sample may name: far above a real cast net. */
export const SAMPLING_MAX_COUNT = 100_000;
export const SAMPLING_MAX_WEIGHT = 1_000_000;
