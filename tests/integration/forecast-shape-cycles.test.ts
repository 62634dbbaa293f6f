import { describe, expect, it } from 'vitest';
import { SHAPES, shapeCycles } from '../../scripts/forecast/shape-cycles.ts';

/** The smooth textbook shapes of `npm run eval:forecast -- --set=shapes` (ADR 0106). */
describe('shape cycles', () => {
  const all = shapeCycles();

  it('150 ponds a family, each harvested the first day it reaches its size of 14–24 g (or at DOC 160)', () => {
    for (const shape of SHAPES) {
      expect(all[shape]).toHaveLength(150);
      for (const c of all[shape]) {
        const before = c.truth[c.harvestDoc - 1] as number;
        if (c.harvestDoc < 160) {
          expect(c.harvestAbw, c.name).toBeGreaterThanOrEqual(14);
          expect(before, c.name).toBeLessThan(24);
        }
        for (let d = 2; d <= c.harvestDoc; d++)
          expect(c.truth[d] as number).toBeGreaterThan(c.truth[d - 1] as number);
      }
    }
  });

  it('a Gompertz pond is one: ln ln(W∞ ÷ W) falls on a straight line in DOC for its own W∞', () => {
    const c = all.gompertz[0];
    if (!c) throw new Error('no cycle');
    // W∞ unknown here: the line's curvature is least at the pond's own W∞ (searched 25–65 g).
    const bend = (winf: number) => {
      const y = (d: number) => Math.log(Math.log(winf / (c.truth[d] as number)));
      return Math.abs(y(30) - 2 * y(60) + y(90));
    };
    let best = 25;
    for (let w = 25; w <= 65; w += 0.01) if (bend(w) < bend(best)) best = w;
    expect(best).toBeGreaterThanOrEqual(28);
    expect(best).toBeLessThanOrEqual(60);
    expect(bend(best)).toBeLessThan(1e-3);
  });

  it('weekly samplings from DOC 21 before the harvest, within ±15 % of the truth in ln; the same seed the same cycles', () => {
    for (const shape of SHAPES)
      for (const c of all[shape]) {
        c.samplings.forEach((s, i) => {
          expect(s.doc).toBe(21 + 7 * i);
          expect(s.doc).toBeLessThan(c.harvestDoc);
          expect(Math.abs(Math.log(s.abw / (c.truth[s.doc] as number)))).toBeLessThanOrEqual(0.15);
        });
      }
    expect(shapeCycles(150, 12345)).toEqual(all);
    expect(shapeCycles(150, 7).gompertz[0]?.harvestAbw).not.toBe(all.gompertz[0]?.harvestAbw);
  });
});
