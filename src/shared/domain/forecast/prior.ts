import { fitGrowth, type GrowthPoint } from './fit.ts';
import {
  type Cov2,
  DEFAULT_PRIOR,
  DEFAULT_SPREAD,
  type GrowthPrior,
  MAX_DOC,
  type Theta,
} from './growth-model.ts';

/** Finished cycles needed before the farm's own prior replaces the default curve. */
export const MIN_PRIOR_CYCLES = 3;
/** Least samplings a finished cycle needs to teach the prior. */
const MIN_CYCLE_SAMPLINGS = 5;
/** Cycles whose sampling intervals must cover a day for the farm's own rate on that day. */
const MIN_COVER = 3;
/** Days at each end of the covered span the default curve's rate is scaled on. */
const EDGE_DAYS = 7;
/** Floors of the farm prior's sd (level, pace): a few alike cycles must not freeze the curve. */
const SD_FLOOR: Theta = [0.1, 0.05];
/** Default-prior pseudo-cycles the farm's spread is shrunk toward: (n·S + 2·D)/(n + 2). */
const SHRINK = 2;

/** Daily growth rate in ln ABW of the default curve. */
const defaultRate = (d: number) =>
  (DEFAULT_PRIOR.curve[d + 1] as number) - (DEFAULT_PRIOR.curve[d] as number);

/**
 * The farm's growth curve in ln ABW by DOC: on each day, the mean daily growth in ln ABW
 * of the farm's finished cycles whose sampling intervals span that day (Δ ln ABW / Δ days
 * between consecutive samplings; a pond's size cancels out, only its pace counts). Days
 * covered by fewer than MIN_COVER cycles (before the first samplings, after the longest
 * cycles) take the default curve's rate, scaled to meet the farm's at the edge.
 */
export function farmCurve(cycles: readonly (readonly GrowthPoint[])[]): number[] {
  const sum = new Array<number>(MAX_DOC).fill(0);
  const n = new Array<number>(MAX_DOC).fill(0);
  for (const c of cycles) {
    const pts = c.filter((p) => p.doc > 0 && p.abw > 0).sort((a, b) => a.doc - b.doc);
    for (let i = 1; i < pts.length; i++) {
      const a = pts[i - 1] as GrowthPoint;
      const b = pts[i] as GrowthPoint;
      if (b.doc <= a.doc) continue;
      const r = (Math.log(b.abw) - Math.log(a.abw)) / (b.doc - a.doc);
      for (let d = Math.floor(a.doc); d < Math.min(MAX_DOC, Math.floor(b.doc)); d++) {
        sum[d] = (sum[d] as number) + r;
        n[d] = (n[d] as number) + 1;
      }
    }
  }
  const covered = (d: number) => (n[d] as number) >= MIN_COVER;
  let first = 0;
  while (first < MAX_DOC && !covered(first)) first++;
  let last = MAX_DOC - 1;
  while (last >= 0 && !covered(last)) last--;
  const rate = new Array<number>(MAX_DOC).fill(0);
  if (first > last) return [...DEFAULT_PRIOR.curve];
  for (let d = first; d <= last; d++)
    rate[d] = covered(d) ? (sum[d] as number) / (n[d] as number) : (rate[d - 1] as number);
  const edgeRatio = (from: number, to: number) => {
    let farm = 0;
    let def = 0;
    for (let d = from; d <= to; d++) {
      farm += rate[d] as number;
      def += defaultRate(d);
    }
    return def > 0 && farm > 0 ? farm / def : 1;
  };
  const head = edgeRatio(first, Math.min(last, first + EDGE_DAYS - 1));
  const tail = edgeRatio(Math.max(first, last - EDGE_DAYS + 1), last);
  for (let d = 0; d < first; d++) rate[d] = defaultRate(d) * head;
  for (let d = last + 1; d < MAX_DOC; d++) rate[d] = defaultRate(d) * tail;
  // Anchored at the default's DOC-0 weight; the level is the prior's ℓ, not the table's.
  const curve = [DEFAULT_PRIOR.curve[0] as number];
  for (let d = 0; d < MAX_DOC; d++) curve.push((curve[d] as number) + (rate[d] as number));
  return curve;
}

/**
 * The farm prior: the farm curve (`farmCurve`) of its finished cycles with at least
 * MIN_CYCLE_SAMPLINGS samplings; each of them is then fitted on that curve with a loose
 * prior, and the farm prior's (ℓ, ρ) mean and covariance are theirs (shrunk toward the
 * default spread with few cycles, sd never below SD_FLOOR). Fewer than MIN_PRIOR_CYCLES
 * usable cycles → the default prior.
 */
export function farmPrior(cycles: readonly (readonly GrowthPoint[])[]): GrowthPrior {
  const usable = cycles.filter((c) => c.filter((p) => p.abw > 0).length >= MIN_CYCLE_SAMPLINGS);
  const n = usable.length;
  if (n < MIN_PRIOR_CYCLES) return DEFAULT_PRIOR;
  const curve = farmCurve(usable);
  const loose: GrowthPrior = {
    curve,
    mean: [curve[60] as number, 1],
    cov: [4 * DEFAULT_SPREAD.level ** 2, 0, 0, 4 * DEFAULT_SPREAD.rate ** 2],
    source: 'farm',
    cycles: n,
  };
  const thetas = usable.map((c) => fitGrowth(c, loose).theta);
  const mean = [0, 1].map((j) => thetas.reduce((s, t) => s + (t[j] as number), 0) / n) as unknown as Theta;
  const def = DEFAULT_PRIOR.cov;
  const cov = [0, 1, 2, 3].map((i) => {
    const a = i >> 1;
    const b = i & 1;
    const s =
      thetas.reduce(
        (acc, t) => acc + ((t[a] as number) - (mean[a] as number)) * ((t[b] as number) - (mean[b] as number)),
        0,
      ) /
      (n - 1);
    return (n * s + SHRINK * (def[i] as number)) / (n + SHRINK);
  });
  cov[0] = Math.max((SD_FLOOR[0] as number) ** 2, cov[0] as number);
  cov[3] = Math.max((SD_FLOOR[1] as number) ** 2, cov[3] as number);
  return { curve, mean, cov: cov as unknown as Cov2, source: 'farm', cycles: n };
}
