import { describe, expect, it } from 'vitest';
import { dayReaching, fitGrowth, lnSd } from './fit.ts';
import { DEFAULT_CURVE, DEFAULT_PRIOR, type GrowthPoint, gompertz } from './growth-model.ts';
import { farmPrior } from './prior.ts';
import { SHAPE_AVERAGE_SETTINGS, shapeAverage } from './shape-average.ts';

/** Logistic growth with a late inflection (W∞ 32 g, k 0.055 a day, half of W∞ at DOC 85). */
const logistic = (t: number) => 32 / (1 + Math.exp(-0.055 * (t - 85)));
/** The DOC that logistic first reaches `w` g. */
const logisticDoc = (w: number) => 85 - Math.log(32 / w - 1) / 0.055;
/** Samplings of a law every 7 days from DOC 25 to `to`, ±3 % in turn (a deterministic scatter). */
const sampled = (law: (t: number) => number, to: number): GrowthPoint[] => {
  const out: GrowthPoint[] = [];
  for (let doc = 25, i = 0; doc <= to; doc += 7, i++)
    out.push({ doc, abw: law(doc) * (i % 2 ? 1.03 : 0.97) });
  return out;
};

/** The forecast with the shape reading off (its prior share 0), to compare against. */
function withoutShape<T>(run: () => T): T {
  const settings = SHAPE_AVERAGE_SETTINGS as { logisticShare: number };
  const share = settings.logisticShare;
  settings.logisticShare = 0;
  try {
    return run();
  } finally {
    settings.logisticShare = share;
  }
}

describe("a new farm's pond reads its own shape (ADR 0110)", () => {
  it('a logistic pond with a late inflection, sampled to DOC 60: the day of 20 g within a week (the prior shape alone is over two weeks late)', () => {
    const pts = sampled(logistic, 60);
    const truth = logisticDoc(20);
    const fit = fitGrowth(pts, DEFAULT_PRIOR);
    const day = dayReaching(fit, 20, 60) as number;
    expect(Math.abs(day - truth)).toBeLessThan(7);
    const before = dayReaching(
      withoutShape(() => fitGrowth(pts, DEFAULT_PRIOR)),
      20,
      60,
    ) as number;
    expect(before - truth).toBeGreaterThan(14);
    expect(shapeAverage(pts, DEFAULT_PRIOR.curve, fit.mean)?.logistic).toBeGreaterThan(0.4);
  });

  it('the band widens where the shapes part, past the last sampling only', () => {
    const pts = sampled(logistic, 60);
    const fit = fitGrowth(pts, DEFAULT_PRIOR);
    const off = withoutShape(() => fitGrowth(pts, DEFAULT_PRIOR));
    expect(lnSd(fit, 50)).toBeCloseTo(lnSd(off, 50), 10);
    expect(lnSd(fit, 100)).toBeGreaterThan(lnSd(off, 100));
  });

  it('a pond that slows as the prior does follows the prior: logistic share under 5 %, the forecast within 1 % four weeks on', () => {
    const gomp = (t: number) => gompertz({ ...DEFAULT_CURVE, k: DEFAULT_CURVE.k * 1.05 }, t) * 1.1;
    const pts = sampled(gomp, 75);
    const fit = fitGrowth(pts, DEFAULT_PRIOR);
    const off = withoutShape(() => fitGrowth(pts, DEFAULT_PRIOR));
    expect(shapeAverage(pts, DEFAULT_PRIOR.curve, off.mean)?.logistic).toBeLessThan(0.05);
    expect(Math.abs((fit.mean[102] as number) - (off.mean[102] as number))).toBeLessThan(0.01);
  });

  it('is not read from under four samplings, a span under 21 days, or a pond near the W∞ it would slow to', () => {
    const curve = DEFAULT_PRIOR.curve;
    const every5 = [25, 30, 35, 40, 45].map((doc) => ({ doc, abw: logistic(doc) })); // 20 days
    expect(shapeAverage(every5, curve, curve)).toBeNull();
    expect(shapeAverage(sampled(logistic, 46), curve, curve)).not.toBeNull(); // DOC 25–46: 21 days
    expect(shapeAverage(sampled(logistic, 53), curve, curve)).not.toBeNull();
    const three = [25, 40, 55].map((doc) => ({ doc, abw: logistic(doc) }));
    expect(shapeAverage(three, curve, curve)).toBeNull();
    const big = sampled((t) => 1.3 * logistic(t + 50), 60);
    expect(shapeAverage(big, curve, curve)).toBeNull();
  });

  it("a farm's prior is its ponds' own shape: no such reading", () => {
    const cycles = [0, 1, 2, 3].map(() => ({ points: sampled(logistic, 110) }));
    const prior = farmPrior(cycles);
    expect(prior.source).toBe('farm');
    expect(fitGrowth(sampled(logistic, 60), prior).shapeSpread).toBeUndefined();
  });
});

describe('samplings spanning 21 to 27 days: the band says the shape is still open (ADR 0112)', () => {
  /** Samplings of the logistic pond at DOC 25, 32, 39 and 46 (a 21-day span). */
  const early = sampled(logistic, 46);

  it('the forecast itself is not moved: the same ABW at every DOC as with the reading off', () => {
    const fit = fitGrowth(early, DEFAULT_PRIOR);
    const off = withoutShape(() => fitGrowth(early, DEFAULT_PRIOR));
    for (const doc of [40, 60, 90, 130]) expect(fit.mean[doc]).toBe(off.mean[doc]);
    const reading = shapeAverage(early, DEFAULT_PRIOR.curve, off.mean);
    expect(reading?.shift.every((x) => x === 0)).toBe(true);
  });

  it("its band widens past the last sampling by the logistic's departure, and not before", () => {
    const fit = fitGrowth(early, DEFAULT_PRIOR);
    const off = withoutShape(() => fitGrowth(early, DEFAULT_PRIOR));
    expect(lnSd(fit, 44)).toBeCloseTo(lnSd(off, 44), 10);
    expect(lnSd(fit, 74)).toBeGreaterThan(lnSd(off, 74) * 1.1);
    // The logistic pond, 28 days on, lies inside the widened band and outside the old one.
    const truth = Math.log(logistic(74));
    const z = 1.2816;
    expect(Math.abs(truth - (fit.mean[74] as number))).toBeLessThan(z * lnSd(fit, 74));
    expect(Math.abs(truth - (off.mean[74] as number))).toBeGreaterThan(z * lnSd(off, 74));
  });

  it('a 28-day span moves the forecast again (ADR 0110)', () => {
    const pts = sampled(logistic, 53);
    const fit = fitGrowth(pts, DEFAULT_PRIOR);
    const off = withoutShape(() => fitGrowth(pts, DEFAULT_PRIOR));
    expect(fit.mean[90]).toBeGreaterThan(off.mean[90] as number);
  });
});

describe('a pond the forecast puts near a logistic W∞', () => {
  // 1 g to DOC 27, then 25.5 g from DOC 54: every sampling under 90 % of the smallest W∞
  // (0.8 × 38.1 g × 0.9 = 27.4 g), the curve through them about 31 g at the last one.
  const pts = [17, 18, 27]
    .map((doc) => ({ doc, abw: 1 }))
    .concat([54, 60, 120].map((doc) => ({ doc, abw: 25.5 })));

  it('has no shape reading when the forecast at the last sampling is near W∞ (a logistic run on from past its W∞ was NaN)', () => {
    const mean = Array.from({ length: 301 }, () => Math.log(31));
    expect(shapeAverage(pts, DEFAULT_PRIOR.curve, mean)).toBeNull();
  });

  it('its forecast stays a number', () => {
    const fit = fitGrowth(pts, DEFAULT_PRIOR);
    for (const doc of [120, 121, 150, 250]) expect(Number.isFinite(fit.mean[doc])).toBe(true);
  });
});
