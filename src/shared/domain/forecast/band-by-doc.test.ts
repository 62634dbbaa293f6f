import { describe, expect, it } from 'vitest';
import { bandScaleAt, fitGrowth, type GrowthPoint, lnSd } from './fit.ts';
import { DEFAULT_CURVE, DEFAULT_PRIOR, type GrowthPrior, gompertz } from './growth-model.ts';
import { farmPrior } from './prior.ts';

/**
 * A farm whose ponds part between DOC 30 and 50 (each moves by its own ±30 % then, a crowding
 * or a disease early in the culture) and grow alike after: a pond's future is unknown at DOC
 * 30 and known at DOC 70.
 */
const parting = (i: number) => {
  const u = 0.3 * Math.sin(i * 2.399);
  return (doc: number) =>
    gompertz(DEFAULT_CURVE, doc) * Math.exp(u * Math.min(1, Math.max(0, (doc - 30) / 20)));
};
const sampled = (w: (doc: number) => number, first: number, every: number, to = 120): GrowthPoint[] => {
  const out: GrowthPoint[] = [];
  for (let doc = first; doc <= to; doc += every) out.push({ doc, abw: w(doc) });
  return out;
};

describe('the band by the DOC of the last sampling (ADR 0095)', () => {
  it('is the farm scale at DOC 30, 50 and 70 of the last sampling, linear between and held outside', () => {
    const prior: GrowthPrior = { ...DEFAULT_PRIOR, bandScale: 1.2, bandScaleByDoc: [2, 1, 0.6] };
    expect(bandScaleAt(prior, 10)).toBe(2);
    expect(bandScaleAt(prior, 30)).toBe(2);
    expect(bandScaleAt(prior, 40)).toBeCloseTo(1.5, 12);
    expect(bandScaleAt(prior, 60)).toBeCloseTo(0.8, 12);
    expect(bandScaleAt(prior, 90)).toBe(0.6);
    expect(bandScaleAt(prior, null)).toBe(2);
    expect(bandScaleAt({ ...DEFAULT_PRIOR, bandScale: 1.2 }, 40)).toBe(1.2);
    expect(bandScaleAt(DEFAULT_PRIOR, 40)).toBe(1);
  });

  it('a farm whose ponds part early learns a wider band for a pond sampled to DOC 30 than for one sampled to DOC 70', () => {
    const prior = farmPrior(Array.from({ length: 20 }, (_, i) => ({ points: sampled(parting(i), 21, 7) })));
    const by = prior.bandScaleByDoc;
    expect(by).toBeDefined();
    if (!by) return;
    expect(by[0]).toBeGreaterThan(1.5 * by[2]);
    // The forecast reads it: a pond last sampled at DOC 28 gets the early scale, one at DOC 70 the late.
    const pond = parting(20);
    const early = fitGrowth(sampled(pond, 21, 7, 28), prior);
    const late = fitGrowth(sampled(pond, 21, 7, 70), prior);
    expect(
      lnSd(early, 42) / lnSd({ ...early, prior: { ...prior, bandScaleByDoc: undefined } }, 42),
    ).toBeCloseTo(by[0] / (prior.bandScale as number), 9);
    expect(
      lnSd(late, 84) / lnSd({ ...late, prior: { ...prior, bandScaleByDoc: undefined } }, 84),
    ).toBeCloseTo(by[2] / (prior.bandScale as number), 9);
  });

  it('learns the early band from ponds with a single sampling by DOC 30 too (sampled every ten days from DOC 25)', () => {
    const prior = farmPrior(Array.from({ length: 20 }, (_, i) => ({ points: sampled(parting(i), 25, 10) })));
    const by = prior.bandScaleByDoc;
    expect(by).toBeDefined();
    if (!by) return;
    // Without them the DOC 30 scale would be the pooled one it is shrunk toward.
    expect(by[0]).toBeGreaterThan(1.2 * (prior.bandScale as number));
    expect(by[0]).toBeGreaterThan(1.5 * by[2]);
  });
});
