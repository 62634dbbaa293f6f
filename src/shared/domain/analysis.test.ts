import { describe, expect, it } from 'vitest';
import { isComparisonMetric, mergeSameDay, parseSeriesList, pondDayStatus } from './analysis.ts';

describe('mergeSameDay (type 1)', () => {
  const points = [
    { day: '2026-03-02', at: '2026-03-02T07:00', value: 4 },
    { day: '2026-03-01', at: '2026-03-01T07:00', value: 5 },
    { day: '2026-03-01', at: '2026-03-01T16:00', value: 6.5 },
    { day: '2026-03-01', at: '2026-03-01T18:00', value: Number.NaN },
  ];
  it('sums quantities of the same day, oldest day first', () => {
    expect(mergeSameDay(points, true)).toEqual([
      { day: '2026-03-01', at: '2026-03-01', value: 11.5 },
      { day: '2026-03-02', at: '2026-03-02', value: 4 },
    ]);
  });
  it('averages readings, rounded to 3 decimals', () => {
    const ph = [7.9, 8.6, 8.0].map((value) => ({ day: 'd', at: 'd', value }));
    expect(mergeSameDay(ph, false)).toEqual([{ day: 'd', at: 'd', value: 8.167 }]);
  });
});

describe('parseSeriesList', () => {
  it('reads pond:metric pairs without repeats', () => {
    expect(parseSeriesList('A:ph, a:ph ,A:feed,')).toEqual([
      { pondId: 'a', metric: 'ph' },
      { pondId: 'a', metric: 'feed' },
    ]);
  });
  it('refuses a part without a metric or with two colons', () => {
    expect(parseSeriesList('a')).toBeNull();
    expect(parseSeriesList('a:ph:x')).toBeNull();
  });
});

describe('metrics and status', () => {
  it('knows water parameters and production metrics, not options', () => {
    expect(isComparisonMetric('ph')).toBe(true);
    expect(isComparisonMetric('feed')).toBe(true);
    expect(isComparisonMetric('color')).toBe(false);
    expect(isComparisonMetric('__proto__')).toBe(false);
  });
  it('says complete, partial, missing or empty', () => {
    expect(pondDayStatus({ hasCycle: false, waterSlots: 3, feedKg: 1, ancoChecks: 1 })).toBe('empty');
    expect(pondDayStatus({ hasCycle: true, waterSlots: 3, feedKg: 1, ancoChecks: 1 })).toBe('complete');
    expect(pondDayStatus({ hasCycle: true, waterSlots: 1, feedKg: 0, ancoChecks: 0 })).toBe('partial');
    expect(pondDayStatus({ hasCycle: true, waterSlots: 0, feedKg: 0, ancoChecks: 0 })).toBe('missing');
  });
});
