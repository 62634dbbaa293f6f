/**
 * The growth figures of one sampling (shared/design/DOMAIN.md), shown live in the entry
 * form and in lists. Pure and small on purpose: the production-metrics module (DOC, SR,
 * biomass, FCR …) builds on the same definitions. A figure that cannot be computed
 * (nothing entered, zero or negative, no earlier sampling) is null, shown as "–", never 0.
 */

const positive = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

/** ABW (g) = sample weight (g) ÷ shrimp counted in the sample. */
export function averageBodyWeight(
  sampleWeight: number | null | undefined,
  shrimpCount: number | null | undefined,
): number | null {
  if (!positive(sampleWeight) || !positive(shrimpCount)) return null;
  return sampleWeight / shrimpCount;
}

/** Size (shrimp per kg) = 1000 ÷ ABW. */
export function sizePerKg(abw: number | null | undefined): number | null {
  return positive(abw) ? 1000 / abw : null;
}

/** Whole days from one calendar day (YYYY-MM-DD) to another; null for a malformed day. */
export function daysBetween(from: string, to: string): number | null {
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(a) || Number.isNaN(b)) return null;
  return Math.round((b - a) / 86_400_000);
}

/**
 * ADG (g/day) = (ABW₂ − ABW₁) ÷ days between the two samplings. null without an earlier
 * sampling, with either ABW missing, or when the earlier one is not earlier (same day or
 * after). Negative when the shrimp got lighter: shown as measured, not hidden.
 */
export function averageDailyGain(
  previous: { abw: number | null; day: string } | null | undefined,
  current: { abw: number | null; day: string },
): number | null {
  if (!previous || !positive(previous.abw) || !positive(current.abw)) return null;
  const days = daysBetween(previous.day, current.day);
  if (days === null || days <= 0) return null;
  return (current.abw - previous.abw) / days;
}

export interface SamplingFigures {
  abw: number | null;
  size: number | null;
  adg: number | null;
}

/** ABW, size and ADG of a sampling against the cycle's previous one (any may be null). */
export function samplingFigures(
  sample: { sample_weight: number | null | undefined; shrimp_count: number | null | undefined; day: string },
  previous?: { sample_weight: number; shrimp_count: number; day: string } | null,
): SamplingFigures {
  const abw = averageBodyWeight(sample.sample_weight, sample.shrimp_count);
  const prevAbw = previous ? averageBodyWeight(previous.sample_weight, previous.shrimp_count) : null;
  return {
    abw,
    size: sizePerKg(abw),
    adg: previous ? averageDailyGain({ abw: prevAbw, day: previous.day }, { abw, day: sample.day }) : null,
  };
}
