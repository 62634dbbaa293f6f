/**
 * The fifth reading (ADR 0103): growth by size, in a Richards (generalised logistic) family
 * whose shape the farm learns from its finished cycles.
 *
 * The daily growth in ln ABW of a pond of W grams is g = a − b·f_ν(W), f_ν(W) = (W^ν − 1)/ν
 * (ln W at ν = 0): ν = −1/3 is von Bertalanffy, 0 Gompertz, 1 logistic; the pond stops
 * growing where f_ν(W) = a/b. For a fixed ν the model is linear in (a, b), read from the
 * growth between consecutive samplings at their mean size. The farm chooses ν (the shape)
 * on its finished cycles, and its cycles' (a, b) give the prior a pond's own samplings move:
 * a farm whose ponds level off learns it, and a pond larger than its peers is forecast to
 * slow down sooner. Past the last sampling the reading runs the pond's (a, b) from the
 * forecast's ABW there, through the farm's season. A farm learns its share from its replays
 * (`farmReplay`); a new farm has no such reading.
 */
import {
  type GrowthPoint,
  type GrowthPrior,
  MAX_DOC,
  type RichardsPrior,
  type Season,
  seasonAngle,
  seasonLn,
} from './growth-model.ts';

export const RICHARDS_SETTINGS = {
  /** The shapes a farm chooses among (−1/3 von Bertalanffy, 0 Gompertz, 1 logistic). */
  shapes: [-1, -2 / 3, -1 / 3, 0, 1 / 3, 2 / 3, 1, 1.5, 2, 3] as readonly number[],
  /** Intervals between samplings whose mean ABW is below this (g) are not read (the early exponential stanza). */
  minAbw: 0.5,
  /** Least days between two samplings for their growth to be read. */
  minDays: 3,
  /** sd of a sampling's ln ABW (as the fit's). */
  obsSd: 0.06,
  /** Weight half-life (days before the last sampling) of a pond's intervals. */
  halfLife: 21,
  /** Least intervals a finished cycle needs to teach the shape. */
  minIntervals: 3,
  /** Pseudo-samplings at no share the farm's learnt share is shrunk toward. */
  shrink: 20,
  /** Learnt on half the farm's cycles, the share must take this part off the other half's squared miss. */
  crossGain: 0.05,
} as const;

/** The farm's growth by size: its shape ν and the prior of a pond's (a, b). */
export type { RichardsPrior };

/** f_ν(W) = (W^ν − 1)/ν, ln W at ν = 0. */
export function shapeOf(nu: number, w: number): number {
  return Math.abs(nu) < 1e-9 ? Math.log(w) : (w ** nu - 1) / nu;
}

/** One interval: its daily growth in ln ABW (season taken out), −f_ν at its mean size and its weight. */
interface Interval {
  y: number;
  w: number;
  size: number;
  mid: number;
}

/** The season's ln growth multiplier on a DOC of a cycle stocked on `stockDate` (0 without). */
/**
 * The season's ln growth multiplier by (fractional) DOC of a cycle stocked on `stockDate`:
 * day d of culture is stockDate + d − 1 (as `priorFor`); 0 without a season or a date.
 */
function seasonOf(season: Season | undefined, stockDate: string | null | undefined): (doc: number) => number {
  if (!season || !stockDate || Number.isNaN(Date.parse(`${stockDate}T00:00:00Z`))) return () => 0;
  const a0 = seasonAngle(stockDate, -1);
  const step = (2 * Math.PI) / 365;
  return (doc) => seasonLn(season, a0 + doc * step);
}

/** The intervals of a pond's samplings (sorted, valid), the season taken out of their growth. */
function intervalsOf(points: readonly GrowthPoint[], season?: Season, stockDate?: string | null): Interval[] {
  const pts = points
    .filter((p) => Number.isFinite(p.doc) && p.doc > 0 && Number.isFinite(p.abw) && p.abw > 0)
    .sort((a, b) => a.doc - b.doc);
  const out: Interval[] = [];
  const seasonAt = seasonOf(season, stockDate);
  for (let i = 1; i < pts.length; i++) {
    const p = pts[i - 1] as GrowthPoint;
    const q = pts[i] as GrowthPoint;
    const days = q.doc - p.doc;
    const size = Math.sqrt(p.abw * q.abw);
    if (days < RICHARDS_SETTINGS.minDays || size < RICHARDS_SETTINGS.minAbw) continue;
    const mid = (p.doc + q.doc) / 2;
    const y = Math.log(q.abw / p.abw) / days / Math.exp(seasonAt(mid));
    out.push({ y, w: (days * days) / (2 * RICHARDS_SETTINGS.obsSd ** 2), size, mid });
  }
  return out;
}

/** Posterior (or, with no prior, ridge least squares) of (a, b) from intervals with shape ν. */
function solve(
  rows: readonly Interval[],
  nu: number,
  prior: RichardsPrior | null,
  lastDoc: number,
): { mean: [number, number]; sq: number } | null {
  let p00 = 0;
  let p01 = 0;
  let p11 = 0;
  let h0 = 0;
  let h1 = 0;
  if (prior) {
    const [a, b, c, d] = prior.cov;
    const det = a * d - b * c;
    if (!(det > 0)) return null;
    const i00 = d / det;
    const i01 = -b / det;
    const i11 = a / det;
    p00 = i00;
    p01 = i01;
    p11 = i11;
    h0 = i00 * prior.mean[0] + i01 * prior.mean[1];
    h1 = i01 * prior.mean[0] + i11 * prior.mean[1];
  }
  for (const r of rows) {
    const recency = prior ? 0.5 ** ((lastDoc - r.mid) / RICHARDS_SETTINGS.halfLife) : 1;
    const w = r.w * recency;
    const x = -shapeOf(nu, r.size);
    p00 += w;
    p01 += w * x;
    p11 += w * x * x;
    h0 += w * r.y;
    h1 += w * x * r.y;
  }
  // A small ridge keeps a cycle of alike sizes solvable.
  if (!prior) {
    p00 *= 1 + 1e-6;
    p11 *= 1 + 1e-3;
  }
  const det = p00 * p11 - p01 * p01;
  if (!(det > 0)) return null;
  const a = (p11 * h0 - p01 * h1) / det;
  const b = (p00 * h1 - p01 * h0) / det;
  let sq = 0;
  for (const r of rows) sq += r.w * (r.y - a + b * shapeOf(nu, r.size)) ** 2;
  return { mean: [a, b], sq };
}

/**
 * The farm's shape and the prior of (a, b) from its finished cycles (those with at least
 * `minIntervals` read intervals): the ν of `shapes` whose per-cycle fits leave the least
 * weighted squared miss in all; the prior the mean and covariance of the cycles' (a, b) at
 * that ν. Null with fewer than three such cycles.
 */
export function richardsPrior(
  cycles: readonly { points: readonly GrowthPoint[]; stockDate?: string | null }[],
  season?: Season,
  shapes: readonly number[] = RICHARDS_SETTINGS.shapes,
): RichardsPrior | null {
  const sets = cycles
    .map((c) => intervalsOf(c.points, season, c.stockDate))
    .filter((rows) => rows.length >= RICHARDS_SETTINGS.minIntervals);
  const n = sets.length;
  if (n < 3) return null;
  let best: { nu: number; sq: number; fits: [number, number][] } | null = null;
  for (const nu of shapes) {
    let sq = 0;
    const fits: [number, number][] = [];
    for (const rows of sets) {
      const f = solve(rows, nu, null, 0);
      if (!f) continue;
      sq += f.sq;
      fits.push(f.mean);
    }
    if (fits.length >= 3 && (!best || sq < best.sq)) best = { nu, sq, fits };
  }
  if (!best) return null;
  const m = best.fits.length;
  const mean: [number, number] = [0, 1].map(
    (j) => best.fits.reduce((s, f) => s + (f[j] as number), 0) / m,
  ) as [number, number];
  const c = [0, 0, 0];
  for (const f of best.fits) {
    c[0] = (c[0] as number) + (f[0] - mean[0]) ** 2 / (m - 1);
    c[1] = (c[1] as number) + ((f[0] - mean[0]) * (f[1] - mean[1])) / (m - 1);
    c[2] = (c[2] as number) + (f[1] - mean[1]) ** 2 / (m - 1);
  }
  // Floors: a tenth of the mean (a few alike cycles must not freeze the pond's (a, b)).
  const v0 = Math.max(c[0] as number, (0.1 * mean[0]) ** 2, 1e-8);
  const v1 = Math.max(c[2] as number, (0.1 * mean[1]) ** 2, 1e-8);
  const cov01 = Math.max(-0.99, Math.min(0.99, (c[1] as number) / Math.sqrt(v0 * v1))) * Math.sqrt(v0 * v1);
  return { nu: best.nu, mean, cov: [v0, cov01, cov01, v1] };
}

/**
 * The reading: ln ABW by whole DOC past the last sampling `fromDoc`, the pond's (a, b)
 * (its samplings on the farm's prior) run from `fromLn` (the forecast's ln ABW there) day
 * by day through the cycle's season to `until`; NaN up to `fromDoc` (and past `until`). Null
 * without a prior.
 */
export function richardsReading(
  points: readonly GrowthPoint[],
  prior: GrowthPrior,
  stockDate: string | null | undefined,
  fromDoc: number,
  fromLn: number,
  until: number = MAX_DOC,
): Float64Array | null {
  const rp = prior.richards;
  if (!rp) return null;
  const rows = intervalsOf(points, prior.season, stockDate);
  const fit = solve(rows, rp.nu, rp, fromDoc);
  if (!fit) return null;
  const [a, b] = fit.mean;
  const out = new Float64Array(MAX_DOC + 1).fill(Number.NaN);
  const seasonAt = seasonOf(prior.season, stockDate);
  let ln = fromLn;
  let d = fromDoc;
  for (let day = Math.floor(fromDoc) + 1; day <= Math.min(MAX_DOC, Math.ceil(until)); day++) {
    const step = day - d;
    const g = Math.max(0, a - b * shapeOf(rp.nu, Math.exp(ln)));
    ln += g * step * Math.exp(seasonAt(d + step / 2));
    out[day] = ln;
    d = day;
  }
  return out;
}
