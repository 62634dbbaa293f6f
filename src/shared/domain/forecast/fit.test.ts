import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  abwAt,
  abwBand,
  anchorShift,
  dayReaching,
  docReaching,
  FIT_SETTINGS,
  fitGrowth,
  type GrowthPoint,
} from './fit.ts';
import {
  curveAt,
  DEFAULT_CURVE,
  DEFAULT_PRIOR,
  type GrowthParams,
  type GrowthPrior,
  gompertz,
  lnAbwOn,
  MAX_DOC,
  priorFor,
  REF_DOC,
  seasonAngle,
} from './growth-model.ts';
import { farmCurve, farmPrior, farmSeason } from './prior.ts';

type Curve = (doc: number) => number;
const gomp =
  (p: GrowthParams): Curve =>
  (doc) =>
    gompertz(p, doc);
/** A curve that is not Gompertz: two stanzas, exponential to 4 g at DOC 45 then a linear 0.3 g/day. */
const twoStanza: Curve = (doc) => (doc <= 45 ? 4 * Math.exp(0.075 * (doc - 45)) : 4 + 0.3 * (doc - 45));

const weekly = (w: Curve, from = 21, to = 98) => {
  const out: GrowthPoint[] = [];
  for (let doc = from; doc <= to; doc += 7) out.push({ doc, abw: w(doc) });
  return out;
};
/** A seeded ±amp uniform noise. */
function noisy(points: GrowthPoint[], amp: number, seed: number): GrowthPoint[] {
  let s = seed >>> 0;
  const next = () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  return points.map((p) => ({ doc: p.doc, abw: p.abw * (1 + (next() * 2 - 1) * amp) }));
}
const rel = (a: number, b: number) => Math.abs(a / b - 1);
/** The finished cycles of a farm whose ponds follow `w`, sized ×0.85…×1.15 (size does not change the pace). */
const farmOf = (w: Curve, n = 8, to = 112) =>
  Array.from({ length: n }, (_, i) => weekly((d) => w(d) * (0.85 + (0.3 * i) / (n - 1)), 21, to));

describe('fitGrowth', () => {
  it('does not read the post-larvae weighed at stocking: a DOC 1 sample of 0.002 g leaves the curve through the grow-out (ADR 0130)', () => {
    const growOut = [
      { doc: 30, abw: 2 },
      { doc: 45, abw: 5 },
      { doc: 60, abw: 9 },
      { doc: 66, abw: 11 },
    ];
    const withPl = fitGrowth([{ doc: 1, abw: 0.002 }, ...growOut], DEFAULT_PRIOR);
    const without = fitGrowth(growOut, DEFAULT_PRIOR);
    expect(withPl.samplings).toBe(4);
    for (const doc of [66, 70, 80]) expect(abwBand(withPl, doc)).toEqual(abwBand(without, doc));
    // The latest sampling (11 g at DOC 66) lies inside the 80 % band.
    const at66 = abwBand(withPl, 66);
    expect(at66.low).toBeLessThanOrEqual(11);
    expect(at66.high).toBeGreaterThanOrEqual(11);
  });

  it('recovers a curve of the model exactly with a weak prior (the level-and-pace reading alone)', () => {
    const weak: GrowthPrior = { ...DEFAULT_PRIOR, cov: [100, 0, 0, 100], warpWeight: 0, recentWeight: 0 };
    for (const theta of [
      [Math.log(6), 0.9],
      [Math.log(9), 1.15],
    ] as const) {
      const truth: Curve = (d) => Math.exp(lnAbwOn(DEFAULT_PRIOR, theta, d));
      const fit = fitGrowth(weekly(truth), weak);
      expect(fit.basis).toBe('fit');
      expect(fit.theta[0]).toBeCloseTo(theta[0], 3);
      expect(fit.theta[1]).toBeCloseTo(theta[1], 3);
      expect(rel(abwAt(fit, 130), truth(130))).toBeLessThan(0.002);
    }
  });

  it('follows a Gompertz curve other than the default from the default prior: ABW within 5 %, the day of 20 g within 5 days (a new farm: only level and pace move)', () => {
    const truth: GrowthParams = { winf: 31, b: 5.6, k: 0.022 };
    const fit = fitGrowth(weekly(gomp(truth), 21, 91), DEFAULT_PRIOR);
    for (const doc of [30, 60, 90, 105])
      expect(rel(abwAt(fit, doc), gompertz(truth, doc))).toBeLessThan(0.05);
    const day = docReaching(fit, 20, 91).doc as number;
    expect(day).not.toBeNull();
    let d = 91;
    while (gompertz(truth, d) < 20) d++;
    expect(Math.abs(day - d)).toBeLessThanOrEqual(5);
  });

  it('follows any Gompertz curve of the vannamei range from the default prior: within 6 % where sampled, 12 % two weeks on (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 28, max: 60, noNaN: true }),
        fc.double({ min: 4.5, max: 6, noNaN: true }),
        fc.double({ min: 0.015, max: 0.026, noNaN: true }),
        (winf, b, k) => {
          const truth = { winf, b, k };
          const fit = fitGrowth(weekly(gomp(truth), 21, 91), DEFAULT_PRIOR);
          // 6.5 %: the blend with the time-warp reading (ADR 0078) gives up a little of the
          // fit where sampled at the fast end of the range (W∞ 60 g, k 0.026: 6.0 %).
          for (const doc of [63, 91]) expect(rel(abwAt(fit, doc), gompertz(truth, doc))).toBeLessThan(0.065);
          expect(rel(abwAt(fit, 105), gompertz(truth, 105))).toBeLessThan(0.12);
        },
      ),
      { numRuns: 200, seed: 26 },
    );
  });

  it('keeps ABW within 6 % of the truth 14 days ahead from noisy samplings (±5 %)', () => {
    const truth = gomp({ winf: 40, b: 5.1, k: 0.019 });
    for (let seed = 1; seed <= 20; seed++) {
      const fit = fitGrowth(noisy(weekly(truth, 21, 70), 0.05, seed), DEFAULT_PRIOR);
      expect(rel(abwAt(fit, 84), truth(84))).toBeLessThan(0.06);
    }
  });

  it('one sampling: forecasts from the prior, moved through that sampling', () => {
    const fit = fitGrowth([{ doc: 30, abw: 2.6 }], DEFAULT_PRIOR);
    expect(fit.basis).toBe('prior');
    expect(fit.samplings).toBe(1);
    expect(rel(abwAt(fit, 30), 2.6)).toBeLessThan(0.03);
    // The pace hardly moves on one point: the level does the work.
    expect(Math.abs(fit.theta[1] - 1)).toBeLessThan(0.1);
    expect(fit.theta[0]).toBeGreaterThan(DEFAULT_PRIOR.mean[0]);
    // No sampling at all: the prior itself.
    const none = fitGrowth([], DEFAULT_PRIOR);
    expect(none.basis).toBe('prior');
    expect(none.theta[0]).toBeCloseTo(DEFAULT_PRIOR.mean[0], 12);
    expect(none.theta[1]).toBeCloseTo(DEFAULT_PRIOR.mean[1], 12);
    expect(rel(abwAt(none, 90), gompertz(DEFAULT_CURVE, 90))).toBeLessThan(1e-9);
  });

  it('ignores samplings with no usable ABW', () => {
    const fit = fitGrowth(
      [
        { doc: 30, abw: 2 },
        { doc: 37, abw: Number.NaN },
        { doc: 44, abw: -99 },
      ],
      DEFAULT_PRIOR,
    );
    expect(fit.samplings).toBe(1);
    expect(fit.basis).toBe('prior');
  });

  it('a low sampling after a partial harvest bends the curve only partly (the prior and earlier samplings hold it)', () => {
    const truth = gomp({ winf: 38, b: 5.2, k: 0.019 });
    const points = weekly(truth, 21, 77);
    // The partial harvest took the biggest shrimp: the next sampling reads 12 % light.
    const after = { doc: 84, abw: truth(84) * 0.88 };
    const fit = fitGrowth([...points, after], DEFAULT_PRIOR);
    const at98 = abwAt(fit, 98) / truth(98);
    expect(at98).toBeLessThan(1);
    expect(at98).toBeGreaterThan(0.88);
    // Later samplings that show the pond growing again bring it back.
    const recovered = fitGrowth(
      [...points, after, { doc: 91, abw: truth(91) }, { doc: 98, abw: truth(98) }],
      DEFAULT_PRIOR,
    );
    expect(rel(abwAt(recovered, 105), truth(105))).toBeLessThan(0.05);
  });
});

describe('time-warp reading (ADR 0078)', () => {
  /** The default prior's typical pond run at `speed` from `place` days ahead. */
  const warped =
    (speed: number, place: number): Curve =>
    (d) =>
      Math.exp(
        DEFAULT_PRIOR.mean[0] +
          curveAt(DEFAULT_PRIOR.curve, speed * d + place) -
          curveAt(DEFAULT_PRIOR.curve, REF_DOC),
      );

  it('recovers a pond that runs the curve at its own place and speed', () => {
    const only: GrowthPrior = { ...DEFAULT_PRIOR, warpWeight: 1 };
    for (const [speed, place] of [
      [0.9, -8],
      [1.1, 5],
    ] as const) {
      const truth = warped(speed, place);
      const fit = fitGrowth(weekly(truth, 21, 70), only);
      expect(fit.warp.speed).toBeCloseTo(speed, 1);
      expect(Math.abs(fit.warp.place - place)).toBeLessThanOrEqual(2);
      for (const doc of [84, 98, 112]) expect(rel(abwAt(fit, doc), truth(doc))).toBeLessThan(0.02);
    }
  });

  it('a pond stocked as a small post-larva (15 days behind the curve): the blend is closer a month on than level and pace alone', () => {
    const truth = warped(1, -15);
    const known = weekly(truth, 21, 49);
    const blend = fitGrowth(known, DEFAULT_PRIOR);
    const levelPace = fitGrowth(known, { ...DEFAULT_PRIOR, warpWeight: 0 });
    expect(blend.warp.place).toBeLessThan(-5);
    expect(rel(abwAt(blend, 77), truth(77))).toBeLessThan(rel(abwAt(levelPace, 77), truth(77)));
    expect(rel(abwAt(blend, 77), truth(77))).toBeLessThan(0.08);
  });

  it('no samplings: both readings are the prior, the forecast is the typical pond', () => {
    const fit = fitGrowth([], DEFAULT_PRIOR);
    expect(fit.warp).toEqual({ speed: 1, place: 0 });
    expect(abwAt(fit, 90)).toBeCloseTo(Math.exp(lnAbwOn(DEFAULT_PRIOR, DEFAULT_PRIOR.mean, 90)), 6);
  });

  it("a farm's finished cycles set the share: ponds that differ in size at one pace lean on level and pace, ponds stocked at other places on the curve on the warp", () => {
    const sized = farmPrior(farmOf(twoStanza, 12));
    expect(sized.warpWeight).toBeLessThan(0.15);
    // Ponds stocked 0–20 days older: the same curve, other places on it.
    const placed = farmPrior(
      Array.from({ length: 12 }, (_, i) => weekly((d) => twoStanza(d + (20 * i) / 11), 21, 98)),
    );
    expect(placed.warpWeight).toBeGreaterThan(0.5);
    // A new farm: half and half.
    expect(DEFAULT_PRIOR.warpWeight ?? FIT_SETTINGS.warpWeight).toBe(0.5);
  });
});

describe('band', () => {
  const truth = gomp({ winf: 38, b: 5.2, k: 0.019 });
  it('widens with the horizon and contains the forecast', () => {
    const fit = fitGrowth(weekly(truth, 21, 63), DEFAULT_PRIOR);
    let width = 0;
    for (const h of [0, 7, 14, 28, 42]) {
      const p = abwBand(fit, 63 + h);
      expect(p.low).toBeLessThan(p.abw);
      expect(p.high).toBeGreaterThan(p.abw);
      const w = Math.log(p.high / p.low);
      expect(w).toBeGreaterThan(width);
      width = w;
    }
  });

  it('is wider for a prior-only forecast than for a fitted one', () => {
    const fitted = fitGrowth(weekly(truth, 21, 63), DEFAULT_PRIOR);
    const prior = fitGrowth([{ doc: 63, abw: truth(63) }], DEFAULT_PRIOR);
    const w = (f: typeof fitted) => Math.log(abwBand(f, 77).high / abwBand(f, 77).low);
    expect(w(prior)).toBeGreaterThan(w(fitted));
  });

  it('the date to a size comes with an early and a late day around it', () => {
    const fit = fitGrowth(weekly(truth, 21, 63), DEFAULT_PRIOR);
    const r = docReaching(fit, 20, 63);
    expect(r.doc).not.toBeNull();
    expect(r.early as number).toBeLessThanOrEqual(r.doc as number);
    expect(r.late as number).toBeGreaterThanOrEqual(r.doc as number);
    expect(r.late as number).toBeGreaterThan(r.early as number);
    // Never reached by MAX_DOC.
    expect(docReaching(fit, abwAt(fit, MAX_DOC) * 2, 63).doc).toBeNull();
  });
});

describe('band learnt from the farm (ADR 0084)', () => {
  it("narrows for a farm whose ponds grow alike and widens for one whose ponds turn (the replays' misses)", () => {
    const alike = farmPrior(farmOf(twoStanza, 12));
    expect(alike.bandScale as number).toBeLessThan(1);
    // Ponds that change pace after DOC 40, each its own way (0.6–1.4 × the curve's growth).
    const turning = farmPrior(
      Array.from({ length: 12 }, (_, i) => {
        const f = i % 2 ? 0.6 + (0.8 * i) / 11 : 1.4 - (0.8 * i) / 11;
        return weekly((d) => (d <= 40 ? twoStanza(d) : twoStanza(40) * (twoStanza(d) / twoStanza(40)) ** f));
      }),
    );
    expect(turning.bandScale as number).toBeGreaterThan(alike.bandScale as number);
    // The band of a pond follows the scale; the default prior keeps the model's.
    const pts = weekly(twoStanza, 21, 63);
    const width = (p: GrowthPrior) => {
      const b = abwBand(fitGrowth(pts, p), 77);
      return Math.log(b.high / b.low);
    };
    // (Since ADR 0090 the turning farm's forecast follows its ponds' turns in part (the
    // analog reading, a longer fade) and its band widens where the readings part: the scale
    // on top need not pass 1, but the band a pond gets is wider than on the alike farm.)
    expect(width(turning)).toBeGreaterThan(width(alike));
    // (Since ADR 0095 the scale by the DOC of the last sampling, when learnt, is the one read.)
    const pooled = { ...alike, bandScaleByDoc: undefined };
    expect(width({ ...pooled, bandScale: 2 })).toBeCloseTo(2 * width({ ...pooled, bandScale: 1 }), 6);
    expect(width({ ...alike, bandScaleByDoc: [2, 2, 2] })).toBeCloseTo(
      2 * width({ ...pooled, bandScale: 1 }),
      6,
    );
    expect(DEFAULT_PRIOR.bandScale).toBeUndefined();
  });
});

describe('dayReaching', () => {
  it('is the fractional day the forecast reaches a weight, inside the whole day docReaching gives', () => {
    const fit = fitGrowth(weekly(twoStanza, 21, 63), DEFAULT_PRIOR);
    const day = dayReaching(fit, 20, 63) as number;
    const whole = docReaching(fit, 20, 63).doc as number;
    expect(day).toBeGreaterThan(whole - 1);
    expect(day).toBeLessThanOrEqual(whole);
    expect(abwAt(fit, day)).toBeCloseTo(20, 6);
    // Already there: the day it starts from; never: null.
    expect(dayReaching(fit, abwAt(fit, 63) * 0.9, 63)).toBe(63);
    expect(dayReaching(fit, abwAt(fit, MAX_DOC) * 2, 63)).toBeNull();
  });
});

describe('farmPrior', () => {
  it('falls back to the default curve without three finished cycles', () => {
    const two = farmOf(twoStanza, 2);
    expect(farmPrior([])).toBe(DEFAULT_PRIOR);
    expect(farmPrior(two)).toBe(DEFAULT_PRIOR);
    // Cycles with fewer than five samplings do not count.
    expect(farmPrior(farmOf(twoStanza, 5, 42))).toBe(DEFAULT_PRIOR);
  });

  it("learns the farm's curve, not Gompertz: its own shape within 3 % over the cycle", () => {
    const prior = farmPrior(farmOf(twoStanza));
    expect(prior.source).toBe('farm');
    expect(prior.cycles).toBe(8);
    const typical = fitGrowth([], prior);
    for (const doc of [28, 45, 70, 90, 112])
      expect(rel(abwAt(typical, doc), twoStanza(doc))).toBeLessThan(0.03);
    // The default curve misses this farm by far more late in the cycle.
    expect(rel(gompertz(DEFAULT_CURVE, 112), twoStanza(112))).toBeGreaterThan(0.1);
    // The pace of the farm's ponds is its own (ρ ≈ 1) and sizes differ in level only.
    expect(prior.mean[1]).toBeCloseTo(1, 2);
    expect(Math.sqrt(prior.cov[3])).toBeLessThan(0.1);
  });

  it('a pond of the farm 10 % above its mean: two samplings beat the default by far, five pin ABW and the day of 25 g', () => {
    const prior = farmPrior(farmOf(twoStanza, 20));
    const pond: Curve = (d) => twoStanza(d) * 1.1;
    let truthDay = 28;
    while (pond(truthDay) < 25) truthDay++;
    // Two samplings (DOC 21, 28): size and pace cannot yet be told apart; still far better than the default curve.
    const two = weekly(pond, 21, 28);
    const farm = fitGrowth(two, prior);
    const def = fitGrowth(two, DEFAULT_PRIOR);
    expect(rel(abwAt(farm, 90), pond(90))).toBeLessThan(0.06);
    expect(rel(abwAt(def, 90), pond(90))).toBeGreaterThan(0.2);
    // Five samplings (to DOC 49): within 3 % at DOC 90, the day of 25 g within 2 days.
    const five = fitGrowth(weekly(pond, 21, 49), prior);
    expect(rel(abwAt(five, 90), pond(90))).toBeLessThan(0.03);
    expect(Math.abs((docReaching(five, 25, 49).doc as number) - truthDay)).toBeLessThanOrEqual(2);
  });

  it("the farm curve is the cycles' mean pace, continued at the default's shape past the longest cycle", () => {
    const curve = farmCurve(farmOf(twoStanza, 4, 98));
    // Inside: the slope in ln ABW is the farm's (0.3 g/day at 16 g → 0.0188/day at DOC 85).
    expect(Math.abs(curve[86]! - curve[85]! - Math.log(twoStanza(86) / twoStanza(85)))).toBeLessThan(0.003);
    // Past DOC 98 the default's rate, scaled to meet the farm's at the edge: no jump.
    const edge = curve[97]! - curve[96]!;
    const next = curve[100]! - curve[99]!;
    expect(rel(next, edge)).toBeLessThan(0.1);
    expect(curve).toHaveLength(MAX_DOC + 1);
    expect(curveAt(curve, MAX_DOC + 10)).toBeGreaterThan(curveAt(curve, MAX_DOC));
    expect(REF_DOC).toBe(60);
  });

  it('the farm curve takes the middle half of the cycles on a day: two ponds sick from DOC 49 to 63 do not slow it', () => {
    const healthy = farmOf(twoStanza, 8);
    const stalled: Curve = (d) => (d <= 49 ? twoStanza(d) : d <= 63 ? twoStanza(49) : twoStanza(d - 14));
    const sick = [weekly(stalled), weekly((d) => stalled(d) * 1.1)];
    const curve = farmCurve([...healthy, ...sick]);
    const clean = farmCurve(healthy);
    expect(Math.abs(curve[63]! - curve[49]! - (clean[63]! - clean[49]!))).toBeLessThan(0.01);
    // The mean of all ten would lose a fifth of those two weeks' growth.
    expect(clean[63]! - clean[49]!).toBeGreaterThan(0.3);
  });
});

describe('season', () => {
  /** A farm whose daily growth in ln ABW runs exp(0.15·cos φ) times the two-stanza pace (warm around 1 January). */
  const SEASON = 0.15;
  function seasonalCycle(stockDate: string, scale: number, to = 112): GrowthPoint[] {
    const ln = [Math.log(twoStanza(0))];
    for (let d = 0; d < to; d++) {
      const rate = Math.log(twoStanza(d + 1) / twoStanza(d));
      ln.push((ln[d] as number) + rate * Math.exp(SEASON * Math.cos(seasonAngle(stockDate, d - 0.5))));
    }
    const out: GrowthPoint[] = [];
    for (let doc = 21; doc <= to; doc += 7) out.push({ doc, abw: Math.exp(ln[doc] as number) * scale });
    return out;
  }
  const starts = [
    '2024-01-10',
    '2024-03-20',
    '2024-06-01',
    '2024-08-15',
    '2024-10-20',
    '2025-01-05',
    '2025-04-01',
    '2025-07-10',
    '2025-09-20',
    '2025-12-01',
  ];
  const cycles = starts.map((d, i) => ({ points: seasonalCycle(d, 0.9 + (i % 3) * 0.1), stockDate: d }));

  it("learns the farm's season from dated finished cycles", () => {
    const s = farmSeason(cycles, farmCurve(cycles.map((c) => c.points)));
    expect(s.cos).toBeGreaterThan(0.1);
    expect(s.cos).toBeLessThan(0.2);
    expect(Math.abs(s.sin)).toBeLessThan(0.05);
    // Undated cycles teach no season; fewer than eight dated ones neither.
    expect(farmPrior(cycles.map((c) => c.points)).season).toBeUndefined();
    expect(farmPrior(cycles.slice(0, 7)).season).toBeUndefined();
    expect(farmPrior(cycles).season).toBeDefined();
  });

  it('a cycle stocked into the cool months is forecast slower, and closer to the truth, than without the season', () => {
    const prior = farmPrior(cycles);
    const stock = '2026-05-01';
    const truth = seasonalCycle(stock, 1, 126);
    const known = truth.filter((p) => p.doc <= 49);
    const withSeason = fitGrowth(known, prior, stock);
    const without = fitGrowth(known, { ...prior, season: undefined }, stock);
    const at = (doc: number) => (truth.find((p) => p.doc === doc) as GrowthPoint).abw;
    expect(rel(abwAt(withSeason, 105), at(105))).toBeLessThan(rel(abwAt(without, 105), at(105)));
    expect(rel(abwAt(withSeason, 105), at(105))).toBeLessThan(0.03);
    // The seasonal prior is a prior without a season of its own: applying it again changes nothing.
    expect(priorFor(withSeason.prior, stock)).toBe(withSeason.prior);
  });
});

describe('server and device', () => {
  it('learn the same prior whatever order the finished cycles come in (the server reads them newest first)', () => {
    const starts = [
      '2024-01-10',
      '2024-04-02',
      '2024-06-20',
      '2024-09-01',
      '2024-11-15',
      '2025-02-01',
      '2025-04-20',
      '2025-07-01',
      '2025-09-10',
    ];
    const cycles = starts.map((d, i) => ({
      points: noisy(weekly(twoStanza, 21, 98 + (i % 3) * 7), 0.05, i + 1),
      stockDate: d,
    }));
    const a = farmPrior(cycles);
    const b = farmPrior([...cycles].reverse());
    expect(a.season).toBeDefined();
    const pond = noisy(weekly(twoStanza, 21, 56), 0.05, 99);
    const fa = fitGrowth(pond, a, '2026-03-01');
    const fb = fitGrowth(pond, b, '2026-03-01');
    for (const doc of [60, 90, 120]) expect(abwAt(fa, doc)).toBeCloseTo(abwAt(fb, doc), 9);
    expect(docReaching(fa, 20, 56)).toEqual(docReaching(fb, 20, 56));
  });
});

describe('settings', () => {
  it('needs two samplings to fit', () => {
    expect(FIT_SETTINGS.minSamplings).toBe(2);
  });
});

describe("the pond's recent gain (ADR 0087)", () => {
  const typical: Curve = (d) =>
    Math.exp(DEFAULT_PRIOR.mean[0] + curveAt(DEFAULT_PRIOR.curve, d) - curveAt(DEFAULT_PRIOR.curve, REF_DOC));
  /** On the typical pond to DOC 49, then crowded: 0.08 g a day. */
  const capped: Curve = (d) => (d <= 49 ? typical(d) : typical(49) + 0.08 * (d - 49));
  const without = (p: GrowthPrior): GrowthPrior => ({ ...p, recentWeight: 0 });

  it('a pond whose growth slows below the curve is forecast slower, and closer to the truth, two weeks on', () => {
    const known = [21, 28, 35, 42, 49, 56, 63].map((doc) => ({ doc, abw: capped(doc) }));
    const fit = fitGrowth(known, DEFAULT_PRIOR);
    const curveOnly = fitGrowth(known, without(DEFAULT_PRIOR));
    expect(fit.recent?.gain).toBeCloseTo(0.08, 2);
    for (const doc of [70, 77]) {
      expect(abwAt(fit, doc)).toBeLessThan(abwAt(curveOnly, doc));
      expect(rel(abwAt(fit, doc), capped(doc))).toBeLessThan(rel(abwAt(curveOnly, doc), capped(doc)));
    }
    // Up to the last sampling the forecast is the blend's.
    expect(abwAt(fit, 63)).toBeCloseTo(abwAt(curveOnly, 63), 9);
    // The band is wider where the readings part.
    const w = (f: typeof fit) => Math.log(abwBand(f, 77).high / abwBand(f, 77).low);
    expect(w(fit)).toBeGreaterThan(w(curveOnly) * 1.2);
  });

  it('a pond on the curve is forecast as before: within 2 % at +7 and +14 days, the day of 20 g within 1 day', () => {
    const known = weekly(typical, 21, 63);
    const fit = fitGrowth(known, DEFAULT_PRIOR);
    const curveOnly = fitGrowth(known, without(DEFAULT_PRIOR));
    expect(fit.recent).not.toBeNull();
    for (const doc of [70, 77]) expect(rel(abwAt(fit, doc), abwAt(curveOnly, doc))).toBeLessThan(0.02);
    const day = (f: typeof fit) => dayReaching(f, 20, 63) as number;
    expect(Math.abs(day(fit) - day(curveOnly))).toBeLessThan(1);
  });

  it('is not read from samplings spanning under a week, nor with fewer than two', () => {
    expect(fitGrowth([{ doc: 60, abw: 7 }], DEFAULT_PRIOR).recent).toBeNull();
    expect(
      fitGrowth(
        [
          { doc: 57, abw: 6.5 },
          { doc: 60, abw: 7 },
        ],
        DEFAULT_PRIOR,
      ).recent,
    ).toBeNull();
  });

  it('a farm learns its share from its own cycles: ponds that stop growing at their own sizes lean on the recent gain, ponds on one curve hardly', () => {
    const onCurve = farmPrior(farmOf(twoStanza, 12));
    const stalling = farmPrior(
      Array.from({ length: 12 }, (_, i) => {
        const at = 40 + 3 * i;
        return weekly((d) => twoStanza(Math.min(d, at)));
      }),
    );
    expect(onCurve.recentWeight as number).toBeLessThan(FIT_SETTINGS.recentWeight);
    expect(stalling.recentWeight as number).toBeGreaterThan(FIT_SETTINGS.recentWeight);
    expect(DEFAULT_PRIOR.recentWeight).toBeUndefined();
  });
});

describe('anchored at the latest samplings', () => {
  /** The default curve's typical pond to DOC `from`, then no growth at all (crowded, sick, cold). */
  const stalled = (from: number) => (d: number) => gompertz(DEFAULT_CURVE, Math.min(d, from));

  it('a pond that stalled for weeks is forecast from where it stands: within 6 % of its last sampling, inside the band after two to three weeks flat', () => {
    // Before the anchor: 11.61 g for 9.61 g, 14.52 for 12.19 and 16.91 for 14.84, the band outside them.
    for (const from of [70, 80, 90]) {
      const known = weekly(stalled(from), 21, 105);
      const last = known.at(-1) as GrowthPoint;
      const band = abwBand(fitGrowth(known, DEFAULT_PRIOR), last.doc);
      expect(rel(band.abw, last.abw)).toBeLessThan(0.06);
      if (from === 70) continue;
      expect(band.low).toBeLessThanOrEqual(last.abw);
      expect(band.high).toBeGreaterThanOrEqual(last.abw);
    }
  });

  it("a pond on the curve moves by a fraction of its samplings' noise", () => {
    const known = noisy(weekly(gomp(DEFAULT_CURVE), 21, 84), 0.05, 7);
    const fit = fitGrowth(known, DEFAULT_PRIOR);
    expect(Math.abs(anchorShift(known, fit.mean))).toBeLessThan(0.05);
    expect(rel(abwAt(fit, 98), gompertz(DEFAULT_CURVE, 98))).toBeLessThan(0.06);
  });

  it('reads one or two samplings as their mean, shrunk toward the curve', () => {
    const mean = Array.from({ length: MAX_DOC + 1 }, () => Math.log(10));
    const one = anchorShift([{ doc: 60, abw: 11 }], mean);
    expect(one).toBeGreaterThan(0);
    expect(one).toBeLessThan(Math.log(1.1));
    expect(anchorShift([], mean)).toBe(0);
  });
});

describe('latest samplings that disagree', () => {
  it('widen the band from the last sampling on, by how far they scatter beyond their noise; samplings within their noise leave it as it was', () => {
    const onCurve = weekly(gomp(DEFAULT_CURVE), 21, 77);
    // Two days after the last, a sampling 20 % lighter (a miscount, or the big ones sold).
    const split = [...onCurve, { doc: 79, abw: gompertz(DEFAULT_CURVE, 79) * 0.8 }];
    const fit = fitGrowth(split, DEFAULT_PRIOR);
    const steady = fitGrowth([...onCurve, { doc: 79, abw: gompertz(DEFAULT_CURVE, 79) }], DEFAULT_PRIOR);
    const width = (f: typeof fit, doc: number) => Math.log(abwBand(f, doc).high / abwBand(f, doc).low);
    expect(fit.anchorSpread ?? 0).toBeGreaterThan(0.03);
    expect(steady.anchorSpread).toBeUndefined();
    expect(width(fit, 79)).toBeGreaterThan(1.4 * width(steady, 79));
    // Before the last sampling the band is the model's alone.
    expect(width(fit, 70)).toBeCloseTo(width(steady, 70), 2);
  });
});
