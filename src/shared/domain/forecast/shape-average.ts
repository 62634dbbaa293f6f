/**
 * A new farm's pond chooses its own shape (ADR 0110): the prior curve's slowing, or a logistic
 * pond that has not begun to slow, averaged by how well each fits the pond's own samplings.
 *
 * The default curve slows from DOC 45 on, as published grow-outs do (ADR 0106). A pond whose
 * samplings keep growing at a near-constant rate in ln ABW (logistic growth long before its
 * inflection) is then forecast weeks late. Two families are fitted to the samplings from
 * DOC `fromDoc` on, all weighted alike (the shape needs their span, not their recency), each
 * with two free parameters:
 * - the prior's shape: ln W = a + c·C(t), C the prior curve (level and pace, as the fit's);
 * - logistic to a W∞ of `asymptotes` (× the default curve's): ln W = ln W∞ − ln(1 + e^(−(b + k·t))),
 *   fitted as a line in z = ln(W ÷ (W∞ − W)), each sampling weighted by (dz/d ln W)⁻².
 * Their posterior shares are prior share × exp(−RSS ÷ 2s²) (equal parameter counts, so no
 * further penalty), s² the larger of `obsSd`² and the better fit's residual variance: a pond
 * whose samplings scatter (weather, disease) speaks more softly. Past the last sampling the
 * forecast is the shares' mix of the forecast itself and each logistic run from the forecast's
 * ABW there at its fitted k; the band widens by the mix's spread. A pond that slows as the
 * prior does keeps a logistic share near nothing and is forecast as before.
 *
 * Samplings spanning `bandSpan` to `minSpan` days (4 of them by DOC 45, ADR 0112) read the same
 * shares but do not move the forecast (too few days to choose a shape: ADR 0110 found the
 * published cycles' DOC 45 cut lost 4.6 days when they did); the band widens by the shapes'
 * spread around the forecast as it stands, so a pond that might be logistic is told so.
 */
import { curveAt, DEFAULT_CURVE, type GrowthPoint, MAX_DOC } from './growth-model.ts';

export const SHAPE_AVERAGE_SETTINGS = {
  /** Least samplings for the shape to be read. */
  minSamplings: 4,
  /** Least days from the first of them to the last. */
  minSpan: 28,
  /**
   * Least span for the band alone (ADR 0112): from this span to `minSpan` the shapes' spread
   * around the forecast widens its band, and the forecast itself is not moved.
   */
  bandSpan: 21,
  /** Samplings before this DOC are not read (the exponential stanza of the first weeks). */
  fromDoc: 14,
  /** Prior share of the logistic family (the rest is the prior curve's shape). */
  logisticShare: 0.2,
  /** The logistic's W∞, as multiples of the default curve's (a new farm does not know its own). */
  asymptotes: [0.8, 1, 1.3] as readonly number[],
  /** Least sd of a sampling's ln ABW (as the fit's `obsSd`). */
  obsSd: 0.06,
} as const;

/** The shape reading past the last sampling, by whole DOC (0 up to it). */
export interface ShapeAverage {
  /** What the average adds to the forecast's ln ABW. */
  shift: number[];
  /** sd of ln ABW between the shapes, in their shares. */
  spread: number[];
  /** Posterior share of the logistic family. */
  logistic: number;
}

/** Weighted least-squares line y = b + k·x: its intercept, slope and the fitted values. */
export function line(xs: readonly number[], ys: readonly number[], ws: readonly number[]) {
  let sw = 0;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < xs.length; i++) {
    const w = ws[i] as number;
    sw += w;
    mx += w * (xs[i] as number);
    my += w * (ys[i] as number);
  }
  mx /= sw;
  my /= sw;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < xs.length; i++) {
    const w = ws[i] as number;
    sxx += w * ((xs[i] as number) - mx) ** 2;
    sxy += w * ((xs[i] as number) - mx) * ((ys[i] as number) - my);
  }
  const k = sxx > 0 ? sxy / sxx : 0;
  return { b: my - k * mx, k };
}

/**
 * The average of shapes for a pond's samplings (sorted by DOC) against `curve` (ln ABW of the
 * prior by DOC) and `mean` (the forecast's ln ABW by DOC so far); null with fewer than
 * `minSamplings` read, a span under `minSpan` days, or a pond already near a logistic's W∞ (a
 * sampling, or the forecast at the last one, at 90 % of it).
 */
export function shapeAverage(
  points: readonly GrowthPoint[],
  curve: readonly number[],
  mean: readonly number[],
): ShapeAverage | null {
  const S = SHAPE_AVERAGE_SETTINGS;
  const pts = points.filter((p) => p.doc >= S.fromDoc && p.doc < MAX_DOC);
  const first = pts[0];
  const last = pts.at(-1);
  if (
    !first ||
    !last ||
    pts.length < S.minSamplings ||
    last.doc - first.doc < Math.min(S.minSpan, S.bandSpan)
  )
    return null;
  // Under `minSpan` the samplings cannot yet choose the shape (ADR 0110), but the band can say it is open.
  const bandOnly = last.doc - first.doc < S.minSpan;
  const n = pts.length;
  const ts = pts.map((p) => p.doc);
  const ys = pts.map((p) => Math.log(p.abw));
  const ones = ts.map(() => 1);
  // The prior's shape: ln W = a + c·C(t).
  const xs = ts.map((t) => curveAt(curve, t));
  const own = line(xs, ys, ones);
  let rssPrior = 0;
  for (let i = 0; i < n; i++) rssPrior += ((ys[i] as number) - own.b - own.k * (xs[i] as number)) ** 2;
  // Logistic to each W∞.
  // The forecast's ABW at the last sampling, where each logistic is run on from: near a W∞ as a sampling is.
  const lnL = curveAt(mean, last.doc);
  const logistics: { winf: number; k: number; rss: number }[] = [];
  for (const m of S.asymptotes) {
    const winf = m * DEFAULT_CURVE.winf;
    if (pts.some((p) => p.abw >= 0.9 * winf) || Math.exp(lnL) >= 0.9 * winf) return null;
    const zs = pts.map((p) => Math.log(p.abw / (winf - p.abw)));
    // dz/d ln W = W∞ ÷ (W∞ − W): a sampling's sd in z is that times its sd in ln W.
    const ws = pts.map((p) => ((winf - p.abw) / winf) ** 2);
    const fit = line(ts, zs, ws);
    if (!(fit.k > 0)) continue;
    let rss = 0;
    for (let i = 0; i < n; i++) {
      const lnW = Math.log(winf) - Math.log1p(Math.exp(-(fit.b + fit.k * (ts[i] as number))));
      rss += ((ys[i] as number) - lnW) ** 2;
    }
    logistics.push({ winf, k: fit.k, rss });
  }
  if (logistics.length === 0) return null;
  const best = Math.min(rssPrior, ...logistics.map((l) => l.rss));
  const s2 = Math.max(S.obsSd ** 2, best / Math.max(1, n - 2));
  const each = S.logisticShare / S.asymptotes.length;
  const priorW = (1 - S.logisticShare) * Math.exp(-(rssPrior - best) / (2 * s2));
  const ws = logistics.map((l) => each * Math.exp(-(l.rss - best) / (2 * s2)));
  const total = priorW + ws.reduce((a, b) => a + b, 0);
  const shares = ws.map((w) => w / total);
  const tL = last.doc;
  const from = Math.floor(tL);
  const shift = new Array<number>(MAX_DOC + 1).fill(0);
  const spread = new Array<number>(MAX_DOC + 1).fill(0);
  const starts = logistics.map((l) => Math.log(Math.exp(lnL) / (l.winf - Math.exp(lnL))));
  for (let d = from + 1; d <= MAX_DOC; d++) {
    const m0 = mean[d] as number;
    let m = (priorW / total) * m0;
    const vs = logistics.map((l, j) => {
      const v = Math.log(l.winf) - Math.log1p(Math.exp(-((starts[j] as number) + l.k * (d - tL))));
      m += (shares[j] as number) * v;
      return v;
    });
    let v2 = (priorW / total) * (m0 - m) ** 2;
    vs.forEach((v, j) => {
      v2 += (shares[j] as number) * (v - m) ** 2;
    });
    if (bandOnly) {
      // The shapes' spread around the forecast as it stands (it is not moved).
      v2 = 0;
      vs.forEach((v, j) => {
        v2 += (shares[j] as number) * (v - m0) ** 2;
      });
    } else shift[d] = m - m0;
    spread[d] = Math.sqrt(v2);
  }
  return { shift, spread, logistic: 1 - priorW / total };
}
