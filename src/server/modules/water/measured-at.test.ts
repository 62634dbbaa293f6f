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

describe("parseMeasuredAt reads the devices' own form by position as the pattern reads it", () => {
  it('agrees with the pattern on 20,000 times, valid and not', () => {
    // A leading space sends a text the pattern's way (it trims); without it, the usual form
    // is read by position. Both must give the same reading or the same refusal.
    let seed = 7;
    const pick = <T>(xs: readonly T[]): T => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return xs[seed % xs.length] as T;
    };
    const two = (n: number) => String(n).padStart(2, '0');
    const fractions = ['', '.1', '.25', '.250', '.999', '.9999', '.000', '.', '.12a'];
    const zones = [
      'Z',
      'z',
      '+07:00',
      '-05:30',
      '+14:00',
      '+14:01',
      '+0700',
      '+07',
      '',
      '+7:00',
      '+07:0a',
      '-00:00',
    ];
    let agreed = 0;
    for (let i = 0; i < 20_000; i++) {
      const raw = `${pick(['2024', '2025', '1999', '2026', '0099', '20x5'])}-${two(pick([0, 1, 2, 6, 12, 13]))}-${two(
        pick([0, 1, 28, 29, 30, 31, 32]),
      )}${pick(['T', 't', ' '])}${two(pick([0, 6, 11, 12, 17, 18, 23, 24]))}:${two(pick([0, 30, 59, 60]))}:${two(
        pick([0, 59, 60]),
      )}${pick(fractions)}${pick(zones)}`;
      const byPosition = parseMeasuredAt(raw, now);
      const byPattern = parseMeasuredAt(` ${raw}`, now);
      expect(byPosition && { ...byPosition, instant: byPosition.instant.getTime() }, raw).toEqual(
        byPattern && { ...byPattern, instant: byPattern.instant.getTime() },
      );
      if (byPosition) agreed++;
    }
    // Enough of them are valid readings for the agreement to mean something.
    expect(agreed).toBeGreaterThan(1_000);
  });
});

describe('formatMeasuredAt', () => {
  it('writes the instant back in its own offset', () => {
    expect(formatMeasuredAt(new Date('2025-02-28T22:10:00.250Z'), 480)).toBe('2025-03-01T06:10:00.250+08:00');
    expect(formatMeasuredAt(new Date('2025-03-01T12:00:00Z'), -330)).toBe('2025-03-01T06:30:00.000-05:30');
  });
});
