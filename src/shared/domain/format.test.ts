import { describe, expect, it } from 'vitest';
import { daysOfCulture } from './doc.ts';
import { formatBytes, formatNumber, formatRupiah, roundQuantity } from './format.ts';
import { compareNames, sortByName } from './natural-sort.ts';
import { firstInvalidPresetTime, timeOfDay } from './time-of-day.ts';

describe('formatRupiah', () => {
  it('prefixes Rp and drops decimals', () => {
    expect(formatRupiah(1500000.6)).toBe('Rp 1.500.001');
    expect(formatRupiah(0)).toBe('Rp 0');
    expect(formatRupiah(-2500)).toBe('-Rp 2.500');
  });
});

describe('number rounding', () => {
  it('rounds quantities to 3 decimals and numbers to 2', () => {
    expect(roundQuantity(1.23456)).toBe(1.235);
    expect(formatNumber(1.005, 2, 'en-US')).toBe('1.01');
  });
  it('shows very small numbers as x 10^n', () => {
    expect(formatNumber(0.00012, 2, 'en-US')).toBe('1.2 x 10^-4');
  });
});

describe('formatBytes', () => {
  it('picks the unit a phone shows, never the x 10^n form', () => {
    expect(formatBytes(94_208)).toBe('94 KB');
    expect(formatBytes(3_400_000)).toBe('3,4 MB');
    expect(formatBytes(10_700_000_000)).toBe('10,7 GB');
    expect(formatBytes(10_700_000_000, 'en-GB')).toBe('10.7 GB');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(Number.NaN)).toBe('–');
  });
});

describe('compareNames', () => {
  it('orders Kolam 2 before Kolam 10', () => {
    expect(sortByName(['Kolam 10', 'Kolam 2', 'kolam 1'], (x) => x)).toEqual([
      'kolam 1',
      'Kolam 2',
      'Kolam 10',
    ]);
    expect(compareNames('Blok B', 'Blok A')).toBeGreaterThan(0);
  });
});

describe('timeOfDay', () => {
  it('splits at 12 and 18', () => {
    expect([0, 11, 12, 17, 18, 23].map(timeOfDay)).toEqual([
      'morning',
      'morning',
      'afternoon',
      'afternoon',
      'evening',
      'evening',
    ]);
  });
});

describe('firstInvalidPresetTime', () => {
  it('refuses repeats and bad formats', () => {
    expect(firstInvalidPresetTime(['06:00', '14:00', '22:00'])).toBeNull();
    expect(firstInvalidPresetTime(['06:00', '06:00'])).toEqual({ index: 1, reason: 'unique' });
    expect(firstInvalidPresetTime(['6:00'])).toEqual({ index: 0, reason: 'time' });
  });
});

describe('daysOfCulture', () => {
  it('is the day difference plus one', () => {
    expect(daysOfCulture('2026-11-01', '2026-11-01')).toBe(1);
    expect(daysOfCulture('2026-10-31', '2026-11-22')).toBe(23);
  });
});
