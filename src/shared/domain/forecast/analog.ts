/**
 * The fourth reading (ADR 0090): the farm's own finished ponds that grew like this one.
 *
 * The farm curve is one shape for every pond. A farm whose ponds grow in more than one way
 * (post-larvae and nursery juveniles, dense ponds that plateau, thin ones that do not) has a
 * curve that fits none of them: past the last sampling the forecast runs the average shape.
 * Here each finished cycle of the farm is kept as its own path (ln ABW by DOC between its
 * first and last samplings) and the pond is laid on each at the day that path had the
 * pond's ABW. The paths whose weeks before that day look like the pond's last samplings,
 * and that got there at about the same DOC, weigh most; what they grew next is the reading.
 * A farm learns how much to trust it (`analogWeight`, from its replays); a new farm has no
 * paths and no such reading.
 */
import { type AnalogPath, type GrowthPoint, MAX_DOC } from './growth-model.ts';

export type { AnalogPath };

export const ANALOG_SETTINGS = {
  /** The latest finished cycles kept as paths. */
  cycles: 40,
  /** sd of ln ABW when a path is compared with the pond's samplings (a sampling's error and a pond's own path). */
  lnSd: 0.1,
  /** sd in days of the DOC a path had the pond's ABW against the pond's DOC. */
  docSd: 12,
  /** The pond's samplings compared: those within this many days before its last. */
  lookBack: 35,
  /** Days of the path's end whose gain continues it. */
  tailDays: 14,
  /** The most alike paths the reading is read from. */
  nearest: 12,
  /** Pseudo-samplings at share 0 the farm's learnt share of the reading is shrunk toward. */
  shrink: 20,
  /**
   * The share is kept only when, learnt on half the farm's cycles, it takes at least this
   * part off the other half's squared miss (ADR 0090, second round; `farmReplay`).
   */
  crossGain: 0.45,
} as const;

/** The path of a finished cycle's samplings; null with fewer than two. */
export function analogPath(points: readonly GrowthPoint[]): AnalogPath | null {
  const pts = points
    .filter((p) => Number.isFinite(p.doc) && p.doc > 0 && Number.isFinite(p.abw) && p.abw > 0)
    .sort((a, b) => a.doc - b.doc);
  const a = pts[0];
  const z = pts.at(-1);
  if (!a || !z || pts.length < 2) return null;
  const first = Math.ceil(a.doc);
  const last = Math.min(MAX_DOC, Math.floor(z.doc));
  if (last <= first) return null;
  const ln = new Float64Array(last - first + 1);
  let j = 0;
  for (let d = first; d <= last; d++) {
    while (j < pts.length - 2 && (pts[j + 1] as GrowthPoint).doc < d) j++;
    const p = pts[j] as GrowthPoint;
    const q = pts[j + 1] as GrowthPoint;
    const f = q.doc > p.doc ? Math.min(1, Math.max(0, (d - p.doc) / (q.doc - p.doc))) : 1;
    ln[d - first] = Math.log(p.abw) + f * (Math.log(q.abw) - Math.log(p.abw));
  }
  const end = ln.length - 1;
  const back = Math.max(0, end - ANALOG_SETTINGS.tailDays);
  const tailGain =
    end > back ? Math.max(0, (Math.exp(ln[end] as number) - Math.exp(ln[back] as number)) / (end - back)) : 0;
  const ext = new Float64Array(2 * MAX_DOC + 2);
  ext.set(ln);
  const lnEnd = ln[end] as number;
  for (let x = end + 1; x < ext.length; x++) ext[x] = Math.log(Math.exp(lnEnd) + tailGain * (x - end));
  return { first, ln, tailGain, ext };
}

/** A path's ln ABW at a (fractional) DOC from its first day on (linear between days); past its end, its tail gain continued. */
function pathAt(p: AnalogPath, doc: number): number {
  const ext = p.ext;
  const x = doc - p.first;
  if (!(x > 0)) return ext[0] as number;
  const last = ext.length - 1;
  if (x >= last) return ext[last] as number;
  const i = Math.floor(x);
  const f = x - i;
  return (ext[i] as number) * (1 - f) + (ext[i + 1] as number) * f;
}

/** The (fractional) DOC at which a path first reaches ln ABW `y` within its samplings; null when it does not. */
function pathReaching(p: AnalogPath, y: number): number | null {
  if ((p.ln[0] as number) > y) return null;
  for (let i = 1; i < p.ln.length; i++) {
    const b = p.ln[i] as number;
    if (b >= y) {
      const a = p.ln[i - 1] as number;
      return p.first + i - 1 + (b > a ? (y - a) / (b - a) : 1);
    }
  }
  return null;
}

/**
 * The analog reading of a pond (ADR 0090): ln ABW by whole DOC from `fromDoc` + 1 to
 * `toDoc` (MAX_DOC unless told; index = DOC; NaN outside), started from `fromLn` (the forecast's ln ABW at
 * the pond's last sampling, `fromDoc`). Each path is laid on the pond at the day t it had
 * that ABW and weighs exp(−½·(Σ over the pond's samplings of the last `lookBack` days of
 * ((their ln ABW − the path's the same days before t) / lnSd)², over their count, + ((t −
 * fromDoc)/docSd)²)); the reading is fromLn plus the weighted mean of what the paths grew
 * from t on. Null without any path reaching that ABW.
 */
export function analogReading(
  points: readonly GrowthPoint[],
  fromDoc: number,
  fromLn: number,
  paths: readonly AnalogPath[],
  toDoc: number = MAX_DOC,
): Float64Array | null {
  const recent = points.filter((p) => p.doc > 0 && p.abw > 0 && p.doc >= fromDoc - ANALOG_SETTINGS.lookBack);
  const laid: { t: number; cost: number; path: AnalogPath }[] = [];
  let least = Number.POSITIVE_INFINITY;
  for (const path of paths) {
    const t = pathReaching(path, fromLn);
    if (t === null) continue;
    let sq = 0;
    let n = 0;
    for (const p of recent) {
      const at = t - (fromDoc - p.doc);
      if (at < path.first) continue;
      sq += ((Math.log(p.abw) - pathAt(path, at)) / ANALOG_SETTINGS.lnSd) ** 2;
      n++;
    }
    const cost = (n > 0 ? sq / n : 0) + ((t - fromDoc) / ANALOG_SETTINGS.docSd) ** 2;
    laid.push({ t, cost, path });
    if (cost < least) least = cost;
  }
  if (laid.length === 0) return null;
  const out = new Float64Array(MAX_DOC + 1).fill(Number.NaN);
  const start = Math.floor(fromDoc) + 1;
  // The `nearest` paths, less those under 1/100 of the nearest's weight (they would hardly move the mean).
  const kept = laid
    .sort((a, b) => a.cost - b.cost)
    .slice(0, ANALOG_SETTINGS.nearest)
    .map((x) => ({ ...x, w: Math.exp(-0.5 * (x.cost - least)) }))
    .filter((x) => x.w >= 1e-2);
  const k = kept.length;
  const total = kept.reduce((s, x) => s + x.w, 0);
  // Per path: its weight, the day on it of the pond's last sampling, the last day of its
  // samplings, and its ln ABW on the day before (each day's step reads one new point).
  const ws = Float64Array.from(kept, (x) => x.w);
  const shift = Float64Array.from(kept, (x) => x.t - fromDoc);
  const ends = Float64Array.from(kept, (x) => x.path.first + x.path.ln.length - 1);
  const before = Float64Array.from(kept, (x) => pathAt(x.path, x.t));
  // Day by day, the growth of the paths still within their samplings on that day (weights
  // renormalised over them) while they hold a quarter of the weight or more; below, moved
  // toward every path's, tails continued. A path harvested small would otherwise carry its
  // last weeks' pace to sizes it never had.
  let level = fromLn;
  const end = Math.min(MAX_DOC, Math.floor(toDoc));
  for (let d = start; d <= end; d++) {
    let inner = 0;
    let innerW = 0;
    let all = 0;
    for (let j = 0; j < k; j++) {
      const b = (shift[j] as number) + d;
      const now = pathAt((kept[j] as (typeof kept)[number]).path, b);
      const w = ws[j] as number;
      const step = now - (before[j] as number);
      before[j] = now;
      all += w * step;
      if (b <= (ends[j] as number)) {
        inner += w * step;
        innerW += w;
      }
    }
    // (Moved to them as their weight grows to a quarter of the paths'.)
    const covered = Math.min(1, innerW / (0.25 * total));
    level += (covered > 0 ? covered * (inner / innerW) : 0) + (1 - covered) * (all / total);
    out[d] = level;
  }
  return out;
}

/** The horizon term of the reading's share: days ahead of the last sampling over 30, at most 2. */
export const analogHorizon = (ahead: number): number => Math.min(2, Math.max(0, ahead) / 30);

/** The reading's share `ahead` of the last sampling: a + b·analogHorizon(ahead), held to 0…1. */
export function analogShareAt(share: readonly [number, number] | undefined, x: number): number {
  if (!share) return 0;
  return Math.min(1, Math.max(0, share[0] + share[1] * x));
}
