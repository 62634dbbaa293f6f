/**
 * The growth model of the forecast (docs/adr/0060-forecast-growth-model.md).
 *
 * A pond's ln ABW over the day of culture t (DOC) follows its farm's growth curve C(t),
 * moved to the pond's level and run at the pond's own pace:
 *
 *   ln W(t) = ℓ + ρ · (C(t) − C(REF_DOC))
 *
 * ℓ is ln ABW at DOC 60 and ρ the pond's growth-rate multiplier (1 = the farm's pace). The
 * farm curve C is learnt from the farm's finished cycles (`farmPrior`: their mean growth
 * rate in log space, day by day); a farm without enough history uses the documented
 * default curve, a Gompertz curve W∞ · exp(−b · exp(−k · t)) for intensive vannamei
 * (`DEFAULT_CURVE`). The model is linear in (ℓ, ρ): the fit is an exact Gaussian
 * posterior, no iteration.
 */

/** The farm's growth by size (ADR 0103, richards.ts): its Richards shape ν and the prior of a pond's (a, b). */
export interface RichardsPrior {
  nu: number;
  mean: readonly [number, number];
  cov: Cov2;
}

/** One sampling as the fit sees it: the day of culture and the ABW (g). */
export interface GrowthPoint {
  doc: number;
  abw: number;
}

/** A finished cycle's path: ln ABW by whole DOC from `first` (linear in ln ABW between samplings). */
export interface AnalogPath {
  first: number;
  ln: Float64Array;
  /** Its daily gain (g) over its last samplings, continuing it past its end (never below 0). */
  tailGain: number;
  /** `ln` continued past its end with `tailGain`, to 2·MAX_DOC days from `first` (read by `pathAt`). */
  ext: Float64Array;
}

/** Longest horizon (DOC) the curve is tabled for and a date is searched for. */
export const MAX_DOC = 250;
/** The DOC the level ℓ is read at. */
export const REF_DOC = 60;

/** (ℓ, ρ): ln ABW at REF_DOC and the growth-rate multiplier. */
export type Theta = readonly [number, number];
/** 2×2 covariance of (ℓ, ρ), row-major. */
export type Cov2 = readonly [number, number, number, number];

export interface GrowthPrior {
  /** ln ABW (g) of the farm's typical pond by DOC, index 0…MAX_DOC. */
  curve: readonly number[];
  /** Prior mean of (ℓ, ρ). */
  mean: Theta;
  /** Prior covariance of (ℓ, ρ): how far this farm's ponds differ in level and pace. */
  cov: Cov2;
  /**
   * The farm's season, when learnt from dated finished cycles: growth in ln ABW on a day
   * runs exp(cos·cos φ + sin·sin φ) times the curve's, φ = 2π·(day of year)/365.
   */
  season?: Season;
  /**
   * Share of the time-warp reading in the forecast (ADR 0078), learnt from the farm's
   * finished cycles; absent (the default prior): FIT_SETTINGS.warpWeight.
   */
  warpWeight?: number;
  /**
   * Share of a pond's departure from the forecast's pace over its latest samplings that the
   * forecast follows past the last sampling (ADR 0087), learnt from the farm's finished
   * cycles; absent (the default prior): FIT_SETTINGS.recentWeight.
   */
  recentWeight?: number;
  /**
   * Days ahead (e-folding) over which that share fades, learnt with it from the farm's
   * finished cycles (ADR 0090); absent (the default prior): FIT_SETTINGS.recentFade.
   */
  recentFade?: number;
  /**
   * The farm's finished cycles' paths (ADR 0090, `analog.ts`): the fourth reading lays a pond
   * on those that grew like it. Absent (the default prior): no such reading.
   */
  analogs?: readonly AnalogPath[];
  /**
   * Share of that reading past the last sampling, learnt from the farm's replays: a + b·x,
   * x the days ahead over 30 (at most 2), held to 0…1 (`analogShareAt`); absent: 0.
   */
  analogWeight?: readonly [number, number];
  /**
   * The farm's growth by size (ADR 0103, `richards.ts`): its Richards shape and the prior of a
   * pond's (a, b); absent (the default prior, or too few finished cycles): no such reading.
   */
  richards?: RichardsPrior;
  /** Share a + b·x of that reading past the last sampling (as `analogWeight`); absent: 0. */
  richardsWeight?: readonly [number, number];
  /**
   * The band's width for this farm, as a multiple of the model's (ADR 0084): learnt from
   * how far the farm's own finished cycles, replayed, fell from their forecasts; absent
   * (the default prior): 1.
   */
  bandScale?: number;
  /**
   * The band's width by the DOC of the pond's last sampling (ADR 0095): the scale learnt on the
   * farm's replays cut at DOC 30, 50 and 70 (each shrunk toward `bandScale`), linear between,
   * held outside (`bandScaleAt`); absent: `bandScale`.
   */
  bandScaleByDoc?: readonly [number, number, number];
  /** 'farm': learnt from this farm's finished cycles; 'default': the documented default curve. */
  source: 'farm' | 'default';
  /** Finished cycles the prior was learnt from (0 for the default). */
  cycles: number;
}

export interface Season {
  cos: number;
  sin: number;
}

const DAY_MS = 86_400_000;

/** The angle φ = 2π·(day of year)/365 of a YYYY-MM-DD day plus `offset` days. */
export function seasonAngle(day: string, offset = 0): number {
  const ms = Date.parse(`${day}T00:00:00Z`) + offset * DAY_MS;
  const start = Date.UTC(new Date(ms).getUTCFullYear(), 0, 1);
  return (2 * Math.PI * ((ms - start) / DAY_MS)) / 365;
}

/** ln of the season's growth multiplier at an angle. */
export const seasonLn = (s: Season, angle: number) => s.cos * Math.cos(angle) + s.sin * Math.sin(angle);

/**
 * The prior for a cycle stocked on `stockDate`: its curve's daily growth scaled by the
 * season the cycle will live through (day d of culture is stockDate + d − 1), and the
 * level's mean moved with C(REF_DOC). Without a season (or a date), the prior itself.
 */
export function priorFor(prior: GrowthPrior, stockDate: string | null | undefined): GrowthPrior {
  const season = prior.season;
  if (!season || !stockDate || Number.isNaN(Date.parse(`${stockDate}T00:00:00Z`))) return prior;
  const base = prior.curve;
  const curve = [base[0] as number];
  const a0 = seasonAngle(stockDate, -1);
  const step = (2 * Math.PI) / 365;
  for (let d = 0; d < base.length - 1; d++) {
    const rate = (base[d + 1] as number) - (base[d] as number);
    // Day d → d+1 of culture is mostly spent on calendar day stockDate + d.
    curve.push((curve[d] as number) + rate * Math.exp(seasonLn(season, a0 + (d + 0.5) * step)));
  }
  const shift = (curve[REF_DOC] as number) - (base[REF_DOC] as number);
  return { ...prior, curve, mean: [prior.mean[0] + shift, prior.mean[1]], season: undefined };
}

/** Gompertz parameters (the default curve, and the test curves). */
export interface GrowthParams {
  /** Asymptotic weight, g. */
  winf: number;
  /** Displacement (how far below W∞ the curve starts). */
  b: number;
  /** Growth rate per day. */
  k: number;
}

/** Gompertz W(t), g. */
export function gompertz(p: GrowthParams, doc: number): number {
  return p.winf * Math.exp(-p.b * Math.exp(-p.k * doc));
}

/** The (fractional) DOC at which a Gompertz curve reaches `abw` g; null when it never does (abw ≥ W∞). */
export function docForAbw(p: GrowthParams, abw: number): number | null {
  if (!(abw > 0) || abw >= p.winf) return null;
  const inner = Math.log(p.winf / abw) / p.b;
  return -Math.log(inner) / p.k;
}

/** A curve table (ln ABW by DOC) of a Gompertz curve. */
export function gompertzCurve(p: GrowthParams): number[] {
  return Array.from({ length: MAX_DOC + 1 }, (_, d) => Math.log(gompertz(p, d)));
}

/** C(t) of a prior: the table, linear between whole days, held flat-sloped past its ends. */
export function curveAt(curve: readonly number[], doc: number): number {
  const last = curve.length - 1;
  if (doc <= 0) return curve[0] as number;
  if (doc >= last)
    return (curve[last] as number) + ((curve[last] as number) - (curve[last - 1] as number)) * (doc - last);
  const i = Math.floor(doc);
  const f = doc - i;
  return (curve[i] as number) * (1 - f) + (curve[i + 1] as number) * f;
}

/** ln W(t) for (ℓ, ρ) on a prior's curve. */
export function lnAbwOn(prior: GrowthPrior, theta: Theta, doc: number): number {
  return theta[0] + theta[1] * (curveAt(prior.curve, doc) - curveAt(prior.curve, REF_DOC));
}

/**
 * The default curve: Gompertz W∞ 38.1 g, b 5.22, k 0.0189/day. It passes through 2.0 g at
 * DOC 30, 7.1 g at 60, 14.7 g at 90 and 22.2 g at 120 (fitted to the anchor points of the
 * ADR), i.e. the grow-out of an intensive vannamei pond at 80–140 PL/m² in Indonesia
 * (DOMAIN.md's harvest sizes: size 50–60 around DOC 100–110) and within the published
 * ranges cited in the ADR (Sookying et al. 2011: 20.7–25.3 g after 16 weeks; Kotiya &
 * Vadher: 14.6–26.1 g at 120 days, summer crop; Hassan et al. 2022: 24.3 g at 114 days,
 * 133 PL/m²).
 */
export const DEFAULT_CURVE: GrowthParams = { winf: 38.1, b: 5.22, k: 0.0189 };

/**
 * Spread of a new farm's ponds around the default curve: level sd 0.45 in ln ABW (a pond
 * at DOC 60 anywhere from about half to twice the default's 7.1 g) and pace sd 0.2 (±20 %
 * growth rate), independent. A pond's own samplings move both.
 */
export const DEFAULT_SPREAD = { level: 0.45, rate: 0.2 } as const;

const defaultCurve = gompertzCurve(DEFAULT_CURVE);

export const DEFAULT_PRIOR: GrowthPrior = {
  curve: defaultCurve,
  mean: [defaultCurve[REF_DOC] as number, 1],
  cov: [DEFAULT_SPREAD.level ** 2, 0, 0, DEFAULT_SPREAD.rate ** 2],
  source: 'default',
  cycles: 0,
};
