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

/**
 * A cycle's samplings one per day (ADR 0129): two samples weighed the same day (two casts
 * of the net) are one sampling of all the shrimp counted, Σ weight ÷ Σ count, whatever
 * order they were entered in; a sample that cannot give an ABW (nothing entered, -99) is
 * left out of its day's pool, and a day with none keeps its first so its ABW reads "–".
 * Sorted by day. Every figure that reads "the latest sampling" (the overview, the forecast,
 * the comparison, the charts) reads it through here, so they agree.
 */
export function samplingsByDay<S extends { sampled_on: string; sample_weight: number; shrimp_count: number }>(
  samplings: readonly S[],
): S[] {
  const days = new Map<string, S>();
  for (const s of samplings) {
    const held = days.get(s.sampled_on);
    if (!held || abw(held.sample_weight, held.shrimp_count) === null) {
      days.set(s.sampled_on, s);
      continue;
    }
    if (abw(s.sample_weight, s.shrimp_count) === null) continue;
    days.set(s.sampled_on, {
      ...held,
      sample_weight: held.sample_weight + s.sample_weight,
      shrimp_count: held.shrimp_count + s.shrimp_count,
    });
  }
  return [...days.values()].sort((a, b) => a.sampled_on.localeCompare(b.sampled_on));
}

/** A new ABW this much below the pond's previous one is most likely a typing or counting slip. */
export const ABW_DROP_WARN = 0.1;

/**
 * How many per cent (rounded) `abw` lies below the pond's `previous` ABW, when it is more
 * than ABW_DROP_WARN below; otherwise null. Shrimp do not shrink between two samplings, so
 * the sampling card says so before the save and the attention board after it (neither
 * refuses it: a partial harvest of the biggest shrimp can lower it).
 */
export function abwDrop(abw: number | null, previous: number | null): number | null {
  if (abw === null || previous === null || !(previous > 0) || !(abw >= 0)) return null;
  const drop = 1 - abw / previous;
  return drop > ABW_DROP_WARN ? Math.round(drop * 100) : null;
}
