import { describe, expect, it } from 'vitest';
import { cycleFigures } from './cycle.ts';
import {
  abw as averageBodyWeight,
  adg as averageDailyGain,
  daysBetween,
  sizeFromAbw as sizePerKg,
} from './formulas.ts';
import { abwDrop, samplingFigures, samplingsByDay } from './sampling.ts';

describe('sampling metrics (DOMAIN.md)', () => {
  it('ABW = weight ÷ count', () => {
    expect(averageBodyWeight(400, 50)).toBe(8);
    expect(averageBodyWeight(123.5, 100)).toBeCloseTo(1.235);
  });
  it('ABW is null when nothing or nothing sensible was entered', () => {
    expect(averageBodyWeight(null, 50)).toBeNull();
    expect(averageBodyWeight(400, undefined)).toBeNull();
    expect(averageBodyWeight(0, 50)).toBeNull();
    expect(averageBodyWeight(400, 0)).toBeNull();
    expect(averageBodyWeight(-5, 50)).toBeNull();
    expect(averageBodyWeight(Number.NaN, 50)).toBeNull();
    expect(averageBodyWeight(Number.POSITIVE_INFINITY, 50)).toBeNull();
  });
  it('size = 1000 ÷ ABW (pcs/kg), null without ABW', () => {
    expect(sizePerKg(8)).toBe(125);
    expect(sizePerKg(20)).toBe(50);
    expect(sizePerKg(null)).toBeNull();
    expect(sizePerKg(0)).toBeNull();
  });
  it('ADG = ΔABW ÷ days between the samplings', () => {
    expect(averageDailyGain({ abw: 8, day: '2025-03-01' }, { abw: 10.1, day: '2025-03-08' })).toBeCloseTo(
      0.3,
    );
    expect(averageDailyGain({ abw: 10, day: '2025-03-01' }, { abw: 9, day: '2025-03-06' })).toBeCloseTo(-0.2);
  });
  it('ADG is null without an earlier sampling, without ABW, or on the same day or before', () => {
    expect(averageDailyGain(null, { abw: 8, day: '2025-03-08' })).toBeNull();
    expect(averageDailyGain({ abw: null, day: '2025-03-01' }, { abw: 8, day: '2025-03-08' })).toBeNull();
    expect(averageDailyGain({ abw: 8, day: '2025-03-01' }, { abw: null, day: '2025-03-08' })).toBeNull();
    expect(averageDailyGain({ abw: 8, day: '2025-03-08' }, { abw: 9, day: '2025-03-08' })).toBeNull();
    expect(averageDailyGain({ abw: 8, day: '2025-03-09' }, { abw: 9, day: '2025-03-08' })).toBeNull();
    expect(averageDailyGain({ abw: 8, day: 'kemarin' }, { abw: 9, day: '2025-03-08' })).toBeNull();
  });
  it('daysBetween counts calendar days, across months and leap days', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2025-03-01', '2025-03-01')).toBe(0);
    expect(daysBetween('x', '2025-03-01')).toBeNull();
  });
  it('samplingFigures gives all three at once, empty when the keeper has typed nothing yet', () => {
    expect(
      samplingFigures(
        { sample_weight: 505, shrimp_count: 50, day: '2025-03-08' },
        { sample_weight: 400, shrimp_count: 50, day: '2025-03-01' },
      ),
    ).toEqual({ abw: 10.1, size: 1000 / 10.1, adg: expect.closeTo(0.3, 10) });
    expect(samplingFigures({ sample_weight: null, shrimp_count: null, day: '2025-03-08' })).toEqual({
      abw: null,
      size: null,
      adg: null,
    });
  });
});

describe('samplingsByDay (two samples of a day are one sampling, ADR 0129)', () => {
  const s = (sampled_on: string, sample_weight: number, shrimp_count: number) => ({
    sampled_on,
    sample_weight,
    shrimp_count,
  });
  it('pools a day’s samples into Σ weight ÷ Σ count, whatever order they came in, days in order', () => {
    const a = [s('2026-11-20', 50, 10), s('2026-11-27', 300, 100), s('2026-11-27', 340, 100)];
    for (const order of [a, [...a].reverse(), [a[2], a[0], a[1]]] as (typeof a)[]) {
      const days = samplingsByDay(order);
      expect(days.map((d) => d.sampled_on)).toEqual(['2026-11-20', '2026-11-27']);
      expect(days[1]).toMatchObject({ sample_weight: 640, shrimp_count: 200 });
    }
  });
  it('leaves a sample without an ABW out of its day; a day with none keeps its own', () => {
    expect(samplingsByDay([s('2026-11-27', -99, 100), s('2026-11-27', 300, 100)])).toEqual([
      s('2026-11-27', 300, 100),
    ]);
    expect(samplingsByDay([s('2026-11-27', 300, 100), s('2026-11-27', 0, 0)])).toEqual([
      s('2026-11-27', 300, 100),
    ]);
    expect(samplingsByDay([s('2026-11-27', -99, 100)])).toEqual([s('2026-11-27', -99, 100)]);
  });
  it('gives the cycle figures one ABW and an ADG against the day before, in any entry order', () => {
    const base = {
      stock: { stock_date: '2026-10-01', seed_actual: 10_000, is_harvest: false },
      areaM2: 1_000,
      deaths: [],
      harvests: [],
      feedKg: null,
      today: '2026-11-28',
    };
    const rows = [s('2026-11-26', 41.67, 10), s('2026-11-27', 50, 10), s('2026-11-27', 60, 10)];
    const one = cycleFigures({ ...base, samplings: rows });
    const other = cycleFigures({ ...base, samplings: [rows[2], rows[1], rows[0]] as typeof rows });
    expect(one.abw).toBeCloseTo(5.5, 9);
    expect(other.abw).toBe(one.abw);
    expect(one.adg).toBeCloseTo(5.5 - 4.167, 9);
  });
});

describe('abwDrop', () => {
  it('tells how far a new ABW lies below the previous one, past 10 % only', () => {
    // A6 of the demo farm: 18.56 g on 26 Nov, 120 shrimp typed for 1,500 g (12.5 g).
    expect(abwDrop(12.5, 18.56)).toBe(33);
    expect(abwDrop(16.6, 18.56)).toBe(11);
    expect(abwDrop(16.8, 18.56)).toBeNull(); // 9 %: a sample's own spread
    expect(abwDrop(19.2, 18.56)).toBeNull(); // grew
    expect(abwDrop(12.5, null)).toBeNull(); // the cycle's first sampling
    expect(abwDrop(null, 18.56)).toBeNull(); // nothing typed yet
    expect(abwDrop(12.5, 0)).toBeNull();
  });
});
