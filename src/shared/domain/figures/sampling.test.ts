import { describe, expect, it } from 'vitest';
import {
  abw as averageBodyWeight,
  adg as averageDailyGain,
  daysBetween,
  sizeFromAbw as sizePerKg,
} from './formulas.ts';
import { samplingFigures } from './sampling.ts';

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
