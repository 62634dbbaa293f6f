import { describe, expect, it } from 'vitest';
import { RUNNING_SETTINGS, runningPrior } from '../../scripts/forecast/running-prior.ts';
import { abwAt, dayReaching, fitGrowth } from '../../src/shared/domain/forecast/fit.ts';
import {
  DEFAULT_CURVE,
  DEFAULT_PRIOR,
  type GrowthPoint,
  gompertz,
} from '../../src/shared/domain/forecast/growth-model.ts';

/** Logistic growth with a late inflection (W∞ 32 g, k 0.055 a day, half of W∞ at DOC 85). */
const logistic = (t: number) => 32 / (1 + Math.exp(-0.055 * (t - 85)));
/** The DOC that logistic first reaches `w` g. */
const logisticDoc = (w: number) => 85 - Math.log(32 / w - 1) / 0.055;
/** Samplings of a law ×`scale` every 7 days from DOC `from` to `to`, ±3 % in turn (a deterministic scatter). */
const sampled = (law: (t: number) => number, to: number, from = 21, scale = 1): GrowthPoint[] => {
  const out: GrowthPoint[] = [];
  for (let doc = from, i = 0; doc <= to; doc += 7, i++)
    out.push({ doc, abw: law(doc) * scale * (i % 2 ? 1.03 : 0.97) });
  return out;
};
/** A farm's running ponds on `law`, stocked a week apart: the first sampled to `to`, each next a week less. */
const farmOf = (law: (t: number) => number, ponds: number, to: number) =>
  Array.from({ length: ponds }, (_, i) => ({
    points: sampled(law, to - 7 * i, 21 + (i % 3), 0.94 + 0.03 * (i % 5)),
  }));

describe("a new farm's curve from its running ponds (ADR 0115)", () => {
  it('fewer than three ponds with three samplings each: the default prior itself', () => {
    const two = farmOf(logistic, 2, 90);
    const young = farmOf(logistic, 5, 30).map((c) => ({ points: c.points.slice(0, 2) }));
    expect(runningPrior(two)).toBe(DEFAULT_PRIOR);
    expect(runningPrior(young)).toBe(DEFAULT_PRIOR);
    expect(runningPrior([])).toBe(DEFAULT_PRIOR);
  });

  it("stays a new farm's prior: the default's spread and source, the ponds it read counted", () => {
    const prior = runningPrior(farmOf(logistic, 8, 100));
    expect(prior.source).toBe('default');
    expect(prior.cycles).toBe(0);
    expect(prior.running).toBe(8);
    expect(prior.cov).toEqual(DEFAULT_PRIOR.cov);
    expect(prior.curve).toHaveLength(DEFAULT_PRIOR.curve.length);
    expect(prior.bandScale).toBeUndefined();
  });

  it('ponds on the default curve leave its shape: the growth from DOC 45 to 90 within 5 % of the default', () => {
    const law = (t: number) => gompertz(DEFAULT_CURVE, t);
    const prior = runningPrior(farmOf(law, 10, 110));
    const grown = (c: readonly number[]) => (c[90] as number) - (c[45] as number);
    expect(grown(prior.curve) / grown(DEFAULT_PRIOR.curve)).toBeGreaterThan(0.95);
    expect(grown(prior.curve) / grown(DEFAULT_PRIOR.curve)).toBeLessThan(1.05);
  });

  it('a pond cut at DOC 45 on a logistic farm whose first ponds are at DOC 100: its day of 20 g a week nearer the truth', () => {
    const running = farmOf(logistic, 10, 100);
    const pond = sampled(logistic, 45, 24);
    const truth = logisticDoc(20);
    const before = dayReaching(fitGrowth(pond, DEFAULT_PRIOR), 20, 45) as number;
    const prior = runningPrior([...running, { points: pond }]);
    expect(prior.running).toBe(11);
    const after = dayReaching(fitGrowth(pond, prior), 20, 45) as number;
    expect(Math.abs(after - truth)).toBeLessThan(Math.abs(before - truth) - 7);
    expect(Math.abs(after - truth)).toBeLessThan(7);
  });

  it('past the DOC its ponds reached, the farm’s multiple of the default’s growth fades toward 1 (half in tailHalfLife days)', () => {
    const prior = runningPrior(farmOf(logistic, 10, 80));
    const ratio = (d: number) =>
      ((prior.curve[d + 1] as number) - (prior.curve[d] as number)) /
      ((DEFAULT_PRIOR.curve[d + 1] as number) - (DEFAULT_PRIOR.curve[d] as number));
    const edge = ratio(70);
    expect(edge).toBeGreaterThan(1.1);
    const later = ratio(70 + 2 * RUNNING_SETTINGS.tailHalfLife + 10);
    expect(later - 1).toBeLessThan((edge - 1) / 3);
    expect(later).toBeGreaterThanOrEqual(1);
  });

  it("ADR 0117: the ponds teach the shape only; the level and pace's mean stay the default prior's, however low the ponds", () => {
    // A farm whose first ponds are 30 % light: the shape is the logistic's, the mean (ℓ, ρ) the default's.
    const light = (t: number) => 0.7 * logistic(t);
    const prior = runningPrior(farmOf(light, 10, 100));
    expect(RUNNING_SETTINGS.shapeOnly).toBe(true);
    expect(prior.mean).toEqual(DEFAULT_PRIOR.mean);
    expect(prior.running).toBe(10);
    // The pond's own samplings set its level: its day of 14 g (20 g on the full-weight farm) within a week.
    const pond = sampled(light, 45, 24);
    const truth = logisticDoc(20);
    const after = dayReaching(fitGrowth(pond, prior), 14, 45) as number;
    expect(Math.abs(after - truth)).toBeLessThan(7);
  });

  it('ahead: only ponds sampled that many days past the forecast pond are read', () => {
    const saved = RUNNING_SETTINGS.ahead;
    RUNNING_SETTINGS.ahead = 14;
    try {
      const running = farmOf(logistic, 10, 100);
      const ahead = running.filter((c) => Math.max(...c.points.map((p) => p.doc)) >= 45 + 14).length;
      expect(ahead).toBeGreaterThanOrEqual(3);
      expect(ahead).toBeLessThan(10);
      expect(runningPrior(running, undefined, 45).running).toBe(ahead);
      expect(runningPrior(running, undefined, 90)).toBe(DEFAULT_PRIOR);
    } finally {
      RUNNING_SETTINGS.ahead = saved;
    }
  });

  it('pure: the same running samplings, in any order, give the same forecast', () => {
    const running = farmOf(logistic, 9, 95);
    const pond = sampled(logistic, 45, 24);
    const a = fitGrowth(pond, runningPrior(running));
    const b = fitGrowth(pond, runningPrior([...running].reverse()));
    expect(abwAt(b, 90)).toBeCloseTo(abwAt(a, 90), 9);
  });

  it('ADR 0118: ponds whose running curve forecasts their own last three weeks better take it whole (a logistic farm)', () => {
    expect(RUNNING_SETTINGS.evidence).toBe('forecast');
    const prior = runningPrior(farmOf(logistic, 10, 100));
    expect(prior.share).toBeGreaterThan(0.9);
  });

  it('ADR 0118: ponds the default forecasts as well leave it nearly whole: share under 0.1, growth from DOC 45 to 90 within 1 %', () => {
    const law = (t: number) => gompertz(DEFAULT_CURVE, t);
    const prior = runningPrior(farmOf(law, 10, 110));
    expect(prior.share).toBeLessThan(0.1);
    const grown = (c: readonly number[]) => (c[90] as number) - (c[45] as number);
    expect(grown(prior.curve) / grown(DEFAULT_PRIOR.curve)).toBeGreaterThan(0.99);
    expect(grown(prior.curve) / grown(DEFAULT_PRIOR.curve)).toBeLessThan(1.01);
  });

  it('ADR 0118: with no pond sampled three times before its last three weeks, the prior share; with evidence off, all of the running curve (ADR 0117)', () => {
    // Six ponds sampled from DOC 21 to 42–44: none has three samplings before its last three weeks.
    const young = Array.from({ length: 6 }, (_, i) => ({ points: sampled(logistic, 44, 21 + (i % 3)) }));
    const prior = runningPrior(young);
    expect(prior.running).toBe(6);
    expect(prior.share).toBe(RUNNING_SETTINGS.evidenceShare);
    const saved = RUNNING_SETTINGS.evidence;
    RUNNING_SETTINGS.evidence = 'none';
    try {
      const whole = runningPrior(farmOf(logistic, 10, 100));
      expect(whole.share).toBe(1);
      // The evidence's share of the same ponds is a share of this curve's departure from the default's.
      RUNNING_SETTINGS.evidence = saved;
      const part = runningPrior(farmOf(logistic, 10, 100));
      const s = part.share as number;
      const d = 90;
      const def = DEFAULT_PRIOR.curve[d] as number;
      expect(part.curve[d] as number).toBeCloseTo(def + s * ((whole.curve[d] as number) - def), 9);
    } finally {
      RUNNING_SETTINGS.evidence = saved;
    }
  });

  it('window (tuning only): only the ponds stocked within that many days of the pond are read; an unknown stocking day is read', () => {
    const saved = RUNNING_SETTINGS.window;
    RUNNING_SETTINGS.window = 28;
    try {
      const running = farmOf(logistic, 10, 100).map((c, i) => ({ ...c, stockOffset: -7 * i }));
      expect(runningPrior(running).running).toBe(5);
      expect(runningPrior(running.map(({ points }) => ({ points }))).running).toBe(10);
      expect(runningPrior(running.slice(5))).toBe(DEFAULT_PRIOR);
    } finally {
      RUNNING_SETTINGS.window = saved;
    }
  });
});
