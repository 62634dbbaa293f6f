import { analogHorizon, analogReading, analogShareAt } from './analog.ts';
import {
  type Cov2,
  curveAt,
  type GrowthPoint,
  type GrowthPrior,
  MAX_DOC,
  priorFor,
  REF_DOC,
  type Theta,
} from './growth-model.ts';
import { richardsReading } from './richards.ts';
import { shapeAverage } from './shape-average.ts';

export type { GrowthPoint } from './growth-model.ts';
export { MAX_DOC } from './growth-model.ts';

/** Tuning of the fit and band (docs/adr/0060): chosen on the tuned set of `npm run eval:forecast`. */
export const FIT_SETTINGS = {
  /** Sampling noise of ln ABW (a sample of ~100 shrimp and model misfit). */
  obsSd: 0.06,
  /** Weight half-life in days of culture: older samplings count less for where the pond is heading. */
  recencyHalfLife: 21,
  /** Random-walk drift of ln ABW per day past the last sampling (the band widens as √days). */
  driftSd: 0.008,
  /** z of the band: 80 % of the time the ABW lies inside it. */
  bandZ: 1.2816,
  /** Least samplings for a fit; fewer forecast from the prior alone (moved through the one sampling). */
  minSamplings: 2,
  /**
   * The first DOC whose sampling the forecast reads (ADR 0130): the post-larvae weighed at
   * stocking or in the first two weeks (0.002–0.1 g) are outside the grow-out the growth
   * curves describe, and such a point in ln ABW pulled a pond's curve 12 % over its latest
   * sampling. Every replayed cycle of `npm run eval:forecast` samples from DOC 21.
   */
  firstDoc: 14,
  /** Share of the time-warp reading in the forecast; the rest is the level-and-pace reading (ADR 0078). */
  warpWeight: 0.5,
  /** sd of ln(speed) of a pond running the farm's curve faster or slower (time-warp reading). */
  warpPaceSd: 0.2,
  /** sd in days of where on the farm's curve a pond stands (time-warp reading). */
  warpPlaceSd: 10,
  /** The latest samplings whose own pace the forecast follows past the last one (ADR 0087). */
  recentSamplings: 3,
  /** Least days those samplings must span for their pace to be read. */
  recentMinSpan: 7,
  /**
   * Share of the pond's recent daily gain continued (in grams a day) in the forecast past the
   * last sampling, for a new farm (a farm with history learns its own).
   */
  recentWeight: 0.5,
  /** Days ahead (e-folding) over which the continued gain's share fades: it tells the next weeks, not the harvest. */
  recentFade: 14,
  /**
   * Trust in the recent gain by the DOC of the last sampling (ADR 0090): none up to
   * `recentTrust[0]`, all from `recentTrust[1]`, linear between. Early in the culture a
   * pond's gain in grams a day is still climbing fast (the exponential stanza); continued,
   * it holds the forecast down. A farm's prior only: a new farm follows the gain from its
   * second sampling (ADR 0090, second round).
   */
  recentTrust: [25, 45] as readonly [number, number],
  /** Band widening with the gap g in ln ABW between the blend and the recent gain continued: variance += (this·g)². */
  recentBand: 1,
  /** The latest samplings the forecast is anchored to at the last one (`anchorShift`). */
  anchorSamplings: 3,
  /** Weight half-life in days of those samplings before the last one. */
  anchorHalfLife: 7,
  /** sd in ln ABW of where a pond stands off the curve at its last sampling (the anchor's shrinkage). */
  anchorSd: 0.1,
} as const;

export interface GrowthFit {
  /** Posterior mean of (ℓ, ρ). */
  theta: Theta;
  /** Posterior covariance of (ℓ, ρ). */
  cov: Cov2;
  /** 'fit': the pond's samplings moved the prior; 'prior': fewer than two samplings. */
  basis: 'fit' | 'prior';
  prior: GrowthPrior;
  samplings: number;
  /** DOC of the last sampling used (null without any). */
  lastDoc: number | null;
  /** Mean ABW of the last sampling day when one exists (the curve passes near it). */
  lastAbw: number | null;
  /** C(REF_DOC) of the prior's curve (kept: every point of the forecast reads it). */
  ref: number;
  /**
   * The time-warp reading (ADR 0078): the pond runs the farm's typical curve L at speed
   * `speed` from `place` days ahead of it, ln ABW(t) = L(speed·t + place).
   */
  warp: { speed: number; place: number };
  /**
   * The third reading (ADR 0087): the pond's recent daily gain over its latest samplings,
   * continued from the last one, and its share in the forecast past it; null when the latest
   * samplings do not span enough days.
   */
  recent: RecentPace | null;
  /**
   * The gap in ln ABW by whole DOC between the analog reading (ADR 0090) and the forecast
   * before it was mixed in (as trusted); absent without that reading. The band widens by it.
   */
  analogGap?: readonly number[];
  /** The same for the growth-by-size reading (ADR 0103): its whole gap to the forecast before it was mixed in. */
  sizeGap?: readonly number[];
  /**
   * A new farm's pond's own shape (ADR 0110, `shape-average.ts`): sd in ln ABW by whole DOC between
   * the shapes its samplings leave plausible (around the forecast itself when they span under 28
   * days, ADR 0112); the band widens by it. Absent with a farm prior.
   */
  shapeSpread?: readonly number[];
  /** sd in ln ABW the latest samplings scatter beyond their noise (`anchorSpread`); the band widens by it from the last sampling on. */
  anchorSpread?: number;
  /** The forecast's ln ABW by whole DOC (0…MAX_DOC): both readings blended (`warpWeight`), past the last sampling with the recent gain continued in its share. */
  mean: readonly number[];
}

/** The pond's recent daily gain, the forecast's third reading (ADR 0087). */
export interface RecentPace {
  /** DOC of the last sampling: the recent gain is continued from there on. */
  fromDoc: number;
  /** The forecast's ABW (g) at `fromDoc`, where the continued gain starts. */
  fromAbw: number;
  /** The latest samplings' daily gain in grams (least-squares slope; never below 0). */
  gain: number;
  /** The share of the continued gain in the forecast past the last sampling (the farm's, times `recentTrustAt`). */
  weight: number;
  /** Days ahead (e-folding) over which that share fades: the farm's (ADR 0090), `recentFade` for a new farm. */
  fade: number;
  /** The trust in the gain by the DOC of the last sampling (`recentTrustAt` with a farm prior; 1 for a new farm). */
  trust: number;
}

/** The share of the farm's recent-gain weight a pond gets at the DOC of its last sampling (`recentTrust`, ADR 0090). */
export function recentTrustAt(lastDoc: number): number {
  const [from, to] = FIT_SETTINGS.recentTrust;
  if (!(lastDoc > from)) return 0;
  return lastDoc >= to ? 1 : (lastDoc - from) / (to - from);
}

/** Least-squares slope of y on x. */
function slopeOf(xs: readonly number[], ys: readonly number[]): number {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += ((xs[i] as number) - mx) * ((ys[i] as number) - my);
    sxx += ((xs[i] as number) - mx) ** 2;
  }
  return sxx > 0 ? sxy / sxx : 0;
}

/**
 * The pond's recent daily gain (ADR 0087): over its latest `recentSamplings` samplings
 * (sorted by DOC; at least two spanning `recentMinSpan` days), the least-squares slope of
 * their ABW in grams a day, never below 0; with the forecast `ln`'s ABW at the last one.
 * Null without enough span.
 */
export function recentGain(
  pts: readonly GrowthPoint[],
  ln: (doc: number) => number,
): { fromDoc: number; fromAbw: number; gain: number } | null {
  const latest = pts.slice(-FIT_SETTINGS.recentSamplings);
  const first = latest[0];
  const last = latest.at(-1);
  if (!first || !last || latest.length < 2 || last.doc - first.doc < FIT_SETTINGS.recentMinSpan) return null;
  const gain = slopeOf(
    latest.map((p) => p.doc),
    latest.map((p) => p.abw),
  );
  return { fromDoc: last.doc, fromAbw: Math.exp(ln(last.doc)), gain: Math.max(0, gain) };
}

/**
 * The gap in ln ABW at `doc` between the recent gain continued (ABW at the last sampling
 * plus gain × days) and the forecast `ln`, faded with the days ahead (`recentFade`): what
 * following it wholly (weight 1) adds. Zero up to the last sampling.
 */
export function recentShift(
  ln: (doc: number) => number,
  recent: { fromDoc: number; fromAbw: number; gain: number },
  doc: number,
  fade: number = FIT_SETTINGS.recentFade,
): number {
  if (doc <= recent.fromDoc) return 0;
  const ahead = doc - recent.fromDoc;
  return (Math.log(recent.fromAbw + recent.gain * ahead) - ln(doc)) * Math.exp(-ahead / fade);
}

/** Extra variance of ln ABW at `doc` for a pond departing from the curve (ADR 0087). */
export function departureVar(gap: number): number {
  return (FIT_SETTINGS.recentBand * gap) ** 2;
}

function invert2(m: readonly number[]): Cov2 | null {
  const [a, b, c, d] = m as [number, number, number, number];
  const det = a * d - b * c;
  if (!Number.isFinite(det) || Math.abs(det) < 1e-300) return null;
  return [d / det, -b / det, -c / det, a / det];
}

/** The level-and-pace reading alone (what the farm prior learns from). */
export type LevelPaceFit = Omit<GrowthFit, 'warp' | 'recent' | 'mean'>;

/** Recency weight of a sampling `before` days before the last one, over the sampling variance. */
const weightOf = (before: number) => 0.5 ** (before / FIT_SETTINGS.recencyHalfLife) / FIT_SETTINGS.obsSd ** 2;

/**
 * The time-warp reading: the (speed, place) of ln ABW(t) = L(speed·t + place) with the
 * most probable samplings (the level-and-pace weights; ln speed ~ N(0, warpPaceSd²),
 * place ~ N(0, warpPlaceSd²)), L the prior's typical pond (its mean level on its curve).
 * From the best of a coarse grid, Gauss–Newton steps (halved until the cost falls).
 */
export function fitWarp(pts: readonly GrowthPoint[], prior: GrowthPrior): { speed: number; place: number } {
  const ref = curveAt(prior.curve, REF_DOC);
  // The typical pond's ln ABW by whole DOC, read linearly between days (as `curveAt`).
  const table = Float64Array.from(prior.curve, (c) => prior.mean[0] + c - ref);
  const last = table.length - 1;
  const slope = (table[last] as number) - (table[last - 1] as number);
  /** The typical pond's ln ABW at a (fractional) DOC, and (`slopeAt`) its daily slope there. */
  const at = (d: number): number => {
    if (d <= 0) return table[0] as number;
    if (d >= last) return (table[last] as number) + slope * (d - last);
    const i = Math.floor(d);
    const lo = table[i] as number;
    return lo + ((table[i + 1] as number) - lo) * (d - i);
  };
  const slopeAt = (d: number): number => {
    if (d <= 0) return 0;
    if (d >= last) return slope;
    const i = Math.floor(d);
    return (table[i + 1] as number) - (table[i] as number);
  };
  const lastDoc = pts.at(-1)?.doc ?? 0;
  const rows = pts.map((p) => [p.doc, Math.log(p.abw), weightOf(lastDoc - p.doc)] as const);
  const sp = FIT_SETTINGS.warpPaceSd;
  const sc = FIT_SETTINGS.warpPlaceSd;
  const cost = (lnSpeed: number, place: number) => {
    const speed = Math.exp(lnSpeed);
    let c = (lnSpeed * lnSpeed) / (sp * sp) + (place * place) / (sc * sc);
    for (const [doc, y, w] of rows) c += w * (y - at(speed * doc + place)) ** 2;
    return c;
  };
  let best = { lnSpeed: 0, place: 0, cost: cost(0, 0) };
  if (rows.length === 0) return { speed: 1, place: 0 };
  // Start from the best of a coarse grid (the cost is not convex far out), then
  // Gauss–Newton steps, halved until the cost falls.
  for (const a of [-sp, 0, sp])
    for (const b of [-2 * sc, -sc, 0, sc, 2 * sc]) {
      const c = cost(a, b);
      if (c < best.cost) best = { lnSpeed: a, place: b, cost: c };
    }
  for (let iter = 0; iter < 30; iter++) {
    const speed = Math.exp(best.lnSpeed);
    // Half the gradient and the Gauss–Newton Hessian of the cost in (ln speed, place).
    let ga = best.lnSpeed / (sp * sp);
    let gb = best.place / (sc * sc);
    let haa = 1 / (sp * sp);
    let hab = 0;
    let hbb = 1 / (sc * sc);
    for (const [doc, y, w] of rows) {
      const x = speed * doc + best.place;
      const v = at(x);
      const dv = slopeAt(x);
      const ja = dv * speed * doc;
      const r = y - v;
      ga -= w * r * ja;
      gb -= w * r * dv;
      haa += w * ja * ja;
      hab += w * ja * dv;
      hbb += w * dv * dv;
    }
    const det = haa * hbb - hab * hab;
    if (!(det > 0)) break;
    let da = -(hbb * ga - hab * gb) / det;
    let db = -(haa * gb - hab * ga) / det;
    let moved = false;
    for (let halve = 0; halve < 12; halve++) {
      const c = cost(best.lnSpeed + da, best.place + db);
      if (c < best.cost) {
        best = { lnSpeed: best.lnSpeed + da, place: best.place + db, cost: c };
        moved = true;
        break;
      }
      da /= 2;
      db /= 2;
    }
    if (!moved || (Math.abs(da) < 1e-4 && Math.abs(db) < 0.01)) break;
  }
  return { speed: Math.exp(best.lnSpeed), place: best.place };
}

/** The two readings of a pond's samplings on the farm's curve, each as ln ABW by DOC. */
export interface Readings {
  levelPace: LevelPaceFit;
  /** The usable samplings, by DOC. */
  points: readonly GrowthPoint[];
  warp: { speed: number; place: number };
  lnLevelPace: (doc: number) => number;
  lnWarp: (doc: number) => number;
}

/** Both readings of a pond's samplings (the time-warp one skipped, as the prior, when `warp` is false). */
export function readings(
  points: readonly GrowthPoint[],
  farmPrior: GrowthPrior,
  stockDate?: string | null,
  warp = true,
): Readings {
  const base = fitLevelPace(points, farmPrior, stockDate);
  const pts = points
    .filter((p) => Number.isFinite(p.doc) && p.doc > 0 && Number.isFinite(p.abw) && p.abw > 0)
    .sort((a, b) => a.doc - b.doc);
  const w = warp ? fitWarp(pts, base.prior) : { speed: 1, place: 0 };
  const curve = base.prior.curve;
  const typicalRef = base.prior.mean[0] - base.ref;
  return {
    levelPace: base,
    points: pts,
    warp: w,
    lnLevelPace: (d) => base.theta[0] + base.theta[1] * (curveAt(curve, d) - base.ref),
    lnWarp: (d) => typicalRef + curveAt(curve, w.speed * d + w.place),
  };
}

/**
 * The forecast of a pond from its samplings, two readings of the farm's curve blended
 * (ADR 0078): the level-and-pace reading (`fitLevelPace`: the pond at its own level,
 * growing at its own multiple of the curve's pace) and the time-warp reading (`fitWarp`:
 * the pond on the curve itself, at its own place and speed: a pond stocked smaller is
 * earlier on the curve, not slower), in the share the farm's finished cycles give
 * (`warpWeight` of the prior; half and half for a new farm). The band is the
 * level-and-pace reading's. A new farm's pond with samplings spanning enough days then
 * mixes in its own shape (ADR 0110, `shapeAverage`).
 */
/** The samplings of the grow-out (from DOC `FIT_SETTINGS.firstDoc`): what the forecast and the farm prior read. */
export function growOutPoints<P extends GrowthPoint>(points: readonly P[]): P[] {
  return points.filter((p) => p.doc >= FIT_SETTINGS.firstDoc);
}

export function fitGrowth(
  points: readonly GrowthPoint[],
  farmPrior: GrowthPrior,
  stockDate?: string | null,
): GrowthFit {
  const share = farmPrior.warpWeight ?? FIT_SETTINGS.warpWeight;
  const r = readings(growOutPoints(points), farmPrior, stockDate, share > 0);
  const mean = Array.from(
    { length: MAX_DOC + 1 },
    (_, d) => (1 - share) * r.lnLevelPace(d) + (share > 0 ? share * r.lnWarp(d) : 0),
  );
  const doubt = r.levelPace.basis === 'fit' ? anchor(mean, r.points) : 0;
  const farmWeight = farmPrior.recentWeight ?? FIT_SETTINGS.recentWeight;
  const pace =
    r.levelPace.basis === 'fit' && farmWeight > 0 ? recentGain(r.points, (d) => curveAt(mean, d)) : null;
  // The trust ramp is the farm's (ADR 0090, second round): a new farm follows the gain from its
  // second sampling on, as in ADR 0087 (with the ramp every default-prior tuning set lost at +14 d).
  const trust = pace ? (farmPrior.source === 'farm' ? recentTrustAt(pace.fromDoc) : 1) : 0;
  const weight = farmWeight * trust;
  const fade = farmPrior.recentFade ?? FIT_SETTINGS.recentFade;
  // Kept with no share too (an early pond on a farm): the band still widens by the gap.
  const recent = pace ? { ...pace, weight, fade, trust } : null;
  if (recent && weight > 0) {
    // Past the last sampling: (1 − weight)·the blend + weight·the recent gain continued, in ln ABW.
    const base = [...mean];
    const blend = (d: number) => curveAt(base, d);
    for (let d = Math.floor(recent.fromDoc) + 1; d <= MAX_DOC; d++)
      mean[d] = (base[d] as number) + weight * recentShift(blend, recent, d, fade);
  }
  const analogShare = farmPrior.analogWeight;
  const last = r.points.at(-1);
  const analogTrust = last ? recentTrustAt(last.doc) : 0;
  if (farmPrior.analogs && analogShare && r.levelPace.basis === 'fit' && last) {
    // Past the last sampling: the share of the farm's ponds that grew like this one (ADR 0090),
    // trusted as the recent gain is (early samplings tell little of which ponds are alike).
    // The band widens by the whole gap, trusted or not (ADR 0090, second round).
    const reading = analogReading(r.points, last.doc, curveAt(mean, last.doc), farmPrior.analogs);
    if (reading) {
      const gap = new Array<number>(MAX_DOC + 1).fill(0);
      for (let d = Math.floor(last.doc) + 1; d <= MAX_DOC; d++) {
        gap[d] = (reading[d] as number) - (mean[d] as number);
        mean[d] =
          (mean[d] as number) +
          analogShareAt(analogShare, analogHorizon(d - last.doc)) * analogTrust * (gap[d] as number);
      }
      const sizeGap = withRichards(mean, r.points, farmPrior, stockDate);
      return {
        ...r.levelPace,
        warp: r.warp,
        recent,
        analogGap: gap,
        ...(sizeGap ? { sizeGap } : {}),
        ...(doubt > 0 ? { anchorSpread: doubt } : {}),
        mean,
      };
    }
  }
  const sizeGap = r.levelPace.basis === 'fit' ? withRichards(mean, r.points, farmPrior, stockDate) : null;
  // A new farm's pond reads its own shape (ADR 0110); a farm's curve is its ponds' own already.
  const shape =
    farmPrior.source === 'default' && r.levelPace.basis === 'fit'
      ? shapeAverage(r.points, r.levelPace.prior.curve, mean)
      : null;
  if (shape) for (let d = 0; d <= MAX_DOC; d++) mean[d] = (mean[d] as number) + (shape.shift[d] as number);
  return {
    ...r.levelPace,
    warp: r.warp,
    recent,
    ...(sizeGap ? { sizeGap } : {}),
    ...(shape ? { shapeSpread: shape.spread } : {}),
    ...(doubt > 0 ? { anchorSpread: doubt } : {}),
    mean,
  };
}

/**
 * How far the forecast at the last sampling moves toward the latest samplings (in ln ABW). Their
 * residuals against `mean`, recency-weighted (`anchorHalfLife`), are read at the last sampling:
 * on their own line with three samplings or more (a pond that stalled parts from the curve more
 * at each one), else their mean; that reading, with the sampling noise's variance v there, is
 * shrunk toward the curve by τ² ÷ (τ² + v), τ = `anchorSd`. A pond that stalled three weeks is
 * forecast from where it stands, not from where a curve through all its samplings has it; one
 * on the curve moves by its samplings' noise, shrunk.
 */
export function anchorShift(points: readonly GrowthPoint[], mean: readonly number[]): number {
  const rows = latestResiduals(points, mean);
  const last = rows.at(-1);
  if (!last) return 0;
  let sw = 0;
  let sx = 0;
  let sr = 0;
  for (const { w, x, r } of rows) {
    sw += w;
    sx += w * x;
    sr += w * r;
  }
  const mx = sx / sw;
  const mr = sr / sw;
  let sxx = 0;
  let sxr = 0;
  for (const { w, x, r } of rows) {
    sxx += w * (x - mx) ** 2;
    sxr += w * (x - mx) * (r - mr);
  }
  const onLine = rows.length >= 3 && sxx > 0;
  const at = onLine ? mr + (sxr / sxx) * (last.x - mx) : mr;
  const noise = FIT_SETTINGS.obsSd ** 2 * (1 / sw + (onLine ? (last.x - mx) ** 2 / sxx : 0));
  const tau2 = FIT_SETTINGS.anchorSd ** 2;
  return (at * tau2) / (tau2 + noise);
}

/**
 * The latest `anchorSamplings` samplings against the forecast `mean`: each one's DOC `x`, its
 * residual `r` in ln ABW and its weight `w` (halving every `anchorHalfLife` days before the last).
 */
function latestResiduals(points: readonly GrowthPoint[], mean: readonly number[]) {
  const latest = points.slice(-FIT_SETTINGS.anchorSamplings);
  const lastDoc = latest.at(-1)?.doc ?? 0;
  return latest.map((p) => ({
    w: 0.5 ** ((lastDoc - p.doc) / FIT_SETTINGS.anchorHalfLife),
    x: p.doc,
    r: Math.log(p.abw) - curveAt(mean, p.doc),
  }));
}

/**
 * `mean` from the last sampling's DOC on moved by `anchorShift`, in place; returns the
 * latest samplings' scatter around it then (`anchorSpread`).
 */
function anchor(mean: number[], points: readonly GrowthPoint[]): number {
  const last = points.at(-1);
  if (!last) return 0;
  const shift = anchorShift(points, mean);
  if (Number.isFinite(shift) && shift !== 0)
    for (let d = Math.floor(last.doc); d <= MAX_DOC; d++) mean[d] = (mean[d] as number) + shift;
  return anchorSpread(points, mean);
}

/**
 * How far the latest samplings scatter around the anchored forecast beyond a sampling's own
 * noise (sd in ln ABW, recency-weighted as `anchorShift`): two samplings two days apart that
 * disagree by 20 % leave the pond's size in doubt, and the band says so from there on.
 */
export function anchorSpread(points: readonly GrowthPoint[], mean: readonly number[]): number {
  const rows = latestResiduals(points, mean);
  if (rows.length < 2) return 0;
  let sw = 0;
  let swr2 = 0;
  for (const { w, r } of rows) {
    sw += w;
    swr2 += w * r * r;
  }
  return Math.sqrt(Math.max(0, swr2 / sw - FIT_SETTINGS.obsSd ** 2));
}

/**
 * Past the last sampling, the forecast `mean` (ln ABW by DOC) moved toward the growth-by-size
 * reading (ADR 0103) in the farm's share of it, a + b·(days ahead ÷ 30); in place.
 */
function withRichards(
  mean: number[],
  points: readonly GrowthPoint[],
  farmPrior: GrowthPrior,
  stockDate: string | null | undefined,
): number[] | null {
  const share = farmPrior.richardsWeight;
  const last = points.at(-1);
  if (!share || (share[0] === 0 && share[1] === 0) || !last) return null;
  const reading = richardsReading(points, farmPrior, stockDate, last.doc, curveAt(mean, last.doc));
  if (!reading) return null;
  const gap = new Array<number>(MAX_DOC + 1).fill(0);
  for (let d = Math.floor(last.doc) + 1; d <= MAX_DOC; d++) {
    gap[d] = (reading[d] as number) - (mean[d] as number);
    mean[d] = (mean[d] as number) + analogShareAt(share, analogHorizon(d - last.doc)) * (gap[d] as number);
  }
  return gap;
}

/**
 * The pond's (ℓ, ρ) given its samplings: the Gaussian posterior of the linear model
 * ln ABWᵢ = ℓ + ρ·(C(tᵢ) − C(60)) + εᵢ, εᵢ ~ N(0, σ²/wᵢ) with wᵢ halving every
 * `recencyHalfLife` days before the last sampling, and (ℓ, ρ) ~ N(prior mean, prior cov).
 * Samplings with no positive finite ABW are ignored. With one sampling the same update
 * moves the prior through it; `basis` says 'prior' below `minSamplings`. With the cycle's
 * stocking day, a prior that knows the farm's season runs its curve through that season
 * (`priorFor`).
 */
export function fitLevelPace(
  points: readonly GrowthPoint[],
  farmPrior: GrowthPrior,
  stockDate?: string | null,
): LevelPaceFit {
  const prior = priorFor(farmPrior, stockDate);
  const pts = points
    .filter((p) => Number.isFinite(p.doc) && p.doc > 0 && Number.isFinite(p.abw) && p.abw > 0)
    .sort((a, b) => a.doc - b.doc);
  const last = pts.at(-1) ?? null;
  const ref = curveAt(prior.curve, REF_DOC);
  const base = { prior, samplings: pts.length, lastDoc: last?.doc ?? null, lastAbw: last?.abw ?? null, ref };
  const p0 = invert2(prior.cov);
  if (!p0) throw new Error('forecast prior covariance is singular');
  // Precision and information vector: prior + Σ wᵢ xᵢxᵢᵀ / σ², x = (1, C(t) − C(60)).
  const P = [...p0];
  const m0 = prior.mean;
  const h = [(p0[0] * m0[0] + p0[1] * m0[1]) as number, (p0[2] * m0[0] + p0[3] * m0[1]) as number];
  const lastDoc = last?.doc ?? 0;
  for (const p of pts) {
    const w = weightOf(lastDoc - p.doc);
    const x = curveAt(prior.curve, p.doc) - ref;
    const y = Math.log(p.abw);
    P[0] = (P[0] as number) + w;
    P[1] = (P[1] as number) + w * x;
    P[2] = (P[2] as number) + w * x;
    P[3] = (P[3] as number) + w * x * x;
    h[0] = (h[0] as number) + w * y;
    h[1] = (h[1] as number) + w * x * y;
  }
  const cov = invert2(P) ?? prior.cov;
  const theta: Theta = [cov[0] * h[0] + cov[1] * h[1], cov[2] * h[0] + cov[3] * h[1]] as unknown as Theta;
  return {
    ...base,
    theta,
    cov,
    basis: pts.length < FIT_SETTINGS.minSamplings ? 'prior' : 'fit',
  };
}

export interface BandPoint {
  doc: number;
  abw: number;
  low: number;
  high: number;
}

/** ln ABW of the forecast at a DOC (the blended readings; past MAX_DOC continued at the last day's slope). */
export function lnAbw(fit: GrowthFit, doc: number): number {
  return curveAt(fit.mean, doc);
}

/** ABW (g) of the fitted curve at a DOC. */
export function abwAt(fit: GrowthFit, doc: number): number {
  return Math.exp(lnAbw(fit, doc));
}

/**
 * sd of ln ABW at a DOC: the fit's uncertainty plus the drift past the last sampling
 * (`modelLnSd`), times the farm's learnt band scale (ADR 0084; 1 for the default prior).
 */
export function lnSd(fit: GrowthFit, doc: number): number {
  // (And where the analog reading parts from the rest, ADR 0090.)
  const r = fit.recent;
  // The gap between the blend and the recent gain continued: the forecast's own doubt about which holds.
  // The whole gap, whatever share of it is followed (ADR 0090, second round: trusted by DOC, the
  // band lost most at the DOC 30 cut).
  const gap = r && r.weight < 1 ? recentShift((d) => lnAbw(fit, d), r, doc, r.fade) / (1 - r.weight) : 0;
  const apart = fit.analogGap ? curveAt(fit.analogGap, doc) : 0;
  const bySize = fit.sizeGap ? curveAt(fit.sizeGap, doc) : 0;
  const shapes = fit.shapeSpread ? curveAt(fit.shapeSpread, doc) : 0;
  const doubt = fit.anchorSpread && fit.lastDoc !== null && doc >= fit.lastDoc ? fit.anchorSpread : 0;
  return (
    Math.sqrt(
      modelLnSd(fit, doc) ** 2 +
        departureVar(gap) +
        departureVar(apart) +
        departureVar(bySize) +
        shapes ** 2 +
        doubt ** 2,
    ) * bandScaleAt(fit.prior, fit.lastDoc)
  );
}

/** The DOCs of the last sampling `bandScaleByDoc` is learnt at (the farm's replays' cuts, ADR 0095). */
export const BAND_DOCS = [30, 50, 70] as const;

/**
 * The farm's band scale for a pond last sampled at `lastDoc` (ADR 0084, 0095): `bandScaleByDoc`
 * read linearly between BAND_DOCS and held outside them; without it `bandScale`, else 1.
 */
export function bandScaleAt(prior: GrowthPrior, lastDoc: number | null): number {
  const by = prior.bandScaleByDoc;
  if (!by) return prior.bandScale ?? 1;
  const d = lastDoc ?? 0;
  const [a, b, c] = BAND_DOCS;
  if (d <= a) return by[0];
  if (d >= c) return by[2];
  return d <= b
    ? by[0] + ((by[1] - by[0]) * (d - a)) / (b - a)
    : by[1] + ((by[2] - by[1]) * (d - b)) / (c - b);
}

/** The model's sd of ln ABW at a DOC, before the farm's band scale. */
export function modelLnSd(fit: Pick<GrowthFit, 'prior' | 'ref' | 'cov' | 'lastDoc'>, doc: number): number {
  const x = curveAt(fit.prior.curve, doc) - fit.ref;
  const [a, b, c, d] = fit.cov;
  const ahead = Math.max(0, doc - (fit.lastDoc ?? 0));
  return Math.sqrt(Math.max(0, a + (b + c) * x + d * x * x) + FIT_SETTINGS.driftSd ** 2 * ahead);
}

/** The forecast ABW at a DOC with its 80 % band. */
export function abwBand(fit: GrowthFit, doc: number): BandPoint {
  const ln = lnAbw(fit, doc);
  const s = lnSd(fit, doc) * FIT_SETTINGS.bandZ;
  return { doc, abw: Math.exp(ln), low: Math.exp(ln - s), high: Math.exp(ln + s) };
}

/**
 * The (fractional) DOC at which the forecast first reaches `abw`, from `fromDoc` on:
 * ln ABW read linearly between whole days, as a curve through daily points would give
 * it; `fromDoc` itself when it is already there, null when not by MAX_DOC. The backtest
 * grades the harvest day with it against the day the real pond first reached that ABW,
 * read the same way, so neither side is rounded up.
 */
export function dayReaching(fit: GrowthFit, abw: number, fromDoc: number): number | null {
  const target = Math.log(abw);
  let d = Math.max(0, fromDoc);
  let prev = lnAbw(fit, d);
  if (prev >= target) return d;
  for (let next = Math.floor(d) + 1; next <= MAX_DOC; next++) {
    const v = lnAbw(fit, next);
    if (v >= target) return d + ((target - prev) / (v - prev)) * (next - d);
    d = next;
    prev = v;
  }
  return null;
}

/**
 * The first DOC (whole day, from `fromDoc`) at which the forecast reaches `abw`, with the
 * band's early (upper curve reaches it) and late (lower curve reaches it) days; null
 * parts when the curve does not get there by MAX_DOC.
 */
export function docReaching(
  fit: GrowthFit,
  abw: number,
  fromDoc: number,
): { doc: number | null; early: number | null; late: number | null } {
  let doc: number | null = null;
  let early: number | null = null;
  let late: number | null = null;
  for (let d = Math.max(1, Math.ceil(fromDoc)); d <= MAX_DOC; d++) {
    const p = abwBand(fit, d);
    if (early === null && p.high >= abw) early = d;
    if (doc === null && p.abw >= abw) doc = d;
    if (late === null && p.low >= abw) {
      late = d;
      break;
    }
  }
  return { doc, early, late };
}
