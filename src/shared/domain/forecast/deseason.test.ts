import { describe, expect, it } from 'vitest';
import type { GrowthPoint } from './fit.ts';
import { DEFAULT_CURVE, gompertz, MAX_DOC, priorFor, seasonAngle, seasonLn } from './growth-model.ts';
import { deseason, farmCurve, farmPrior } from './prior.ts';

/** A farm whose daily growth in ln ABW runs exp(0.2·cos φ) times the default Gompertz curve's (warm around 1 January). */
const AMPLITUDE = 0.2;
function seasonal(stockDate: string, to = 112): { ln: number[]; points: GrowthPoint[] } {
  const ln = [Math.log(gompertz(DEFAULT_CURVE, 0))];
  for (let d = 0; d < to; d++) {
    const rate = Math.log(gompertz(DEFAULT_CURVE, d + 1) / gompertz(DEFAULT_CURVE, d));
    ln.push((ln[d] as number) + rate * Math.exp(AMPLITUDE * Math.cos(seasonAngle(stockDate, d - 0.5))));
  }
  const points: GrowthPoint[] = [];
  for (let doc = 21; doc <= to; doc += 7) points.push({ doc, abw: Math.exp(ln[doc] as number) });
  return { ln, points };
}
/** A history stocked mostly in the warm months (nine of twelve cycles from November to February). */
const STARTS = [
  '2023-11-01',
  '2023-12-01',
  '2024-01-01',
  '2024-02-01',
  '2024-06-01',
  '2024-11-01',
  '2024-12-01',
  '2025-01-01',
  '2025-02-01',
  '2025-06-15',
  '2025-11-15',
  '2025-12-15',
];
const history = STARTS.map((stockDate) => ({ points: seasonal(stockDate).points, stockDate }));

describe("the farm curve out of its history's months (ADR 0095)", () => {
  it("divides each day's growth by the season the cycles spanning it lived through", () => {
    const season = { cos: 0.2, sin: -0.05 };
    const cycles = [
      { points: seasonal('2024-03-10').points, stockDate: '2024-03-10' },
      {
        points: seasonal('2024-03-10').points.map((p) => ({ ...p, abw: p.abw * 1.1 })),
        stockDate: '2024-03-10',
      },
    ];
    const asGrown = farmCurve(cycles.map((c) => c.points));
    const neutral = deseason(asGrown, cycles, season);
    expect(neutral).toHaveLength(asGrown.length);
    expect(neutral[0]).toBe(asGrown[0]);
    const a0 = seasonAngle('2024-03-10', -1);
    const step = (2 * Math.PI) / 365;
    const growth = (c: readonly number[], d: number) => (c[d + 1] as number) - (c[d] as number);
    // Days the samplings span (DOC 21–112): each by its own day's season.
    for (const d of [21, 50, 80, 111])
      expect(growth(neutral, d)).toBeCloseTo(
        growth(asGrown, d) * Math.exp(-seasonLn(season, a0 + (d + 0.5) * step)),
        12,
      );
    // Days outside them: by the mean season of the spanned days.
    let mean = 0;
    for (let d = 21; d < 112; d++) mean += seasonLn(season, a0 + (d + 0.5) * step) / 91;
    for (const d of [5, 150, MAX_DOC - 1])
      expect(growth(neutral, d)).toBeCloseTo(growth(asGrown, d) * Math.exp(-mean), 12);
  });

  it('a farm whose history grew mostly in the warm months: the typical pond of a cycle stocked on one of its days grows as that cycle did (the warm months counted once)', () => {
    const prior = farmPrior(history);
    expect(prior.season).toBeDefined();
    for (const day of ['2024-12-01', '2024-06-01', '2025-06-15']) {
      const own = priorFor(prior, day);
      const truth = seasonal(day).ln;
      const grown = (truth[105] as number) - (truth[28] as number);
      const typical = (own.curve[105] as number) - (own.curve[28] as number);
      // Learnt as grown and run through the season again, the curve grew 11–15 % too fast.
      expect(Math.abs(typical / grown - 1)).toBeLessThan(0.07);
    }
  });

  it('a farm without a season keeps its curve as grown', () => {
    const undated = history.map((c) => c.points);
    expect(farmPrior(undated).curve).toEqual(farmCurve(undated));
    expect(farmPrior(history.slice(0, 7)).curve).toEqual(farmCurve(undated.slice(0, 7)));
  });
});
