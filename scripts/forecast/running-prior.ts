/**
 * A new farm's curve from its running ponds (ADR 0115): a farm with no finished cycle still has ponds further along than the one forecast. Their samplings up
 * to today tell the farm's growth by DOC as its finished cycles would, up to the DOC they have
 * reached: on each day, the typical growth in ln ABW of the ponds whose sampling intervals span
 * it (`farmCurve`'s reading), shrunk toward the default curve's growth that day by `shrink`
 * pseudo-ponds, so a day covered by few ponds moves the default little. Past the farm's furthest
 * ponds, the default's growth scaled as the farm's last covered week was (`farmCurve`), in the
 * weight of the ponds that covered it. The level's and pace's spread stay the default's (a new
 * farm does not know how its ponds differ); their mean is the ponds' own on that curve, shrunk
 * toward the default prior's with `meanShrink` pseudo-ponds. The prior stays a new farm's (`source`
 * 'default'): the pond's own shape is read against this curve (ADR 0110), the band is the
 * model's. Pure.
 *
 * NOT WIRED (an evaluation script, not the product's forecast module): ADR 0115 tried it and did not keep it. It takes days off a new farm's ponds whose
 * shape is not the default's (the two-phase, Richards and logistic held-out sets) but the published
 * held-out part (4.6 → 5.2 days) and the held-out von Bertalanffy farm (9.9 → 11.8 days, 12 cuts
 * that never reach the harvested size) got worse. `farmPrior`, the server and the device do not
 * call it; `npm run eval:forecast` with FORECAST_RUNNING=1 replays it (scripts/forecast/backtest.ts).
 *
 * ADR 0117 (still so under ADR 0118): the ponds teach the curve's SHAPE only (`shapeOnly`: the mean level
 * and pace stay the default prior's, the pond's own samplings move them), and past the farm's
 * furthest covered DOC a multiple above 1 halves toward 1 in 60 days, not 30. Chosen on the tuning
 * sets from: normalising the covered multiples to the default's pace (`normalise`), reading only
 * ponds 7 or 14 days ahead (`ahead`), 3 pseudo-ponds, 30/60/120-day tails. ADR 0115's own variant:
 * FORECAST_RUNNING_SETTINGS='{"shapeOnly":false,"tailHalfLife":30,"evidence":"none"}'.
 *
 * ADR 0118 (the settings now): the prior takes a SHARE of that curve's departure from the default's,
 * set by evidence rather than by a fixed pseudo-pond (`evidence` 'forecast'): each running pond is
 * forecast by the product (`fitGrowth`) from its samplings up to 21 days before its last, on the
 * default prior and on the curve of the other running ponds; the share is ½ (the prior share)
 * times exp(−RSS/2s²) of the running curve over the two's (as ADR 0110 weighs a pond's logistic).
 * Tried on the tuning sets: the same with the fit of the ponds' samplings in place of their forecast
 * ('loo', 'fit', 'predict'), prior shares 0.1–0.5, the evidence tempered (×0.5, ×0.25), 14 and 28
 * days held back. ADR 0117's variant: FORECAST_RUNNING_SETTINGS='{"evidence":"none"}'. Not kept either
 * (ADR 0118): the held-out von Bertalanffy farm as a new farm 9.9 → 10.7 days, 3 cuts not reached.
 */
import { fitGrowth, fitLevelPace, type GrowthPoint, lnAbw } from '../../src/shared/domain/forecast/fit.ts';
import {
  curveAt,
  DEFAULT_PRIOR,
  type GrowthPrior,
  MAX_DOC,
  REF_DOC,
  type Theta,
} from '../../src/shared/domain/forecast/growth-model.ts';
import { farmCurve } from '../../src/shared/domain/forecast/prior.ts';
import { line, SHAPE_AVERAGE_SETTINGS } from '../../src/shared/domain/forecast/shape-average.ts';

export const RUNNING_SETTINGS: {
  minCycles: number;
  minSamplings: number;
  shrink: number;
  tailHalfLife: number;
  meanShrink: number;
  shapeOnly: boolean;
  normalise: boolean;
  ahead: number;
  evidence: 'none' | 'loo' | 'fit' | 'predict' | 'forecast';
  evidenceHorizon: number;
  evidenceShare: number;
  evidenceScale: number;
  window: number;
} = {
  /** Least running ponds read for a running curve (else the default prior). */
  minCycles: 3,
  /** Least samplings a pond needs to be read. */
  minSamplings: 3,
  /** Pseudo-ponds at the default curve's growth each day's reading is shrunk toward. */
  shrink: 1,
  /** Days past the farm's furthest covered DOC over which its multiple of the default's growth halves toward 1. */
  tailHalfLife: 60,
  /** Pseudo-ponds at a new farm's level and pace (the default prior's) the ponds' mean (ℓ, ρ) is shrunk toward. */
  meanShrink: 16,
  /** ADR 0117: the level and pace's mean stay the default prior's (the ponds teach the curve's shape only). */
  shapeOnly: true,
  /** ADR 0117: the covered days' multiples divided by their mean (weighted by the default's growth), so the curve keeps the default's pace over them. */
  normalise: false,
  /** ADR 0117: read only ponds sampled at least this many days past the forecast pond's DOC (0: all). */
  ahead: 0,
  /**
   * ADR 0118: how much of the running curve (its departure from the default's, in ln ABW by DOC)
   * the prior takes. 'none': all of it (ADR 0117). 'loo': a share set by evidence, as ADR 0110 sets
   * the logistic's: each running pond fitted (ln W = a + c·C(t), samplings from DOC 14) on the
   * default curve and on the running curve of the OTHER ponds; the share is the prior share times
   * exp(−RSS/2s²) of the running curve over the two's. 'fit': the same with the running curve of all
   * the ponds, the pond's own among them (no hold-out). 'predict': as 'loo', but each pond's last
   * `evidenceHorizon` days of samplings are forecast from its earlier ones (a, c fitted on those)
   * and the RSS is of that forecast: the evidence is how well each curve forecasts, not fits.
   * 'forecast': as 'predict', but the forecast is the product's own (`fitGrowth` from the pond's
   * samplings up to `evidenceHorizon` days before its last, on the default prior and on the prior
   * with the other ponds' running curve), scored in ln ABW at the samplings after.
   */
  evidence: 'forecast',
  /** ADR 0118 ('predict'): the days of each pond's last samplings forecast from its earlier ones. */
  evidenceHorizon: 21,
  /** ADR 0118: the running curve's prior share before the ponds' evidence (the default's is the rest). */
  evidenceShare: 0.5,
  /** ADR 0118: multiplies the evidence's log-likelihood ratio (1: as ADR 0110; < 1 tempers it for ponds' correlated residuals). */
  evidenceScale: 1,
  /**
   * Tuning only (ADR 0118, "Not yet: season"): read only the running ponds stocked within this many
   * days of the pond forecast (they meet the season at the same DOCs); 0 reads them all.
   */
  window: 0,
};

/** Ponds that must cover a day for the farm's own growth that day (as `farmCurve`'s). */
const MIN_COVER = 3;

/** A running pond as the curve reads it: its samplings up to today (DOC, ABW). */
export interface RunningCycle {
  points: readonly GrowthPoint[];
  /** Days it was stocked after the pond forecast (negative: before); absent, unknown (read whatever `window`). */
  stockOffset?: number;
}

const defaultCurve = DEFAULT_PRIOR.curve;

/** The number of ponds whose sampling intervals span each day (as `farmCurve` counts them). */
function coverOf(cycles: readonly (readonly GrowthPoint[])[]): Int32Array {
  const count = new Int32Array(MAX_DOC);
  for (const c of cycles) {
    const pts = c.filter((p) => p.doc > 0 && p.abw > 0).sort((a, b) => a.doc - b.doc);
    const first = pts[0];
    const last = pts.at(-1);
    if (!first || !last) continue;
    for (let d = Math.floor(first.doc); d < Math.min(MAX_DOC, Math.floor(last.doc)); d++)
      count[d] = (count[d] as number) + 1;
  }
  return count;
}

const defRate = (d: number) => (defaultCurve[d + 1] as number) - (defaultCurve[d] as number);

/**
 * The running ponds' curve (ln ABW by DOC from the default's DOC-0 weight): each covered day the
 * ponds' growth as a multiple of the default's, shrunk toward 1 by `shrink` pseudo-ponds; past the
 * furthest day 3 ponds cover, a multiple above 1 halving toward 1 in `tailHalfLife` days.
 */
function runningCurve(usable: readonly (readonly GrowthPoint[])[], shrink: number): number[] {
  const S = RUNNING_SETTINGS;
  const farm = farmCurve(usable);
  const count = coverOf(usable);
  let last = MAX_DOC - 1;
  while (last > 0 && (count[last] as number) < MIN_COVER) last--;
  // The farm's growth each covered day as a multiple of the default's, shrunk toward 1 by the ponds covering it.
  const ratios: number[] = [];
  for (let d = 0; d <= last; d++) {
    const farmRate = (farm[d + 1] as number) - (farm[d] as number);
    const k = Math.max(count[d] as number, MIN_COVER);
    const r = defRate(d) > 0 ? farmRate / defRate(d) : 1;
    ratios.push(1 + (k / (k + shrink)) * (r - 1));
  }
  if (S.normalise) {
    // Keep the shape, not the pace: over the days 3 ponds cover, the default's growth in all.
    let first = 0;
    while (first < last && (count[first] as number) < MIN_COVER) first++;
    let own = 0;
    let def = 0;
    for (let d = first; d <= last; d++) {
      own += (ratios[d] as number) * defRate(d);
      def += defRate(d);
    }
    const m = own > 0 && def > 0 ? own / def : 1;
    for (let d = 0; d <= last; d++) ratios[d] = (ratios[d] as number) / m;
  }
  const curve = [defaultCurve[0] as number];
  let ratio = 1;
  for (let d = 0; d < MAX_DOC; d++) {
    if (d <= last) ratio = ratios[d] as number;
    else ratio = ratio < 1 ? 1 : 1 + (ratio - 1) * 0.5 ** (1 / S.tailHalfLife);
    curve.push((curve[d] as number) + ratio * defRate(d));
  }
  return curve;
}

/** ln W = a + c·C(t) fitted by least squares to a pond's samplings from DOC 14 on: its RSS and count (null under 3). */
function shapeRss(
  points: readonly GrowthPoint[],
  curve: readonly number[],
): { rss: number; n: number } | null {
  const pts = points.filter((p) => p.doc >= SHAPE_AVERAGE_SETTINGS.fromDoc && p.doc < MAX_DOC);
  // 'predict': fitted on the samplings up to `evidenceHorizon` days before the last, RSS on the rest.
  const predict = RUNNING_SETTINGS.evidence === 'predict';
  const lastDoc = Math.max(...pts.map((p) => p.doc));
  const fitted = predict ? pts.filter((p) => p.doc <= lastDoc - RUNNING_SETTINGS.evidenceHorizon) : pts;
  const scored = predict ? pts.filter((p) => p.doc > lastDoc - RUNNING_SETTINGS.evidenceHorizon) : pts;
  if (fitted.length < 3 || scored.length === 0) return null;
  const f = line(
    fitted.map((p) => curveAt(curve, p.doc)),
    fitted.map((p) => Math.log(p.abw)),
    fitted.map(() => 1),
  );
  const rss = scored.reduce((r, p) => r + (Math.log(p.abw) - f.b - f.k * curveAt(curve, p.doc)) ** 2, 0);
  return { rss, n: scored.length };
}

/**
 * ADR 0118 ('forecast'): the pond forecast by the product (`fitGrowth`) from its samplings up to
 * `evidenceHorizon` days before its last, on `prior`: the RSS in ln ABW at the samplings after
 * (null with fewer than 3 before or none after).
 */
function forecastRss(points: readonly GrowthPoint[], prior: GrowthPrior): { rss: number; n: number } | null {
  const lastDoc = Math.max(...points.map((p) => p.doc));
  const cut = lastDoc - RUNNING_SETTINGS.evidenceHorizon;
  const known = points.filter((p) => p.doc <= cut);
  const scored = points.filter((p) => p.doc > cut && p.doc < MAX_DOC);
  if (known.length < 3 || scored.length === 0) return null;
  const fit = fitGrowth(known, prior);
  const rss = scored.reduce((r, p) => r + (Math.log(p.abw) - lnAbw(fit, p.doc)) ** 2, 0);
  return { rss, n: scored.length };
}

/**
 * ADR 0118: the share of the running curve's departure from the default's the ponds' own samplings
 * bear out (as ADR 0110 weighs the logistic): the prior share `evidenceShare` times exp(−RSS/2s²)
 * of the ponds on the running curve over the two curves', each pond read on the curve of the
 * other ponds ('loo'; the default's with fewer than `minCycles` others) or of all ('fit'). s² is
 * the larger of 0.06² and the better curve's residual variance. A shape the ponds do not share
 * (sampling noise, ponds unlike each other) fits the held-out pond no better than the default, and
 * the share falls toward the prior share or below; a shape they share takes the share toward 1.
 */
function evidenceShare(
  usable: readonly (readonly GrowthPoint[])[],
  shrink: number,
  full: readonly number[],
): number {
  const S = RUNNING_SETTINGS;
  let rssDef = 0;
  let rssRun = 0;
  let count = 0;
  let ponds = 0;
  usable.forEach((pts, i) => {
    const others = usable.filter((_, j) => j !== i);
    const curve =
      S.evidence === 'fit'
        ? full
        : others.length >= S.minCycles
          ? runningCurve(others, shrink)
          : defaultCurve;
    const def = S.evidence === 'forecast' ? forecastRss(pts, DEFAULT_PRIOR) : shapeRss(pts, defaultCurve);
    const run =
      S.evidence === 'forecast' ? forecastRss(pts, { ...DEFAULT_PRIOR, curve }) : shapeRss(pts, curve);
    if (!def || !run) return;
    rssDef += def.rss;
    rssRun += run.rss;
    count += def.n;
    ponds++;
  });
  if (ponds === 0) return S.evidenceShare;
  const s2 = Math.max(
    SHAPE_AVERAGE_SETTINGS.obsSd ** 2,
    Math.min(rssDef, rssRun) /
      Math.max(1, S.evidence === 'predict' || S.evidence === 'forecast' ? count : count - 2 * ponds),
  );
  const logit =
    Math.log(S.evidenceShare / (1 - S.evidenceShare)) + (S.evidenceScale * (rssDef - rssRun)) / (2 * s2);
  return 1 / (1 + Math.exp(-logit));
}

/**
 * The prior of a farm with no finished cycle from its running ponds' samplings up to today (the
 * pond forecast among them); the default prior with fewer than `minCycles` ponds read.
 */
/** The prior, with how many running ponds it read (absent: the default prior itself). */
export type RunningPrior = GrowthPrior & {
  running?: number;
  /** ADR 0118: the share of the running curve's departure from the default's the prior took (1 without `evidence`). */
  share?: number;
};

export function runningPrior(
  cycles: readonly RunningCycle[],
  shrink: number = RUNNING_SETTINGS.shrink,
  pondDoc: number | null = null,
): RunningPrior {
  const S = RUNNING_SETTINGS;
  const usable = cycles
    .filter((c) => !(S.window > 0 && c.stockOffset !== undefined && Math.abs(c.stockOffset) > S.window))
    .map((c) =>
      c.points.filter((p) => Number.isFinite(p.doc) && p.doc > 0 && Number.isFinite(p.abw) && p.abw > 0),
    )
    .filter((pts) => pts.length >= S.minSamplings)
    .filter(
      (pts) => !(S.ahead > 0 && pondDoc !== null) || Math.max(...pts.map((p) => p.doc)) >= pondDoc + S.ahead,
    );
  const n = usable.length;
  if (n < S.minCycles) return DEFAULT_PRIOR;
  const full = runningCurve(usable, shrink);
  const share = S.evidence === 'none' ? 1 : evidenceShare(usable, shrink, full);
  const curve =
    share === 1
      ? full
      : full.map((c, d) => (defaultCurve[d] as number) + share * (c - (defaultCurve[d] as number)));
  if (S.shapeOnly) return { ...DEFAULT_PRIOR, curve, running: n, share };
  const loose: GrowthPrior = {
    ...DEFAULT_PRIOR,
    curve,
    mean: [curve[REF_DOC] as number, 1],
    cov: [4 * (DEFAULT_PRIOR.cov[0] as number), 0, 0, 4 * (DEFAULT_PRIOR.cov[3] as number)],
  };
  // The ponds' mean (ℓ, ρ) on that curve, shrunk toward a new farm's (the default prior's).
  const thetas = usable.map((pts) => fitLevelPace(pts, loose).theta);
  const mean = [0, 1].map((j) => {
    const own = thetas.reduce((s, t) => s + (t[j] as number), 0);
    return (own + S.meanShrink * (DEFAULT_PRIOR.mean[j] as number)) / (n + S.meanShrink);
  }) as unknown as Theta;
  return { ...DEFAULT_PRIOR, curve, mean, running: n, share };
}
