import { describe, expect, it } from 'vitest';
import { fitGrowth, type GrowthPoint } from './fit.ts';
import { DEFAULT_PRIOR, type GrowthPrior } from './growth-model.ts';
import { farmPrior } from './prior.ts';
import { richardsPrior, richardsReading, shapeOf } from './richards.ts';

/** Daily steps of d ln W/dt = rate(W) from `w0` at DOC 1, sampled every `every` days from `from`. */
function grown(rate: (w: number) => number, w0: number, to: number, from = 21, every = 7): GrowthPoint[] {
  const out: GrowthPoint[] = [];
  let w = w0;
  for (let doc = 1; doc <= to; doc++) {
    if (doc >= from && (doc - from) % every === 0) out.push({ doc, abw: w });
    // Ten sub-steps a day.
    for (let k = 0; k < 10; k++) w *= Math.exp(rate(w) / 10);
  }
  return out;
}

/** von Bertalanffy dW/dt = H·W^(2/3) − κ·W, as d ln W/dt, with W∞ = (H/κ)³. */
const bertalanffy = (winf: number, kappa: number) => (w: number) => kappa * ((winf / w) ** (1 / 3) - 1);
/** Gompertz d ln W/dt = k·ln(W∞/W). */
const gompertz = (winf: number, k: number) => (w: number) => k * Math.log(winf / w);
/** Logistic d ln W/dt = r·(1 − W/W∞). */
const logistic = (winf: number, r: number) => (w: number) => r * (1 - w / winf);

const farmOf = (law: (i: number) => (w: number) => number, n = 12) =>
  Array.from({ length: n }, (_, i) => ({ points: grown(law(i), 0.5, 120) }));

describe('growth by size, a Richards shape learnt per farm (ADR 0103)', () => {
  it('f_ν is continuous at ν = 0 (Gompertz) and von Bertalanffy at ν = −1/3', () => {
    expect(shapeOf(1e-7, 5)).toBeCloseTo(Math.log(5), 5);
    expect(shapeOf(-1 / 3, 8)).toBeCloseTo((8 ** (-1 / 3) - 1) / (-1 / 3), 12);
  });

  it("a farm's finished cycles teach their shape: von Bertalanffy, Gompertz, logistic", () => {
    const vb = richardsPrior(farmOf((i) => bertalanffy(30 + i, 0.025)));
    const gz = richardsPrior(farmOf((i) => gompertz(30 + i, 0.022)));
    const lg = richardsPrior(farmOf((i) => logistic(25 + i, 0.06)));
    expect(vb?.nu).toBeCloseTo(-1 / 3, 9);
    expect(gz?.nu).toBe(0);
    expect(lg?.nu).toBe(1);
    // Fewer than three cycles with three read intervals: none.
    expect(richardsPrior(farmOf((i) => gompertz(30 + i, 0.022), 2))).toBeNull();
  });

  it("a pond levels off moved from the farm's mean level toward its own samplings'", () => {
    // Logistic ponds levelling off at 16–26 g (a crowded pond plateaus early).
    const law = (i: number) => logistic(16 + i, 0.07);
    const rp = richardsPrior(farmOf(law, 11));
    expect(rp).not.toBeNull();
    if (!rp) return;
    const prior = { ...DEFAULT_PRIOR, richards: rp, source: 'farm' } as GrowthPrior;
    const plateau = [16, 26].map((winf) => {
      const pts = grown(logistic(winf, 0.07), 0.5, 70);
      const last = pts.at(-1) as GrowthPoint;
      const reading = richardsReading(pts, prior, null, last.doc, Math.log(last.abw));
      expect(reading?.[last.doc]).toBeNaN();
      return Math.exp(reading?.[150] ?? Number.NaN);
    });
    const [small, big] = plateau as [number, number];
    // Each moved by its own samplings from the farm's mean level (21 g) toward its own, and
    // levelling off: not far past it (a curve by age would keep the farm's growth).
    expect(small).toBeLessThan(19.5);
    expect(small).toBeGreaterThan(15);
    expect(big).toBeGreaterThan(22.5);
    expect(big).toBeLessThan(27);
  });

  it('a farm with history follows the reading in the share its replays learn; a new farm has none', () => {
    // A farm whose ponds grow by age on one curve but level off at their own sizes.
    const cycles = Array.from({ length: 16 }, (_, i) => ({
      points: grown(logistic(14 + 1.2 * i, 0.075), 0.4, 120),
    }));
    const prior = farmPrior(cycles);
    expect(prior.richards).toBeDefined();
    expect(prior.richardsWeight).toBeDefined();
    const pond = grown(logistic(15, 0.075), 0.4, 63);
    expect(fitGrowth(pond, DEFAULT_PRIOR).sizeGap).toBeUndefined();
    const fit = fitGrowth(pond, prior);
    const [a, b] = prior.richardsWeight ?? [0, 0];
    if (a !== 0 || b !== 0) expect(fit.sizeGap).toBeDefined();
    else expect(fit.sizeGap).toBeUndefined();
  });
});
