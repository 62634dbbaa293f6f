import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime, formatWeekday } from './date-format.ts';

const ID_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agu', 'Sep', 'Okt', 'Nov', 'Des'];
const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

describe('the one date and time format (issue 12 point 10)', () => {
  it('writes dates DD MMM YYYY with three-letter months in each language', () => {
    for (let month = 1; month <= 12; month++) {
      const at = new Date(2026, month - 1, 5, 9, 0);
      expect(formatDate(at, 'id')).toBe(`05 ${ID_MONTHS[month - 1]} 2026`);
      expect(formatDate(at, 'en')).toBe(`05 ${EN_MONTHS[month - 1]} 2026`);
    }
  });

  it('writes times HH:mm on a 24-hour clock in both languages, never AM/PM', () => {
    for (let hour = 0; hour < 24; hour++) {
      const at = new Date(2026, 10, 25, hour, 31);
      const want = `${String(hour).padStart(2, '0')}:31`;
      expect(formatTime(at, 'id')).toBe(want);
      expect(formatTime(at, 'en')).toBe(want);
    }
    expect(formatDateTime(new Date(2026, 10, 25, 6, 31), 'id')).toBe('25 Nov 2026, 06:31');
    expect(formatDateTime(new Date(2026, 7, 25, 18, 5), 'en')).toBe('25 Aug 2026, 18:05');
  });

  it('reads ISO text, epoch milliseconds, Dates and luxon DateTimes alike', () => {
    const at = new Date(2026, 7, 17, 21, 5);
    for (const value of [at, at.getTime(), DateTime.fromJSDate(at), DateTime.fromJSDate(at).toISO() ?? '']) {
      expect(formatDateTime(value, 'id')).toBe('17 Agu 2026, 21:05');
    }
  });

  it('shows a time in a given zone (a reading taken in Jakarta read elsewhere)', () => {
    expect(formatTime('2026-11-25T23:31:00Z', 'en', 'Asia/Jakarta')).toBe('06:31');
    expect(formatDate('2026-11-25T23:31:00Z', 'id', 'Asia/Jakarta')).toBe('26 Nov 2026');
  });

  it('names the weekday in the language', () => {
    const monday = new Date(2026, 10, 23, 10, 0);
    expect(formatWeekday(monday, 'id')).toBe('Senin');
    expect(formatWeekday(monday, 'en')).toBe('Monday');
  });

  it('shows a dash for a missing or broken value', () => {
    for (const value of [null, undefined, '', 'not a date', Number.NaN]) {
      expect(formatDate(value, 'id')).toBe('–');
      expect(formatTime(value, 'en')).toBe('–');
    }
  });
});

describe('formatMonth', () => {
  it('writes MMM YYYY in both languages', async () => {
    const { formatMonth } = await import('./date-format.ts');
    expect(formatMonth('2026-08-01', 'id')).toBe('Agu 2026');
    expect(formatMonth('2026-09-01', 'en')).toBe('Sep 2026');
    expect(formatMonth('not a date', 'en')).toBe('–');
  });
});
