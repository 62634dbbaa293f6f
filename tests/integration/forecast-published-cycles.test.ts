import { describe, expect, it } from 'vitest';
import { farmPrior } from '#shared/domain/forecast/index';
import { replayWith } from '../../scripts/forecast/backtest.ts';
import { publishedCycles } from '../../scripts/forecast/published-cycles.ts';

/** The published held-out set of `npm run eval:forecast` (ADR 0078). */
describe('published cycles', () => {
  const all = publishedCycles();

  it('each cycle ends at its reported final weight on its reported day, from its stocked weight', () => {
    const byName = new Map(all.map((c) => [c.name, c]));
    const reported: [string, number, number, number][] = [
      ['kotiya-summer-30m2', 0.06, 26.08, 120],
      ['kotiya-monsoon-80m2', 0.06, 18.2, 120],
      ['sookying-2011-low-density', 0.015, 25.25, 112],
      ['hassan-2022-133m2', 0.003, 24.3, 114],
      ['samocha-2013-texas', 0.003, 21.8, 88],
    ];
    for (const [name, w0, final, days] of reported) {
      const c = byName.get(name);
      expect(c, name).toBeDefined();
      if (!c) continue;
      expect(c.harvestDoc).toBe(days);
      expect(c.truth[0]).toBeCloseTo(w0, 6);
      expect(c.truth[days] as number).toBeCloseTo(final, 3);
      expect(c.harvestAbw).toBe(final);
    }
  });

  it('grows every day, without a jump in the daily gain (the two-stanza law is continuous at 7.5 g)', () => {
    for (const c of all) {
      if (c.name.startsWith('samocha')) continue; // its reported path: exponential, then linear
      // From DOC 14 (the first weeks accelerate fast from a 0.003–0.06 g post-larva): the
      // first version's break (ln growth halved overnight) changed the gain by about half.
      for (let d = 14; d <= c.harvestDoc; d++) {
        const gain = (c.truth[d] as number) - (c.truth[d - 1] as number);
        const before = (c.truth[d - 1] as number) - (c.truth[d - 2] as number);
        expect(gain).toBeGreaterThan(0);
        expect(Math.abs(gain / before - 1), `${c.name} DOC ${d}`).toBeLessThan(0.1);
      }
    }
  });

  it('Samocha et al.: the reported path (0.12–0.18 g at two weeks, 0.5–0.8 g at four, 2.76 g a week after 4.5 g)', () => {
    const c = all.find((x) => x.name === 'samocha-2013-texas');
    expect(c).toBeDefined();
    if (!c) return;
    expect(c.truth[14]).toBeGreaterThanOrEqual(0.12);
    expect(c.truth[14]).toBeLessThanOrEqual(0.18);
    expect(c.truth[28]).toBeGreaterThanOrEqual(0.5);
    expect(c.truth[28]).toBeLessThanOrEqual(0.8);
    expect(((c.truth[80] as number) - (c.truth[73] as number)) / 1).toBeCloseTo(2.75, 1);
  });

  it('the split: 7 tuning and 9 held-out cycles, none in both, two studies only held out', () => {
    const tuning = publishedCycles('tuning').map((c) => c.name);
    const held = publishedCycles('held-out').map((c) => c.name);
    expect(tuning).toHaveLength(7);
    expect(held).toHaveLength(9);
    expect(tuning.filter((n) => held.includes(n))).toEqual([]);
    expect([...tuning, ...held].sort()).toEqual(all.map((c) => c.name).sort());
    for (const study of ['sookying', 'hassan']) expect(tuning.some((n) => n.startsWith(study))).toBe(false);
  });

  it('replayWith forecasts every cut of every cycle with the one prior it is given', () => {
    const tuning = publishedCycles('tuning');
    const prior = farmPrior(tuning.map((c) => ({ points: c.samplings })));
    expect(prior.source).toBe('farm');
    const rows = replayWith(publishedCycles('held-out'), prior);
    expect(rows).toHaveLength(9 * 4);
    for (const r of rows) expect(r.ape[7]).not.toBeNull();
  });
});
