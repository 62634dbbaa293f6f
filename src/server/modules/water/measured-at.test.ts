import { describe, expect, it } from 'vitest';
import { formatMeasuredAt, parseMeasuredAt } from './measured-at.ts';

const now = Date.parse('2025-06-01T00:00:00Z');

describe('parseMeasuredAt', () => {
  it('buckets by the local hour of the offset sent: 11:59 morning, 12:00 afternoon, 18:00 evening', () => {
    expect(parseMeasuredAt('2025-03-01T11:59:00+07:00', now)?.timeOfDay).toBe('morning');
    expect(parseMeasuredAt('2025-03-01T12:00:00+07:00', now)?.timeOfDay).toBe('afternoon');
    expect(parseMeasuredAt('2025-03-01T17:59:59+08:00', now)?.timeOfDay).toBe('afternoon');
    expect(parseMeasuredAt('2025-03-01T18:00:00+09:00', now)?.timeOfDay).toBe('evening');
  });

  it('keeps the instant and the offset', () => {
    const parsed = parseMeasuredAt('2025-03-01T06:10:00.250+08:00', now);
    expect(parsed?.instant.toISOString()).toBe('2025-02-28T22:10:00.250Z');
    expect(parsed?.utcOffset).toBe(480);
  });

  it('reads UTC and offset-less times in WIB (+07:00)', () => {
    const utc = parseMeasuredAt('2025-03-01T05:00:00.000Z', now);
    expect(utc).toMatchObject({ utcOffset: 420, timeOfDay: 'afternoon' });
    expect(utc?.instant.toISOString()).toBe('2025-03-01T05:00:00.000Z');
    const bare = parseMeasuredAt('2025-03-01 06:00', now);
    expect(bare?.instant.toISOString()).toBe('2025-02-28T23:00:00.000Z');
    expect(bare?.timeOfDay).toBe('morning');
  });

  it('refuses garbage, impossible dates and the far future', () => {
    for (const raw of [
      '',
      'kemarin',
      '2025-02-30T06:00:00+07:00',
      '2025-03-01T24:00:00+07:00',
      '2031-01-01T00:00:00Z',
      5,
    ]) {
      expect(parseMeasuredAt(raw, now)).toBeNull();
    }
  });
});

describe('formatMeasuredAt', () => {
  it('writes the instant back in its own offset', () => {
    expect(formatMeasuredAt(new Date('2025-02-28T22:10:00.250Z'), 480)).toBe('2025-03-01T06:10:00.250+08:00');
    expect(formatMeasuredAt(new Date('2025-03-01T12:00:00Z'), -330)).toBe('2025-03-01T06:30:00.000-05:30');
  });
});
