import { abw, adg, sizeFromAbw } from './formulas.ts';

/**
 * The growth figures of one sampling (shared/design/DOMAIN.md), shown live in the entry
 * form, in lists, the analysis and the charts: ABW, size and ADG from the formulas of
 * `formulas.ts`. A figure that cannot be computed (nothing entered, zero or negative, -99,
 * no earlier sampling) is null, shown as "–", never 0.
 */
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
  const a = abw(sample.sample_weight, sample.shrimp_count);
  return {
    abw: a,
    size: sizeFromAbw(a),
    adg: previous
      ? adg(
          { abw: abw(previous.sample_weight, previous.shrimp_count), day: previous.day },
          { abw: a, day: sample.day },
        )
      : null,
  };
}
