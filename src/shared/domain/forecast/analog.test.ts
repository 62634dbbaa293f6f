import { describe, expect, it } from 'vitest';
import { analogHorizon, analogPath, analogReading, analogShareAt } from './analog.ts';
import { abwAt, dayReaching, FIT_SETTINGS, fitGrowth, type GrowthPoint, lnSd, recentTrustAt } from './fit.ts';
import { DEFAULT_PRIOR, type GrowthPrior } from './growth-model.ts';
import { farmPrior } from './prior.ts';

type Curve = (doc: number) => number;
/** Post-larvae: exponential to 2 g at DOC 40, then a constant 0.25 g a day (never bending). */
const linear: Curve = (d) => (d <= 40 ? 2 * Math.exp(0.15 * (d - 40)) : 2 + 0.25 * (d - 40));
/** Nursery juveniles: logistic to 30 g, 0.5 g at DOC 1, rate 0.055 a day (the gain keeps climbing to 15 g). */
const logistic: Curve = (d) => 30 / (1 + 59 * Math.exp(-0.055 * (d - 1)));
const sampled = (w: Curve, from: number, to: number, every = 7): GrowthPoint[] => {
  const out: GrowthPoint[] = [];
  for (let doc = from; doc <= to; doc += every) out.push({ doc, abw: w(doc) });
  return out;
};
const rel = (a: number, b: number) => Math.abs(a / b - 1);
/** A farm of both kinds of pond, alternating, each sized ×0.9…×1.1, harvested at DOC 120. */
const mixedFarm = (n = 16) =>
  Array.from({ length: n }, (_, i) => {
    const f = 0.9 + (0.2 * i) / (n - 1);
    const w = i % 2 ? linear : logistic;
    return { points: sampled((d) => w(d) * f, 21, 120) };
  });

describe('analog paths (ADR 0090)', () => {
  it('a path runs through its samplings, linear in ln ABW between them', () => {
    const path = analogPath([
      { doc: 30, abw: 2 },
      { doc: 40, abw: 8 },
      { doc: 20, abw: 1 },
    ]);
    expect(path).not.toBeNull();
    if (!path) return;
    expect(path.first).toBe(20);
    expect(path.ln.length).toBe(21);
    expect(Math.exp(path.ln[10] as number)).toBeCloseTo(2, 9);
    expect(Math.exp(path.ln[15] as number)).toBeCloseTo(4, 9); // halfway in ln between 2 and 8
    // Its tail gain: the last 14 days' grams a day (DOC 26 → 40).
    expect(path.tailGain).toBeCloseTo((8 - Math.exp(path.ln[6] as number)) / 14, 9);
    expect(analogPath([{ doc: 30, abw: 2 }])).toBeNull();
  });

  it("a pond is forecast along the paths of ponds that grew like it, not the other kind's", () => {
    const paths = mixedFarm()
      .map((c) => analogPath(c.points))
      .filter((p) => p !== null);
    for (const [own, other] of [
      [linear, logistic],
      [logistic, linear],
    ] as const) {
      const known = sampled(own, 21, 63);
      const reading = analogReading(known, 63, Math.log(own(63)), paths);
      expect(reading).not.toBeNull();
      if (!reading) return;
      // Up to the last sampling: nothing.
      expect(reading[63]).toBeNaN();
      for (const doc of [77, 91]) {
        const abw = Math.exp(reading[doc] as number);
        expect(rel(abw, own(doc))).toBeLessThan(0.05);
        expect(rel(abw, own(doc))).toBeLessThan(rel(abw, other(doc)));
      }
    }
  });

  it('has no reading when no path had the ABW of the pond', () => {
    const paths = [analogPath(sampled(linear, 21, 60))].filter((p) => p !== null);
    expect(analogReading(sampled(linear, 21, 70), 70, Math.log(linear(70) * 3), paths)).toBeNull();
  });

  it('its share is a + b·(days ahead / 30), held to 0…1, and none without a learnt share', () => {
    expect(analogShareAt([0.2, 0.3], analogHorizon(30))).toBeCloseTo(0.5, 12);
    expect(analogShareAt([0.2, 0.3], analogHorizon(300))).toBeCloseTo(0.8, 12); // x at most 2
    expect(analogShareAt([-0.5, 0.1], analogHorizon(14))).toBe(0);
    expect(analogShareAt([0.9, 0.5], analogHorizon(60))).toBe(1);
    expect(analogShareAt(undefined, 1)).toBe(0);
  });

  it('a farm of two kinds of pond learns a share, and its forecasts of either kind come closer to the truth', () => {
    const farm = mixedFarm();
    const prior = farmPrior(farm);
    expect(prior.analogs?.length).toBe(farm.length);
    const share = prior.analogWeight;
    expect(share).toBeDefined();
    expect(analogShareAt(share, analogHorizon(28))).toBeGreaterThan(0.1);
    const without: GrowthPrior = { ...prior, analogWeight: undefined };
    for (const w of [linear, logistic]) {
      const known = sampled(w, 21, 63);
      const fit = fitGrowth(known, prior);
      const curveOnly = fitGrowth(known, without);
      expect(fit.analogGap).toBeDefined();
      expect(curveOnly.analogGap).toBeUndefined();
      // Up to the last sampling nothing changes.
      expect(abwAt(fit, 63)).toBeCloseTo(abwAt(curveOnly, 63), 9);
      const dayErr = (f: typeof fit) => Math.abs((dayReaching(f, 20, 63) as number) - dayOf(w, 20));
      expect(dayErr(fit)).toBeLessThan(dayErr(curveOnly));
      expect(rel(abwAt(fit, 91), w(91))).toBeLessThan(rel(abwAt(curveOnly, 91), w(91)));
    }
    // A new farm has no paths and no share.
    expect(DEFAULT_PRIOR.analogs).toBeUndefined();
    expect(fitGrowth(sampled(linear, 21, 63), DEFAULT_PRIOR).analogGap).toBeUndefined();
  });

  it('a farm whose ponds all follow one curve gets no share: learnt on half its cycles, it does not help the other half', () => {
    const farm = Array.from({ length: 16 }, (_, i) => ({
      points: sampled((d) => logistic(d) * (0.9 + (0.2 * i) / 15), 21, 120),
    }));
    const prior = farmPrior(farm);
    expect(prior.analogWeight).toEqual([0, 0]);
    // Its paths are still read: the band widens where the reading parts from the forecast.
    const fit = fitGrowth(sampled(logistic, 21, 63), prior);
    expect(fit.analogGap).toBeDefined();
    const alone = { ...fit, analogGap: undefined };
    expect(abwAt(fit, 91)).toBeCloseTo(abwAt(alone, 91), 12);
    expect(Math.abs(fit.analogGap?.[91] ?? 0)).toBeGreaterThan(1e-4);
    expect(lnSd(fit, 91)).toBeGreaterThan(lnSd(alone, 91));
  });

  it('a farm of two kinds keeps its share through the fold check (the mixed farm, fewer ponds)', () => {
    const prior = farmPrior(mixedFarm(10));
    expect(analogShareAt(prior.analogWeight, analogHorizon(28))).toBeGreaterThan(0);
  });
});

/** The (fractional) DOC a curve first reaches `abw` (bisection). */
function dayOf(w: Curve, abw: number): number {
  let lo = 1;
  let hi = 250;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (w(mid) >= abw) hi = mid;
    else lo = mid;
  }
  return (lo + hi) / 2;
}

describe('trust in the recent gain by DOC (ADR 0090)', () => {
  it('is none to DOC 25, all from 45, linear between', () => {
    expect(FIT_SETTINGS.recentTrust).toEqual([25, 45]);
    expect(recentTrustAt(20)).toBe(0);
    expect(recentTrustAt(25)).toBe(0);
    expect(recentTrustAt(35)).toBeCloseTo(0.5, 12);
    expect(recentTrustAt(45)).toBe(1);
    expect(recentTrustAt(90)).toBe(1);
  });

  it("on a farm's prior, a pond sampled to DOC 25 is forecast from the curve alone; at DOC 35 the gain has half its share", () => {
    const farm: GrowthPrior = { ...DEFAULT_PRIOR, source: 'farm', cycles: 10, recentWeight: 0.6 };
    const early = fitGrowth(sampled(linear, 11, 25), farm);
    expect(early.recent?.weight).toBe(0);
    expect(early.recent?.trust).toBe(0);
    // Not followed, but the band still widens by the gap to the gain continued.
    expect(abwAt(early, 60)).toBeCloseTo(abwAt({ ...early, recent: null }, 60), 12);
    expect(lnSd(early, 60)).toBeGreaterThan(lnSd({ ...early, recent: null }, 60));
    const mid = fitGrowth(sampled(linear, 21, 35), farm);
    expect(mid.recent?.weight).toBeCloseTo(0.6 * 0.5, 12);
    const late = fitGrowth(sampled(linear, 21, 63), farm);
    expect(late.recent?.weight).toBeCloseTo(0.6, 12);
    expect(late.recent?.fade).toBe(FIT_SETTINGS.recentFade);
  });

  it('a new farm (default prior) follows the gain from its second sampling, untrimmed by DOC (ADR 0087)', () => {
    for (const to of [25, 35, 63]) {
      const fit = fitGrowth(sampled(linear, to - 14, to), DEFAULT_PRIOR);
      expect(fit.recent?.trust).toBe(1);
      expect(fit.recent?.weight).toBeCloseTo(FIT_SETTINGS.recentWeight, 12);
    }
  });
});

describe('the fade of the recent gain, learnt per farm (ADR 0090)', () => {
  it('ponds that keep their slowed gain for weeks learn a longer fade than the default', () => {
    // Each pond slows to a gain of 2 % of its size a day from its own day (DOC 40–73): the
    // farm curve does not know when; the pond's last weeks do, for weeks to come.
    const twoStanza: Curve = (d) => (d <= 45 ? 4 * Math.exp(0.075 * (d - 45)) : 4 + 0.3 * (d - 45));
    const farm = Array.from({ length: 20 }, (_, i) => {
      const at = 40 + 1.8 * i;
      const w: Curve = (d) => (d <= at ? twoStanza(d) : twoStanza(at) * (1 + 0.02 * (d - at)));
      return { points: sampled(w, 21, 120) };
    });
    const prior = farmPrior(farm);
    expect(prior.recentFade as number).toBeGreaterThan(FIT_SETTINGS.recentFade);
    expect(DEFAULT_PRIOR.recentFade).toBeUndefined();
  });
});
