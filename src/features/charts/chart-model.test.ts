import { describe, expect, it } from 'vitest';
import {
  bandSpan,
  type ChartPoint,
  dayTicks,
  dayX,
  decimate,
  lastDays,
  nearestPoint,
  outOfBand,
  probeLinePoints,
  probeWindow,
  rangeDomain,
  wallClockX,
  xTickCount,
  yDomain,
} from './chart-model.ts';

const pt = (x: number, y: number): ChartPoint => ({ id: String(x), x, y, day: '2026-03-01' });

describe('chart model', () => {
  it('places readings on the farm wall clock and days at midday', () => {
    expect(new Date(wallClockX('2026-03-01T06:00:00.000+07:00')).toISOString()).toBe(
      '2026-03-01T06:00:00.000Z',
    );
    expect(new Date(dayX('2026-03-01')).toISOString()).toBe('2026-03-01T12:00:00.000Z');
    const [a, b] = rangeDomain('2026-03-01', '2026-03-03');
    expect((b - a) / 86_400_000).toBe(3);
  });

  it('pads the y domain by 10 % and always includes the standard band', () => {
    expect(yDomain([pt(1, 8), pt(2, 9)])).toEqual([7.9, 9.1]);
    // ph 7.8–8.5 band with a 9.1 reading: 7.8 … 9.1, padded by 0.13.
    const [lo, hi] = yDomain([pt(1, 9.1)], { min: 7.8, max: 8.5 });
    expect(lo).toBeCloseTo(7.67, 10);
    expect(hi).toBeCloseTo(9.23, 10);
    expect(yDomain([pt(1, 5), pt(2, 5)])).toEqual([4.5, 5.5]);
    expect(yDomain([], undefined)).toEqual([0, 1]);
    expect(yDomain([pt(1, 4), pt(2, 14)], undefined, true)).toEqual([0, 15.4]);
  });

  it('clips an open band to the frame and flags values outside it', () => {
    expect(bandSpan({ min: 4, max: null }, [0, 10])).toEqual([4, 10]);
    expect(bandSpan({ min: null, max: null }, [0, 10])).toBeNull();
    expect(bandSpan({ min: 20, max: 30 }, [0, 10])).toBeNull();
    expect(outOfBand(33, { min: 28, max: 32 })).toBe(true);
    expect(outOfBand(30, { min: 28, max: 32 })).toBe(false);
    expect(outOfBand(3, { min: 4, max: null })).toBe(true);
    expect(outOfBand(3, undefined)).toBe(false);
  });

  it('finds the nearest point to a pointer position', () => {
    const points = [pt(0, 1), pt(10, 2), pt(20, 3)];
    const id = (x: number) => x;
    expect(nearestPoint(points, -5, id)?.x).toBe(0);
    expect(nearestPoint(points, 4, id)?.x).toBe(0);
    expect(nearestPoint(points, 6, id)?.x).toBe(10);
    expect(nearestPoint(points, 99, id)?.x).toBe(20);
    expect(nearestPoint([], 3, id)).toBeNull();
  });

  it('fits date ticks to the width and opens on the last 30 days', () => {
    expect(xTickCount(280)).toBe(2);
    expect(xTickCount(1100)).toBe(8);
    const days = (ticks: number[]) => ticks.map((t) => new Date(t).toISOString().slice(0, 10));
    expect(days(dayTicks(rangeDomain('2026-03-01', '2026-03-30'), 3))).toEqual([
      '2026-03-06',
      '2026-03-16',
      '2026-03-26',
    ]);
    expect(days(dayTicks(rangeDomain('2026-03-01', '2026-03-02'), 5))).toEqual(['2026-03-01', '2026-03-02']);
    expect(lastDays('2026-03-30', 30)).toEqual({ from: '2026-03-01', to: '2026-03-30' });
  });
});

describe('decimate', () => {
  const px = (x: number) => x / 10; // 10 x-units a pixel
  it('keeps the first, lowest, highest and last point of each pixel column, in order', () => {
    const points = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((x) => ({
      x,
      y: [5, 2, 9, 4, 5, 6, 1, 7, 3, 8, 4, 4][x],
    }));
    expect(decimate(points, px).map((p) => p.x)).toEqual([0, 2, 6, 9, 10, 11]);
  });
  it('never drops a peak out of the standard among 20,000 points, and draws at most four a pixel', () => {
    const points = Array.from({ length: 20_000 }, (_, i) => ({ x: i, y: i === 12_345 ? 99 : i % 13 }));
    const kept = decimate(points, (x) => x / 16);
    expect(kept.length).toBeLessThanOrEqual(4 * 1250);
    expect(kept.some((p) => p.y === 99)).toBe(true);
    expect(kept.map((p) => p.x)).toEqual([...kept.map((p) => p.x)].sort((a, b) => a - b));
  });
  it('answers few points unchanged', () => {
    const points = [
      { x: 0, y: 1 },
      { x: 100, y: 2 },
    ];
    expect(decimate(points, px)).toEqual(points);
  });

  it('puts a probe line on the hand readings’ wall clock, sorted, only for its parameter', () => {
    const series = [
      { parameter: 'ph', points: [{ at: '2026-03-01T00:00:00.000Z', value: 8 }] },
      {
        parameter: 'do',
        points: [
          { at: '2026-02-28T21:00:00.000Z', value: 2.4 },
          { at: '2026-02-28T20:00:00.000Z', value: 5.1 },
          { at: 'not a time', value: 3 },
          { at: '2026-02-28T22:00:00.000Z', value: Number.NaN },
        ],
      },
    ];
    const line = probeLinePoints(series, 'do');
    // 20:00 and 21:00 UTC are 03:00 and 04:00 WIB on 1 March: the night crash sits at 04:00.
    expect(line.map((p) => [new Date(p.x).toISOString(), p.y, p.day, p.note])).toEqual([
      ['2026-03-01T03:00:00.000Z', 5.1, '2026-03-01', '03:00'],
      ['2026-03-01T04:00:00.000Z', 2.4, '2026-03-01', '04:00'],
    ]);
    expect(line[0].x).toBe(wallClockX('2026-03-01T03:00:00+07:00'));
    expect(probeLinePoints(series, 'salinity')).toEqual([]);
    expect(probeLinePoints([], 'do')).toEqual([]);
  });

  it('asks for the probe readings of the chart’s farm days, at most the last 31', () => {
    expect(probeWindow('p1', { from: '2026-03-01', to: '2026-03-02' })).toEqual({
      pond_id: 'p1',
      from: '2026-02-28T17:00:00.000Z',
      to: '2026-03-02T17:00:00.000Z',
    });
    const long = probeWindow('p1', { from: '2025-03-02', to: '2026-03-01' });
    expect(long.to).toBe('2026-03-01T17:00:00.000Z');
    expect((Date.parse(long.to) - Date.parse(long.from)) / 86_400_000).toBe(31);
  });
});
