import { describe, expect, it } from 'vitest';
import { richardsCycles } from '../../scripts/forecast/richards-cycles.ts';

/** The held-out Richards ponds of `npm run eval:forecast -- --set=richards` (ADR 0110). */
describe('Richards cycles', () => {
  const all = richardsCycles();

  it('200 ponds, each harvested the first day it reaches its size of 14–24 g (or at DOC 160), growing every day', () => {
    expect(all).toHaveLength(200);
    for (const c of all) {
      expect(c.truth).toHaveLength(c.harvestDoc + 1);
      if (c.harvestDoc < 160) {
        expect(c.harvestAbw, c.name).toBeGreaterThanOrEqual(14);
        expect(c.truth[c.harvestDoc - 1] as number, c.name).toBeLessThan(24);
      }
      for (let d = 1; d <= c.harvestDoc; d++)
        expect(c.truth[d] as number).toBeGreaterThan(c.truth[d - 1] as number);
    }
  });

  it('late inflections: a share of ponds still grow at a near-constant rate in ln ABW from DOC 25 to 60', () => {
    // The default curve's daily growth in ln ABW halves over those days; these ponds' falls by under a quarter.
    const rate = (c: (typeof all)[number], d: number) =>
      (Math.log(c.truth[d + 7] as number) - Math.log(c.truth[d - 7] as number)) / 14;
    const straight = all.filter((c) => c.harvestDoc > 67 && rate(c, 60) > 0.75 * rate(c, 25));
    expect(straight.length).toBeGreaterThan(20);
  });

  it('samplings from DOC 18–24, 5–9 days apart (one in ten skipped), before the harvest, within ±21 % in ln; the same seed the same cycles', () => {
    for (const c of all) {
      const first = c.samplings[0];
      if (first) expect(first.doc).toBeGreaterThanOrEqual(18);
      c.samplings.forEach((s, i) => {
        expect(s.doc).toBeLessThan(c.harvestDoc);
        expect(Math.abs(Math.log(s.abw / (c.truth[s.doc] as number)))).toBeLessThanOrEqual(0.21);
        const prev = c.samplings[i - 1];
        if (prev) expect(s.doc - prev.doc).toBeGreaterThanOrEqual(5);
      });
    }
    expect(richardsCycles(200, 4242)).toEqual(all);
    expect(richardsCycles(200, 7)[0]?.harvestAbw).not.toBe(all[0]?.harvestAbw);
  });
});
