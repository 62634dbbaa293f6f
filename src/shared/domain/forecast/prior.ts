import {
  ANALOG_SETTINGS,
  type AnalogPath,
  analogHorizon,
  analogPath,
  analogReading,
  analogShareAt,
} from './analog.ts';
import {
  BAND_DOCS,
  departureVar,
  FIT_SETTINGS,
  fitLevelPace,
  type GrowthPoint,
  growOutPoints,
  modelLnSd,
  type Readings,
  readings,
  recentGain,
  recentShift,
  recentTrustAt,
} from './fit.ts';
import {
  type Cov2,
  DEFAULT_PRIOR,
  DEFAULT_SPREAD,
  type GrowthPrior,
  MAX_DOC,
  priorFor,
  type Season,
  seasonAngle,
  seasonLn,
  type Theta,
} from './growth-model.ts';
import { RICHARDS_SETTINGS, richardsPrior, richardsReading } from './richards.ts';

/** A finished cycle as the prior learns from it: its samplings and, when known, its stocking day. */
export interface FinishedCycle {
  points: readonly GrowthPoint[];
  stockDate?: string | null;
}
type CycleLike = readonly GrowthPoint[] | FinishedCycle;
/** A finished cycle's samplings of the grow-out (`growOutPoints`: none before DOC 14). */
const pointsOf = (c: CycleLike): readonly GrowthPoint[] => growOutPoints('points' in c ? c.points : c);
const dateOf = (c: CycleLike): string | null => ('points' in c ? (c.stockDate ?? null) : null);

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
/** Dated finished cycles needed before the farm's season is learnt. */
export const MIN_SEASON_CYCLES = 8;
/** Ridge of the season fit, as a share of the intervals' total weight (no season without evidence). */
const SEASON_RIDGE = 0.05;

/** Daily growth rate in ln ABW of the default curve. */
const defaultRate = (d: number) =>
  (DEFAULT_PRIOR.curve[d + 1] as number) - (DEFAULT_PRIOR.curve[d] as number);

/**
 * The mean of the middle half of the values (a quarter, rounded down, dropped at each
 * end): with fewer than four values, their mean.
 */
function interquartileMean(xs: Float64Array): number {
  const s = xs.sort();
  const cut = Math.floor(s.length / 4);
  let sum = 0;
  for (let i = cut; i < s.length - cut; i++) sum += s[i] as number;
  return sum / (s.length - 2 * cut);
}

/**
 * The farm's growth curve in ln ABW by DOC: on each day, the typical daily growth in ln
 * ABW of the farm's finished cycles whose sampling intervals span that day (Δ ln ABW /
 * Δ days between consecutive samplings; a pond's size cancels out, only its pace counts),
 * the mean of their middle half (ADR 0084): a pond sick or sold down on that day does not
 * pull the typical pond's pace, and a sampling that read light, not its neighbours. Days
 * covered by fewer than MIN_COVER cycles (before the first samplings, after the longest
 * cycles) take the default curve's rate, scaled to meet the farm's at the edge.
 */
export function farmCurve(cycles: readonly (readonly GrowthPoint[])[]): number[] {
  // Day d's rates at d·n … d·n + count[d] (a cycle's intervals do not overlap: one rate a day).
  const n = cycles.length;
  const rates = new Float64Array(MAX_DOC * n);
  const count = new Int32Array(MAX_DOC);
  for (const c of cycles) {
    const pts = c.filter((p) => p.doc > 0 && p.abw > 0).sort((a, b) => a.doc - b.doc);
    for (let i = 1; i < pts.length; i++) {
      const a = pts[i - 1] as GrowthPoint;
      const b = pts[i] as GrowthPoint;
      if (b.doc <= a.doc) continue;
      const r = (Math.log(b.abw) - Math.log(a.abw)) / (b.doc - a.doc);
      for (let d = Math.floor(a.doc); d < Math.min(MAX_DOC, Math.floor(b.doc)); d++) {
        if ((count[d] as number) >= n) continue;
        rates[d * n + (count[d] as number)] = r;
        count[d] = (count[d] as number) + 1;
      }
    }
  }
  const covered = (d: number) => (count[d] as number) >= MIN_COVER;
  let first = 0;
  while (first < MAX_DOC && !covered(first)) first++;
  let last = MAX_DOC - 1;
  while (last >= 0 && !covered(last)) last--;
  const rate = new Array<number>(MAX_DOC).fill(0);
  if (first > last) return [...DEFAULT_PRIOR.curve];
  for (let d = first; d <= last; d++)
    rate[d] = covered(d)
      ? interquartileMean(rates.subarray(d * n, d * n + (count[d] as number)))
      : (rate[d - 1] as number);
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
 * MIN_CYCLE_SAMPLINGS samplings, and, once MIN_SEASON_CYCLES of them carry their
 * stocking day, the farm's season (`farmSeason`); each cycle is then fitted on that curve (through its season) with a loose
 * prior, and the farm prior's (ℓ, ρ) mean and covariance are theirs (shrunk toward the
 * default spread with few cycles, sd never below SD_FLOOR). Fewer than MIN_PRIOR_CYCLES
 * usable cycles → the default prior.
 */
export function farmPrior(cycles: readonly CycleLike[]): GrowthPrior {
  const usable = cycles.filter((c) => pointsOf(c).filter((p) => p.abw > 0).length >= MIN_CYCLE_SAMPLINGS);
  const n = usable.length;
  if (n < MIN_PRIOR_CYCLES) return DEFAULT_PRIOR;
  const asGrown = farmCurve(usable.map(pointsOf));
  const dated = usable.filter((c): c is FinishedCycle => dateOf(c) !== null);
  const season = dated.length >= MIN_SEASON_CYCLES ? farmSeason(dated, asGrown) : undefined;
  const curve = season ? deseason(asGrown, dated, season) : asGrown;
  const loose: GrowthPrior = {
    curve,
    mean: [curve[60] as number, 1],
    cov: [4 * DEFAULT_SPREAD.level ** 2, 0, 0, 4 * DEFAULT_SPREAD.rate ** 2],
    ...(season ? { season } : {}),
    source: 'farm',
    cycles: n,
  };
  const thetas = usable.map((c) => fitLevelPace(pointsOf(c), loose, dateOf(c)).theta);
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
  // The latest cycles' paths (ADR 0090): the analog reading's ponds.
  const pathOf = new Map<CycleLike, AnalogPath>();
  for (const c of latestFirst(usable).slice(0, ANALOG_SETTINGS.cycles)) {
    const path = analogPath(pointsOf(c));
    if (path) pathOf.set(c, path);
  }
  // The farm's growth by size (ADR 0103).
  const richards = richardsPrior(farmCycles(usable), season);
  const prior: GrowthPrior = {
    curve,
    mean,
    cov: cov as unknown as Cov2,
    ...(season ? { season } : {}),
    ...(richards ? { richards } : {}),
    analogs: [...pathOf.values()],
    source: 'farm',
    cycles: n,
  };
  return { ...prior, ...farmReplay(usable, prior, pathOf) };
}

/** Cycles as `richardsPrior` reads them. */
const farmCycles = (cycles: readonly CycleLike[]) =>
  cycles.map((c) => ({ points: pointsOf(c), stockDate: dateOf(c) }));

/** The cycles latest stocked first (undated ones after, in their order). */
function latestFirst<C extends CycleLike>(cycles: readonly C[]): C[] {
  return cycles
    .map((c, i) => ({ c, i, day: dateOf(c) ?? '' }))
    .sort((a, b) => (a.day === b.day ? a.i - b.i : a.day < b.day ? 1 : -1))
    .map((x) => x.c);
}

/** The cut (DOC) each finished cycle is replayed at to weigh the two readings. */
const WEIGHT_CUTS = [50] as const;
/** The cuts each finished cycle is replayed at to learn the band's width (ADR 0084): early, mid and late culture. */
const BAND_CUTS = BAND_DOCS;
/** The latest finished cycles replayed at the band's other cuts (the cost grows with them). */
const BAND_CYCLES = 10;
const REPLAY_CUTS = [...new Set<number>([...WEIGHT_CUTS, ...BAND_CUTS])].sort((a, b) => a - b);
/** Days ahead of a cut whose samplings grade the readings. */
const WEIGHT_AHEAD = [7, 28] as const;
/** Pseudo-pairs at half and half the learnt share is shrunk toward. */
const WEIGHT_SHRINK = 10;
/** The most recently stocked finished cycles the share is learnt from (its cost grows with them). */
const WEIGHT_CYCLES = 20;

/** Pseudo-samplings at the default share the learnt share of a recent departure is shrunk toward (ADR 0087). */
const RECENT_SHRINK = 20;
/** The fades (e-folding days) of the continued recent gain a farm chooses among (ADR 0090). */
const RECENT_FADES: readonly number[] = [7, 14, 28, 56, 112];
/**
 * The part of the default fade's squared miss (14 days) another fade must take off to be chosen
 * (ADR 0090, second round): a fade chosen on a hair's difference moved the harvest day of a farm
 * whose ponds keep no slowed gain.
 */
const FADE_GAIN = 0.06;

/** Pseudo-samplings at scale 1 the learnt band scale is shrunk toward. */
const SCALE_SHRINK = 20;
/** The share of true ABW the band is meant to hold (z = FIT_SETTINGS.bandZ). */
const BAND_SHARE = 0.8;
/** Bounds of the learnt band scale (before its shrinkage toward 1). */
const SCALE_RANGE = [0.5, 2.5] as const;

/**
 * What the farm's own finished cycles teach when replayed (ADR 0078, 0084): its latest 20
 * finished cycles cut at DOC 50 (and the latest 10 also at DOC 30 and 70) and forecast on
 * the farm prior, graded on the samplings 7–28 days after the cut.
 *
 * - `warpWeight`, the share of the time-warp reading (cut at DOC 50): the blend of the two
 *   readings with the least squared error in ln ABW on them (least-squares stacking:
 *   Σ(y − L)(W − L) / Σ(W − L)², held to 0…1), shrunk toward ½ with few graded
 *   samplings. A farm whose ponds differ in size at one pace leans on level and pace; one
 *   whose ponds stand at other places on the curve (stocked smaller or later) leans on
 *   the warp.
 * - `bandScale`, how wide the band must be for this farm (every cut, `bandScaleOf`): the
 *   multiple of the model's band that holds 80 % of the blend's misses. A farm whose ponds
 *   grow more alike than the model allows gets a narrower band, one with more surprises a
 *   wider one. `bandScaleByDoc` (ADR 0095): the same, learnt on each cut's replays alone and
 *   shrunk toward `bandScale`, read by the DOC of a pond's last sampling (`bandScaleAt`): a
 *   farm whose ponds part early needs a wider band at DOC 30 than at DOC 70. A pond with a
 *   single sampling by the cut is replayed for the band too (the forecast through it).
 * - `recentWeight` and `recentFade` (ADR 0087, 0090): the share of the pond's recent gain
 *   continued, and over how many days ahead it fades, the pair (of RECENT_FADES) that leaves
 *   the least squared miss, the default fade unless another takes FADE_GAIN of its miss off;
 *   the gain trusted by DOC (`recentTrustAt`).
 * - `analogWeight` (ADR 0090): the share a + b·x of the reading of the farm's other finished
 *   ponds that grew alike (`analogReading`; a cycle is not its own analog), on every sampling
 *   after the cut, shrunk toward none, and none unless it carries from half the cycles to the
 *   other half (`analogShareOf`).
 * - The band scale is learnt on misses whose variance takes in the whole gaps to the recent
 *   gain and to the analog reading, as `lnSd` does.
 */
export function farmReplay(
  cycles: readonly CycleLike[],
  prior: GrowthPrior,
  pathOf?: ReadonlyMap<CycleLike, AnalogPath>,
): {
  warpWeight: number;
  recentWeight: number;
  recentFade: number;
  analogWeight: readonly [number, number];
  richardsWeight: readonly [number, number];
  bandScale: number;
  bandScaleByDoc: readonly [number, number, number];
} {
  let cross = 0;
  let apart = 0;
  let graded = 0;
  // Every replay's readings and the samplings that grade it (the recent pace is read on the blend, once its share is known).
  const replays: {
    r: Readings;
    ahead: GrowthPoint[];
    later: GrowthPoint[];
    others: readonly AnalogPath[];
    rank: number;
    cut: number;
    date: string | null;
  }[] = [];
  // Replays of a pond with one sampling by the cut (forecast from the prior through it): they
  // grade the band only (ADR 0095), the readings' shares are learnt on fitted ponds.
  const single: { r: Readings; ahead: GrowthPoint[]; cut: number }[] = [];
  // The replays' fits on their own samplings: the samplings' error.
  let fitSq = 0;
  let fitN = 0;
  // The latest stocked first (undated ones after, in their order): the same set whatever
  // order the server or the device hands them in.
  const recent = latestFirst(cycles).slice(0, WEIGHT_CYCLES);
  recent.forEach((c, rank) => {
    // The other cycles' paths (a cycle is not its own analog).
    const mine = pathOf?.get(c);
    const others = (prior.analogs ?? []).filter((p) => p !== mine);
    const pts = pointsOf(c).filter((p) => p.doc > 0 && p.abw > 0);
    // The cycle's season once (the readings of every cut run through the same months).
    const own = priorFor({ ...prior, warpWeight: undefined }, dateOf(c));
    for (const cut of REPLAY_CUTS) {
      if (rank >= BAND_CYCLES && !(WEIGHT_CUTS as readonly number[]).includes(cut)) continue;
      const known = pts.filter((p) => p.doc <= cut);
      const ahead = pts.filter((p) => p.doc > cut + WEIGHT_AHEAD[0] - 1 && p.doc <= cut + WEIGHT_AHEAD[1]);
      if (known.length === 0 || ahead.length === 0) continue;
      if (known.length === 1) {
        single.push({ r: readings(known, own), ahead, cut });
        continue;
      }
      const r = readings(known, own);
      for (const p of known) {
        fitSq += (Math.log(p.abw) - r.lnLevelPace(p.doc)) ** 2;
        fitN++;
      }
      if ((WEIGHT_CUTS as readonly number[]).includes(cut))
        for (const p of ahead) {
          const l = r.lnLevelPace(p.doc);
          const gap = r.lnWarp(p.doc) - l;
          cross += (Math.log(p.abw) - l) * gap;
          apart += gap * gap;
          graded++;
        }
      replays.push({
        r,
        ahead,
        later: pts.filter((p) => p.doc > cut + WEIGHT_AHEAD[0] - 1),
        others,
        rank,
        cut,
        date: dateOf(c),
      });
    }
  });
  const learnt = apart > 0 ? Math.min(1, Math.max(0, cross / apart)) : 0.5;
  const warpWeight = (graded * learnt + WEIGHT_SHRINK * 0.5) / (graded + WEIGHT_SHRINK);
  // The share of a recent departure to follow: least squares of the blend's misses on the
  // shift of following all of it (Σ e·D / Σ D², held to 0…1), shrunk toward the default;
  // for each fade of RECENT_FADES, the one whose share leaves the least squared miss (ADR 0090),
  // the default fade unless another takes FADE_GAIN of its miss off.
  const graded2: { e: number; v: number; shifts: number[]; raw: number[] }[] = [];
  const cutOf: number[] = [];
  for (const { r, ahead, cut } of replays) {
    const blend = (d: number) => (1 - warpWeight) * r.lnLevelPace(d) + warpWeight * r.lnWarp(d);
    const pace = recentGain(r.points, blend);
    const trust = pace ? recentTrustAt(pace.fromDoc) : 0;
    for (const _ of ahead) cutOf.push(cut);
    const graded = (p: GrowthPoint) => ({
      e: Math.log(p.abw) - blend(p.doc),
      v: modelLnSd(r.levelPace, p.doc) ** 2,
      shifts: RECENT_FADES.map((fade) => (pace ? trust * recentShift(blend, pace, p.doc, fade) : 0)),
      raw: RECENT_FADES.map((fade) => (pace ? recentShift(blend, pace, p.doc, fade) : 0)),
    });
    for (const p of ahead) graded2.push(graded(p));
  }
  const n2 = graded2.length;
  // The share for fade k.
  const weightOf = (k: number) => {
    let follow = 0;
    let spread = 0;
    for (const g of graded2) {
      const shift = g.shifts[k] as number;
      follow += g.e * shift;
      spread += shift * shift;
    }
    const stacked = spread > 0 ? Math.min(1, Math.max(0, follow / spread)) : FIT_SETTINGS.recentWeight;
    return (n2 * stacked + RECENT_SHRINK * FIT_SETTINGS.recentWeight) / (n2 + RECENT_SHRINK);
  };
  // Each fade's squared miss with its share.
  const missOf = (k: number) => {
    const w = weightOf(k);
    let sq = 0;
    for (const g of graded2) sq += (g.e - w * (g.shifts[k] as number)) ** 2;
    return sq;
  };
  const k0 = RECENT_FADES.indexOf(FIT_SETTINGS.recentFade);
  let chosen = { fade: FIT_SETTINGS.recentFade as number, k: k0 };
  let least = missOf(k0) * (1 - FADE_GAIN);
  RECENT_FADES.forEach((fade, k) => {
    if (k === k0) return;
    const sq = missOf(k);
    if (sq < least - 1e-12) {
      least = sq;
      chosen = { fade, k };
    }
  });
  const recentWeight = weightOf(chosen.k);
  // The analog reading's share (ADR 0090): least squares of the forecast's misses so far on
  // its gap to the analog reading, on every later sampling of the replays (the reading is
  // for the weeks to harvest), held to 0…1 and shrunk toward 0 (no evidence, no share).
  // Normal equations of e = (a + b·x)·gap, x = analogHorizon(days ahead).
  const samples: AnalogSample[] = [];
  const gapsAhead: [number, number, number][] = [];
  // Each replay's forecast so far and its trusted gap to the analog reading (for the next share).
  const sofar: { forecast: (d: number) => number; gapAt: (d: number) => number; from: number }[] = [];
  for (const [index, { r, ahead, later, others, rank }] of replays.entries()) {
    const blend = (d: number) => (1 - warpWeight) * r.lnLevelPace(d) + warpWeight * r.lnWarp(d);
    const pace = recentGain(r.points, blend);
    const trust = pace ? recentTrustAt(pace.fromDoc) : 0;
    const forecast = (d: number) =>
      blend(d) + (pace ? recentWeight * trust * recentShift(blend, pace, d, chosen.fade) : 0);
    const last = r.points.at(-1);
    const reading =
      last && others.length > 0 && later.length > 0
        ? analogReading(r.points, last.doc, blend(last.doc), others, Math.max(...later.map((p) => p.doc)))
        : null;
    const analogTrust = last ? recentTrustAt(last.doc) : 0;
    const gapAt = (d: number) => {
      const v = reading?.[Math.round(d)];
      return v === undefined || Number.isNaN(v) ? 0 : analogTrust * (v - forecast(d));
    };
    const from = last?.doc ?? 0;
    sofar.push({ forecast, gapAt, from });
    if (reading)
      for (const p of later)
        samples.push({
          e: Math.log(p.abw) - forecast(p.doc),
          gap: gapAt(p.doc),
          x: analogHorizon(p.doc - from),
          replay: index,
          fold: rank % 2,
        });
    // Each graded sampling's trusted gap, its horizon and the whole gap (the band widens by it).
    for (const p of ahead) {
      const v = reading?.[Math.round(p.doc)];
      const whole = v === undefined || Number.isNaN(v) ? 0 : v - forecast(p.doc);
      gapsAhead.push([gapAt(p.doc), analogHorizon(p.doc - from), whole]);
    }
  }
  const analogWeight = analogShareOf(samples);
  // The growth-by-size reading's share (ADR 0103), learnt as the analog's on the forecast with
  // it, on the samplings 7–28 days after the cut (as the recent gain's).
  const sizeSamples: AnalogSample[] = [];
  const sizeAhead: number[] = [];
  for (const [index, { r, ahead, rank, date }] of replays.entries()) {
    const { forecast, gapAt, from } = sofar[index] as (typeof sofar)[number];
    const withAnalog = (d: number) =>
      forecast(d) + analogShareAt(analogWeight, analogHorizon(d - from)) * gapAt(d);
    const reading =
      prior.richards && r.points.length > 0
        ? richardsReading(r.points, prior, date, from, withAnalog(from), Math.max(...ahead.map((p) => p.doc)))
        : null;
    const gapOf = (d: number) => {
      const v = reading?.[Math.round(d)];
      return v === undefined || Number.isNaN(v) ? 0 : v - withAnalog(d);
    };
    for (const p of ahead) {
      sizeAhead.push(gapOf(p.doc));
      if (reading)
        sizeSamples.push({
          e: Math.log(p.abw) - withAnalog(p.doc),
          gap: gapOf(p.doc),
          x: analogHorizon(p.doc - from),
          replay: index,
          fold: rank % 2,
        });
    }
  }
  const richardsWeight = shareOf(sizeSamples, RICHARDS_SETTINGS.shrink, RICHARDS_SETTINGS.crossGain);
  const sizeFollowed = richardsWeight[0] !== 0 || richardsWeight[1] !== 0;
  const misses: BandMiss[] = graded2.map((g, i) => {
    const shift = g.shifts[chosen.k] as number;
    const [gap, x, apart] = gapsAhead[i] as [number, number, number];
    // The band widens by the gaps whether or not the forecast follows them (`lnSd`).
    return [
      g.e -
        recentWeight * shift -
        analogShareAt(analogWeight, x) * gap -
        analogShareAt(richardsWeight, x) * (sizeAhead[i] as number),
      g.v +
        departureVar(g.raw[chosen.k] as number) +
        departureVar(apart) +
        // The growth-by-size reading's whole gap when the farm follows it at all (`lnSd`).
        (sizeFollowed ? departureVar(sizeAhead[i] as number) : 0),
      cutOf[i] as number,
    ];
  });
  // A pond with one sampling: the blend through it, the model's band (no recent gain, no analog reading).
  for (const { r, ahead, cut } of single)
    for (const p of ahead) {
      const blend = (1 - warpWeight) * r.lnLevelPace(p.doc) + warpWeight * r.lnWarp(p.doc);
      misses.push([Math.log(p.abw) - blend, modelLnSd(r.levelPace, p.doc) ** 2, cut]);
    }
  const noise = fitN > 0 ? fitSq / fitN : 0;
  const bandScale = bandScaleOf(misses, noise, 1);
  return {
    warpWeight,
    recentWeight,
    recentFade: chosen.fade,
    analogWeight,
    richardsWeight,
    bandScale,
    bandScaleByDoc: BAND_CUTS.map((cut) =>
      bandScaleOf(
        misses.filter((m) => m[2] === cut),
        noise,
        bandScale,
      ),
    ) as unknown as readonly [number, number, number],
  };
}

/** A graded sampling of a replay for the band: [miss in ln ABW, model variance, the replay's cut]. */
type BandMiss = [number, number, number];

/** One later sampling of a replay as the analog share learns from it (`farmReplay`). */
interface AnalogSample {
  /** The forecast's miss in ln ABW without the analog reading. */
  e: number;
  /** The (trusted) gap in ln ABW between the analog reading and that forecast. */
  gap: number;
  /** `analogHorizon` of the days ahead of the cut. */
  x: number;
  /** The replay it belongs to (index) and the fold of its cycle (latest-first rank, odd or even). */
  replay: number;
  fold: number;
}

/**
 * The analog share a + b·x by least squares of the misses on the gap, shrunk toward no
 * share with `shrink` pseudo-replays of the mean squared gap on the diagonal (a replay's
 * samplings share its pond's errors: the evidence grows with the replays); [0, 0] without
 * evidence.
 */
function analogLeastSquares(
  samples: readonly AnalogSample[],
  shrink: number = ANALOG_SETTINGS.shrink,
): [number, number] {
  const ne = [0, 0, 0, 0, 0];
  const replays = new Set<number>();
  for (const { e, gap, x, replay } of samples) {
    ne[0] = (ne[0] as number) + gap * gap;
    ne[1] = (ne[1] as number) + gap * gap * x;
    ne[2] = (ne[2] as number) + gap * gap * x * x;
    ne[3] = (ne[3] as number) + e * gap;
    ne[4] = (ne[4] as number) + e * gap * x;
    replays.add(replay);
  }
  const n = replays.size;
  const ridge = n > 0 ? (shrink * (ne[0] as number)) / n : 0;
  const a11 = (ne[0] as number) + ridge;
  const a12 = ne[1] as number;
  const a22 = (ne[2] as number) + ridge;
  const det = a11 * a22 - a12 * a12;
  return det > 0
    ? [
        (a22 * (ne[3] as number) - a12 * (ne[4] as number)) / det,
        (a11 * (ne[4] as number) - a12 * (ne[3] as number)) / det,
      ]
    : [0, 0];
}

/**
 * The farm's analog share (ADR 0090): `analogLeastSquares` on every replay, kept only when
 * it holds across the farm's cycles. The replays are split in two folds by cycle (odd and
 * even rank, latest first); the share learnt on each fold forecasts the other's samplings,
 * and unless that leaves a smaller squared miss than no share at all, the farm gets no
 * share: a farm whose ponds do not grow in kinds has paths that differ only by noise, and
 * a share learnt on that noise does not carry to its next cycles.
 */
function analogShareOf(samples: readonly AnalogSample[]): [number, number] {
  return shareOf(samples, ANALOG_SETTINGS.shrink, ANALOG_SETTINGS.crossGain);
}

/** A reading's share a + b·x learnt on all the samples, kept when it carries across folds (`analogShareOf`). */
function shareOf(samples: readonly AnalogSample[], shrink: number, crossGain: number): [number, number] {
  const all = analogLeastSquares(samples, shrink);
  let without = 0;
  let crossed = 0;
  for (const fold of [0, 1]) {
    const share = analogLeastSquares(
      samples.filter((s) => s.fold !== fold),
      shrink,
    );
    for (const s of samples) {
      if (s.fold !== fold) continue;
      without += s.e * s.e;
      crossed += (s.e - analogShareAt(share, s.x) * s.gap) ** 2;
    }
  }
  return crossed < without * (1 - crossGain) ? all : [0, 0];
}

/**
 * The band scale from graded samplings [miss of the forecast in ln ABW, model variance]
 * (`farmReplay`): each miss e less the samplings' own error n² (a sampling is ~100 shrimp,
 * the band is for the pond's ABW), as the scale it needs, √max(0, e² − n²) / (z·√v); the
 * scale is their 80th percentile, so the band holds the share it promises, shrunk toward
 * `toward` (1, or the farm's pooled scale for a cut's) with few graded samplings. n² is the mean squared miss of the replays' fits on their own
 * samplings.
 */
function bandScaleOf(misses: readonly BandMiss[], noise: number, toward: number): number {
  const n = misses.length;
  if (n === 0) return toward;
  const needed = misses
    .map(([e, v]) => Math.sqrt(Math.max(0, e * e - noise)) / (FIT_SETTINGS.bandZ * Math.sqrt(v)))
    .sort((a, b) => a - b);
  const at = Math.min(n - 1, Math.ceil(BAND_SHARE * n) - 1);
  const learnt = Math.min(SCALE_RANGE[1], Math.max(SCALE_RANGE[0], needed[at] as number));
  return (n * learnt + SCALE_SHRINK * toward) / (n + SCALE_SHRINK);
}

/**
 * The farm curve taken out of the months it was learnt in (ADR 0095): the curve's growth on
 * DOC d is the typical growth of the finished cycles that lived through d, each in its own
 * month; `priorFor` runs a cycle's curve through its season, so the curve must be the one of
 * a season-neutral pond, or a farm whose history so far was stocked in the warm months
 * counts the warm months twice. Each day's growth is divided by exp(the mean season, in ln,
 * of the dated cycles whose samplings span that day); days no cycle spans take the mean of
 * them all.
 */
export function deseason(
  curve: readonly number[],
  cycles: readonly FinishedCycle[],
  season: Season,
): number[] {
  const sum = new Float64Array(MAX_DOC);
  const count = new Int32Array(MAX_DOC);
  let all = 0;
  let n = 0;
  for (const c of cycles) {
    if (!c.stockDate) continue;
    const docs = c.points.filter((p) => p.doc > 0 && p.abw > 0).map((p) => p.doc);
    if (docs.length < 2) continue;
    const a0 = seasonAngle(c.stockDate, -1);
    const step = (2 * Math.PI) / 365;
    for (let d = Math.floor(Math.min(...docs)); d < Math.min(MAX_DOC, Math.floor(Math.max(...docs))); d++) {
      const v = seasonLn(season, a0 + (d + 0.5) * step);
      sum[d] = (sum[d] as number) + v;
      count[d] = (count[d] as number) + 1;
      all += v;
      n++;
    }
  }
  const mean = n > 0 ? all / n : 0;
  const out = [curve[0] as number];
  for (let d = 0; d < MAX_DOC; d++) {
    const centre = (count[d] as number) > 0 ? (sum[d] as number) / (count[d] as number) : mean;
    out.push((out[d] as number) + ((curve[d + 1] as number) - (curve[d] as number)) * Math.exp(-centre));
  }
  return out;
}

/**
 * The farm's season: for each interval between two samplings of a dated finished cycle,
 * y = ln(its growth in ln ABW / the farm curve's over the same days), regressed on
 * (1, cos φ, sin φ) at the interval's middle day, weighted by the curve's growth squared
 * (a longer step is measured more surely) with a small ridge on the season. A pond's size
 * cancels out of y; what is left is pace, and the season is the part of it the calendar
 * explains.
 */
export function farmSeason(cycles: readonly FinishedCycle[], curve: readonly number[]): Season {
  // Normal equations of y = a + c·cos φ + s·sin φ.
  const m = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  const v = [0, 0, 0];
  for (const c of cycles) {
    if (!c.stockDate) continue;
    const pts = c.points.filter((p) => p.doc > 0 && p.abw > 0).sort((a, b) => a.doc - b.doc);
    for (let i = 1; i < pts.length; i++) {
      const a = pts[i - 1] as GrowthPoint;
      const b = pts[i] as GrowthPoint;
      const lo = Math.min(MAX_DOC, Math.floor(a.doc));
      const hi = Math.min(MAX_DOC, Math.floor(b.doc));
      const expected = (curve[hi] as number) - (curve[lo] as number);
      const observed = Math.log(b.abw / a.abw);
      if (!(expected > 0) || !(observed > 0)) continue;
      const y = Math.log(observed / expected);
      const w = expected * expected;
      const phi = seasonAngle(c.stockDate, (a.doc + b.doc) / 2 - 1);
      const x = [1, Math.cos(phi), Math.sin(phi)];
      for (let r = 0; r < 3; r++) {
        v[r] = (v[r] as number) + w * (x[r] as number) * y;
        for (let k = 0; k < 3; k++)
          m[r * 3 + k] = (m[r * 3 + k] as number) + w * (x[r] as number) * (x[k] as number);
      }
    }
  }
  const ridge = SEASON_RIDGE * (m[0] as number);
  m[4] = (m[4] as number) + ridge;
  m[8] = (m[8] as number) + ridge;
  const sol = solve3(m, v);
  return sol ? { cos: sol[1], sin: sol[2] } : { cos: 0, sin: 0 };
}

/** Solves a 3×3 system (Gaussian elimination with partial pivoting); null when singular. */
function solve3(m: number[], v: number[]): [number, number, number] | null {
  const a = [0, 1, 2].map((r) => [
    m[r * 3] as number,
    m[r * 3 + 1] as number,
    m[r * 3 + 2] as number,
    v[r] as number,
  ]);
  for (let c = 0; c < 3; c++) {
    let p = c;
    for (let r = c + 1; r < 3; r++)
      if (Math.abs((a[r] as number[])[c] as number) > Math.abs((a[p] as number[])[c] as number)) p = r;
    [a[c], a[p]] = [a[p] as number[], a[c] as number[]];
    const row = a[c] as number[];
    const piv = row[c] as number;
    if (!(Math.abs(piv) > 1e-12)) return null;
    for (let r = 0; r < 3; r++) {
      if (r === c) continue;
      const other = a[r] as number[];
      const f = (other[c] as number) / piv;
      for (let k = c; k < 4; k++) other[k] = (other[k] as number) - f * (row[k] as number);
    }
  }
  return [0, 1, 2].map((r) => ((a[r] as number[])[3] as number) / ((a[r] as number[])[r] as number)) as [
    number,
    number,
    number,
  ];
}
