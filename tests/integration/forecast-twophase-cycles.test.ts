import { describe, expect, it } from 'vitest';
import { TWO_PHASE_FARMS, twoPhaseCycles } from '../../scripts/forecast/twophase-cycles.ts';

/** The held-out two-phase farms of `npm run eval:forecast -- --set=twophase` (ADR 0112). */
describe('two-phase cycles', () => {
  const farms = Object.fromEntries(TWO_PHASE_FARMS.map((f) => [f, twoPhaseCycles(f)]));

  it('each farm has dated cycles that do not overlap in a pond, harvested at their size (≤ DOC 150), growing every day', () => {
    for (const f of TWO_PHASE_FARMS) {
      const cycles = farms[f] ?? [];
      expect(cycles.length).toBeGreaterThan(60);
      const byPond = new Map<string, string>();
      for (const c of cycles) {
        expect(c.truth).toHaveLength(c.harvestDoc + 1);
        expect(c.harvestDoc).toBeLessThanOrEqual(150);
        if (c.harvestDoc < 150) expect(c.harvestAbw, c.name).toBeGreaterThanOrEqual(0.85 * 13 - 1e-9);
        for (let d = 1; d <= c.harvestDoc; d++)
          expect(c.truth[d] as number).toBeGreaterThan(c.truth[d - 1] as number);
        const pond = c.name.replace(/-c\d+$/, '');
        const prevEnd = byPond.get(pond);
        if (prevEnd) expect(c.start > prevEnd, c.name).toBe(true);
        byPond.set(pond, c.end);
      }
    }
  });

  it('the early farm slows sooner than the late one: growth in ln ABW from DOC 25 to 60 falls more', () => {
    const fall = (f: string) => {
      const rs = (farms[f] ?? [])
        .filter((c) => c.harvestDoc > 67)
        .map((c) => {
          const rate = (d: number) =>
            (Math.log(c.truth[d + 7] as number) - Math.log(c.truth[d - 7] as number)) / 14;
          return rate(60) / rate(25);
        })
        .sort((a, b) => a - b);
      return rs[Math.floor(rs.length / 2)] as number;
    };
    expect(fall('early')).toBeLessThan(fall('late'));
  });

  it('samplings 4–12 days apart before the harvest, from DOC 15; the same seed the same cycles', () => {
    for (const f of TWO_PHASE_FARMS)
      for (const c of farms[f] ?? []) {
        const first = c.samplings[0];
        if (first) expect(first.doc).toBeGreaterThanOrEqual(15);
        c.samplings.forEach((s, i) => {
          expect(s.doc).toBeLessThan(c.harvestDoc);
          const prev = c.samplings[i - 1];
          if (prev) expect(s.doc - prev.doc).toBeGreaterThanOrEqual(4);
        });
      }
    expect(twoPhaseCycles('early', 2611)).toEqual(farms.early);
    expect(twoPhaseCycles('early', 5)[0]?.harvestAbw).not.toBe(farms.early?.[0]?.harvestAbw);
  });
});
