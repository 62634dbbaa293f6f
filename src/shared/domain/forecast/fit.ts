import {
  type GrowthParams,
  type GrowthPrior,
  lnGompertz,
  lnGradient,
  type Theta,
  toParams,
} from './growth-model.ts';
import { invert3, type Mat3, mul3, quad3 } from './linalg.ts';

/** One sampling as the fit sees it: the day of culture and the ABW (g). */
export interface GrowthPoint {
  doc: number;
  abw: number;
}

/** Tuning of the fit and band (docs/adr/0060): chosen on the tuned set of `npm run eval:forecast`. */
export const FIT_SETTINGS = {
  /** Sampling noise of ln ABW (a sample of ~100 shrimp and model misfit). */
  obsSd: 0.06,
  /** Weight half-life in days of culture: older samplings count less for where the pond is heading. */
  recencyHalfLife: 21,
  /** Random-walk drift of ln ABW per day past the last sampling (the band widens as √days). */
  driftSd: 0.012,
  /** z of the band: 80 % of the time the ABW lies inside it. */
  bandZ: 1.2816,
  /** Least samplings for a fit; fewer forecast from the prior alone. */
  minSamplings: 2,
} as const;

export interface GrowthFit {
  theta: Theta;
  params: GrowthParams;
  /** Covariance of θ (posterior, Laplace). */
  cov: Mat3;
  /** 'fit': the pond's samplings moved the prior; 'prior': fewer than two samplings. */
  basis: 'fit' | 'prior';
  prior: GrowthPrior;
  samplings: number;
  /** DOC of the last sampling used (null without any). */
  lastDoc: number | null;
  /** Mean ABW of the last sampling day when one exists (the curve passes near it). */
  lastAbw: number | null;
}

function priorCov(prior: GrowthPrior): Mat3 {
  const [a, b, c] = prior.sd;
  return [a * a, 0, 0, 0, b * b, 0, 0, 0, c * c];
}

/**
 * MAP fit of the Gompertz curve to a pond's samplings (Levenberg–Marquardt on ln ABW with
 * the prior as three extra residuals). Samplings with no positive finite ABW are ignored;
 * fewer than `minSamplings` answer the prior itself, shifted through the one sampling when
 * there is one (only W∞ moves, the farm's shape is kept).
 */
export function fitGrowth(points: readonly GrowthPoint[], prior: GrowthPrior): GrowthFit {
  const pts = points
    .filter((p) => Number.isFinite(p.doc) && p.doc > 0 && Number.isFinite(p.abw) && p.abw > 0)
    .sort((a, b) => a.doc - b.doc);
  const last = pts.at(-1) ?? null;
  const base = { prior, samplings: pts.length, lastDoc: last?.doc ?? null, lastAbw: last?.abw ?? null };
  if (pts.length < FIT_SETTINGS.minSamplings) {
    let theta: Theta = prior.mean;
    const cov = priorCov(prior);
    if (last) {
      // One sampling: ln W∞ moves by its residual, weighted as the fit would (prior vs noise).
      const r = Math.log(last.abw) - lnGompertz(theta, last.doc);
      const v0 = prior.sd[0] ** 2;
      const gain = v0 / (v0 + FIT_SETTINGS.obsSd ** 2);
      theta = [theta[0] + gain * r, theta[1], theta[2]];
      cov[0] = v0 * (1 - gain);
    }
    return { ...base, theta, params: toParams(theta), cov, basis: 'prior' };
  }
  const lastDoc = last?.doc ?? 0;
  const weights = pts.map(
    (p) => Math.sqrt(0.5 ** ((lastDoc - p.doc) / FIT_SETTINGS.recencyHalfLife)) / FIT_SETTINGS.obsSd,
  );
  const lnY = pts.map((p) => Math.log(p.abw));
  const cost = (t: Theta) => {
    let s = 0;
    for (let i = 0; i < pts.length; i++) {
      const r =
        ((lnGompertz(t, (pts[i] as GrowthPoint).doc) - (lnY[i] as number)) * (weights[i] as number)) ** 2;
      s += r;
    }
    for (let j = 0; j < 3; j++)
      s += (((t[j] as number) - (prior.mean[j] as number)) / (prior.sd[j] as number)) ** 2;
    return s;
  };
  /** JᵀJ and Jᵀr at θ. */
  const normal = (t: Theta) => {
    const jtj = [0, 0, 0, 0, 0, 0, 0, 0, 0];
    const jtr = [0, 0, 0];
    const add = (row: readonly number[], r: number) => {
      for (let a = 0; a < 3; a++) {
        jtr[a] = (jtr[a] as number) + (row[a] as number) * r;
        for (let b = 0; b < 3; b++)
          jtj[a * 3 + b] = (jtj[a * 3 + b] as number) + (row[a] as number) * (row[b] as number);
      }
    };
    for (let i = 0; i < pts.length; i++) {
      const w = weights[i] as number;
      const doc = (pts[i] as GrowthPoint).doc;
      const g = lnGradient(t, doc);
      add([g[0] * w, g[1] * w, g[2] * w], (lnGompertz(t, doc) - (lnY[i] as number)) * w);
    }
    for (let j = 0; j < 3; j++) {
      const row = [0, 0, 0];
      row[j] = 1 / (prior.sd[j] as number);
      add(row, ((t[j] as number) - (prior.mean[j] as number)) / (prior.sd[j] as number));
    }
    return { jtj, jtr };
  };
  let theta: Theta = prior.mean;
  let current = cost(theta);
  let lambda = 1e-3;
  for (let iter = 0; iter < 100; iter++) {
    const { jtj, jtr } = normal(theta);
    const damped = jtj.map((v, i) => (i % 4 === 0 ? v * (1 + lambda) : v));
    const inv = invert3(damped);
    if (!inv) break;
    const step = mul3(inv, jtr);
    const next: Theta = [theta[0] - step[0], theta[1] - step[1], theta[2] - step[2]];
    const nextCost = cost(next);
    if (Number.isFinite(nextCost) && nextCost < current) {
      const gain = current - nextCost;
      theta = next;
      current = nextCost;
      lambda = Math.max(1e-7, lambda / 3);
      if (gain < 1e-10) break;
    } else {
      lambda *= 4;
      if (lambda > 1e8) break;
    }
  }
  const cov = invert3(normal(theta).jtj) ?? priorCov(prior);
  return { ...base, theta, params: toParams(theta), cov, basis: 'fit' };
}

export interface BandPoint {
  doc: number;
  abw: number;
  low: number;
  high: number;
}

/** sd of ln ABW at a DOC: the fit's uncertainty plus the drift past the last sampling. */
export function lnSd(fit: GrowthFit, doc: number): number {
  const g = lnGradient(fit.theta, doc);
  const ahead = Math.max(0, doc - (fit.lastDoc ?? 0));
  return Math.sqrt(Math.max(0, quad3(fit.cov, g)) + FIT_SETTINGS.driftSd ** 2 * ahead);
}

/** The forecast ABW at a DOC with its 80 % band. */
export function abwBand(fit: GrowthFit, doc: number): BandPoint {
  const ln = lnGompertz(fit.theta, doc);
  const s = lnSd(fit, doc) * FIT_SETTINGS.bandZ;
  return { doc, abw: Math.exp(ln), low: Math.exp(ln - s), high: Math.exp(ln + s) };
}

/** Longest horizon a date is searched for (DOC). */
export const MAX_DOC = 250;

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
