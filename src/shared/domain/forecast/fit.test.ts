import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { abwBand, docReaching, FIT_SETTINGS, fitGrowth, type GrowthPoint } from './fit.ts';
import {
  DEFAULT_PRIOR,
  docForAbw,
  type GrowthParams,
  type GrowthPrior,
  gompertz,
  toTheta,
} from './growth-model.ts';
import { farmPrior } from './prior.ts';

const weekly = (p: GrowthParams, from = 21, to = 98) => {
  const out: GrowthPoint[] = [];
  for (let doc = from; doc <= to; doc += 7) out.push({ doc, abw: gompertz(p, doc) });
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

describe('fitGrowth', () => {
  it('recovers a known curve exactly when the prior is weak (the optimiser converges)', () => {
    const weak: GrowthPrior = { ...DEFAULT_PRIOR, sd: [10, 10, 10] };
    for (const truth of [
      { winf: 31, b: 5.6, k: 0.022 },
      { winf: 53, b: 4.6, k: 0.015 },
    ]) {
      const fit = fitGrowth(weekly(truth), weak);
      expect(fit.basis).toBe('fit');
      expect(fit.params.winf / truth.winf).toBeCloseTo(1, 2);
      expect(fit.params.b / truth.b).toBeCloseTo(1, 2);
      expect(fit.params.k / truth.k).toBeCloseTo(1, 2);
    }
  });

  it('recovers a known curve with the default prior: ABW within 4 %, the day of size 50 within 3 days', () => {
    const truth: GrowthParams = { winf: 31, b: 5.6, k: 0.022 };
    const fit = fitGrowth(weekly(truth), DEFAULT_PRIOR);
    for (const doc of [30, 60, 90, 105]) {
      expect(Math.abs(gompertz(fit.params, doc) / gompertz(truth, doc) - 1)).toBeLessThan(0.04);
    }
    expect(Math.abs((docForAbw(fit.params, 20) ?? 0) - (docForAbw(truth, 20) ?? 0))).toBeLessThan(3);
  });

  it('recovers any curve of the vannamei range: within 5 % where sampled, 8 % two weeks on (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 28, max: 60, noNaN: true }),
        fc.double({ min: 4.5, max: 6, noNaN: true }),
        fc.double({ min: 0.015, max: 0.026, noNaN: true }),
        (winf, b, k) => {
          const truth = { winf, b, k };
          const fit = fitGrowth(weekly(truth, 21, 91), DEFAULT_PRIOR);
          for (const doc of [50, 91])
            expect(Math.abs(gompertz(fit.params, doc) / gompertz(truth, doc) - 1)).toBeLessThan(0.04);
          expect(Math.abs(gompertz(fit.params, 105) / gompertz(truth, 105) - 1)).toBeLessThan(0.08);
        },
      ),
      { numRuns: 200, seed: 26 },
    );
  });

  it('keeps ABW within 6 % of the truth 14 days ahead from noisy samplings (±5 %)', () => {
    const truth: GrowthParams = { winf: 40, b: 5.1, k: 0.019 };
    for (let seed = 1; seed <= 20; seed++) {
      const fit = fitGrowth(noisy(weekly(truth, 21, 70), 0.05, seed), DEFAULT_PRIOR);
      expect(Math.abs(gompertz(fit.params, 84) / gompertz(truth, 84) - 1)).toBeLessThan(0.06);
    }
  });

  it('one sampling: forecasts from the prior, moved through that sampling', () => {
    const fit = fitGrowth([{ doc: 30, abw: 2.6 }], DEFAULT_PRIOR);
    expect(fit.basis).toBe('prior');
    expect(fit.samplings).toBe(1);
    // The curve passes near the sampling, the prior's shape (b, k) unchanged.
    expect(Math.abs(gompertz(fit.params, 30) / 2.6 - 1)).toBeLessThan(0.02);
    expect(fit.theta[1]).toBe(DEFAULT_PRIOR.mean[1]);
    expect(fit.theta[2]).toBe(DEFAULT_PRIOR.mean[2]);
    // No sampling at all: the prior itself.
    const none = fitGrowth([], DEFAULT_PRIOR);
    expect(none.basis).toBe('prior');
    expect(none.theta).toEqual(DEFAULT_PRIOR.mean);
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
    const truth: GrowthParams = { winf: 38, b: 5.2, k: 0.019 };
    const points = weekly(truth, 21, 77);
    // The partial harvest took the biggest shrimp: the next sampling reads 12 % light.
    const after = { doc: 84, abw: gompertz(truth, 84) * 0.88 };
    const fit = fitGrowth([...points, after], DEFAULT_PRIOR);
    const at98 = gompertz(fit.params, 98) / gompertz(truth, 98);
    expect(at98).toBeLessThan(1);
    expect(at98).toBeGreaterThan(0.85);
    // Later samplings that show the pond growing again bring it back.
    const recovered = fitGrowth(
      [...points, after, { doc: 91, abw: gompertz(truth, 91) }, { doc: 98, abw: gompertz(truth, 98) }],
      DEFAULT_PRIOR,
    );
    expect(Math.abs(gompertz(recovered.params, 105) / gompertz(truth, 105) - 1)).toBeLessThan(0.05);
  });
});

describe('band', () => {
  it('widens with the horizon and contains the forecast', () => {
    const fit = fitGrowth(weekly({ winf: 38, b: 5.2, k: 0.019 }, 21, 63), DEFAULT_PRIOR);
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
    const fitted = fitGrowth(weekly({ winf: 38, b: 5.2, k: 0.019 }, 21, 63), DEFAULT_PRIOR);
    const prior = fitGrowth([{ doc: 63, abw: gompertz({ winf: 38, b: 5.2, k: 0.019 }, 63) }], DEFAULT_PRIOR);
    const w = (f: typeof fitted) => Math.log(abwBand(f, 77).high / abwBand(f, 77).low);
    expect(w(prior)).toBeGreaterThan(w(fitted));
  });

  it('the date to a size comes with an early and a late day around it', () => {
    const fit = fitGrowth(weekly({ winf: 38, b: 5.2, k: 0.019 }, 21, 63), DEFAULT_PRIOR);
    const r = docReaching(fit, 20, 63);
    expect(r.doc).not.toBeNull();
    expect(r.early as number).toBeLessThanOrEqual(r.doc as number);
    expect(r.late as number).toBeGreaterThanOrEqual(r.doc as number);
    expect(r.late as number).toBeGreaterThan(r.early as number);
    // Never reached: beyond W∞.
    expect(docReaching(fit, fit.params.winf * 2, 63).doc).toBeNull();
  });
});

describe('farmPrior', () => {
  it('falls back to the default curve without three finished cycles', () => {
    expect(farmPrior([])).toBe(DEFAULT_PRIOR);
    expect(farmPrior([weekly({ winf: 30, b: 5, k: 0.02 }), weekly({ winf: 30, b: 5, k: 0.02 })])).toBe(
      DEFAULT_PRIOR,
    );
  });

  it('learns the farm curve from its finished cycles', () => {
    const farm: GrowthParams = { winf: 30, b: 5.6, k: 0.024 };
    const cycles = [0.95, 1, 1.05, 1.02].map((f) => weekly({ ...farm, winf: farm.winf * f }, 21, 112));
    const prior: GrowthPrior = farmPrior(cycles);
    expect(prior.source).toBe('farm');
    expect(prior.cycles).toBe(4);
    const priorOnly = {
      winf: Math.exp(prior.mean[0]),
      b: Math.exp(prior.mean[1]),
      k: Math.exp(prior.mean[2]),
    };
    expect(Math.abs(gompertz(priorOnly, 90) / gompertz(farm, 90) - 1)).toBeLessThan(0.05);
    // A new cycle with two samplings forecasts closer to the truth with the farm prior than the default.
    const two = weekly(farm, 21, 28);
    const err = (p: GrowthPrior) => Math.abs(gompertz(fitGrowth(two, p).params, 60) / gompertz(farm, 60) - 1);
    expect(err(prior)).toBeLessThan(err(DEFAULT_PRIOR));
    expect(toTheta(priorOnly)[0]).toBeCloseTo(prior.mean[0], 10);
  });
});

describe('settings', () => {
  it('needs two samplings to fit', () => {
    expect(FIT_SETTINGS.minSamplings).toBe(2);
  });
});
