import {
  type Cov2,
  curveAt,
  type GrowthPrior,
  MAX_DOC,
  priorFor,
  REF_DOC,
  type Theta,
} from './growth-model.ts';

export { MAX_DOC } from './growth-model.ts';

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
  driftSd: 0.008,
  /** z of the band: 80 % of the time the ABW lies inside it. */
  bandZ: 1.2816,
  /** Least samplings for a fit; fewer forecast from the prior alone (moved through the one sampling). */
  minSamplings: 2,
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
}

function invert2(m: readonly number[]): Cov2 | null {
  const [a, b, c, d] = m as [number, number, number, number];
  const det = a * d - b * c;
  if (!Number.isFinite(det) || Math.abs(det) < 1e-300) return null;
  return [d / det, -b / det, -c / det, a / det];
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
export function fitGrowth(
  points: readonly GrowthPoint[],
  farmPrior: GrowthPrior,
  stockDate?: string | null,
): GrowthFit {
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
    const w = 0.5 ** ((lastDoc - p.doc) / FIT_SETTINGS.recencyHalfLife) / FIT_SETTINGS.obsSd ** 2;
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

/** ln ABW of the fitted curve at a DOC. */
export function lnAbw(fit: GrowthFit, doc: number): number {
  return fit.theta[0] + fit.theta[1] * (curveAt(fit.prior.curve, doc) - fit.ref);
}

/** ABW (g) of the fitted curve at a DOC. */
export function abwAt(fit: GrowthFit, doc: number): number {
  return Math.exp(lnAbw(fit, doc));
}

/** sd of ln ABW at a DOC: the fit's uncertainty plus the drift past the last sampling. */
export function lnSd(fit: GrowthFit, doc: number): number {
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
