import { DateTime } from 'luxon';

/**
 * The one place that turns an instant into text a person reads (seed 000 §1, issue 12
 * point 10): dates DD MMM YYYY ("25 Nov 2026", Indonesian "25 Agu 2026"), times HH:mm on a
 * 24-hour clock in both languages, never "6:31 AM". Screens, chat and the service worker go
 * through these functions; a test (date-format-usage.test.ts) refuses toLocaleTimeString,
 * Intl.DateTimeFormat, hour12 or a luxon toFormat anywhere else.
 *
 * Month names come from luxon (Intl): English uses en-US because en-GB abbreviates
 * September as "Sept", and DD MMM YYYY wants three letters.
 */
export type DateInput = string | number | Date | DateTime | null | undefined;

export const DATE_PATTERN = 'dd LLL yyyy';
export const TIME_PATTERN = 'HH:mm';
const DATE_TIME_PATTERN = `${DATE_PATTERN}, ${TIME_PATTERN}`;
const MISSING = '–';

export function dateLocale(language: string): string {
  return language === 'en' ? 'en-US' : 'id-ID';
}

/**
 * ISO text, a Date, epoch milliseconds or a luxon DateTime, in the device's zone (or `zone`).
 * Numbers are milliseconds; chat's seconds go through `fromSeconds`.
 */
function toDateTime(value: DateInput, language: string, zone?: string): DateTime | null {
  if (value === null || value === undefined || value === '') return null;
  let dt: DateTime;
  if (value instanceof DateTime) dt = value;
  else if (value instanceof Date) dt = DateTime.fromJSDate(value);
  else if (typeof value === 'number') dt = DateTime.fromMillis(value);
  else dt = DateTime.fromISO(value, { setZone: false });
  if (zone) dt = dt.setZone(zone);
  return dt.isValid ? dt.setLocale(dateLocale(language)) : null;
}

export function fromSeconds(seconds: number): Date {
  return new Date(seconds * 1000);
}

/** "25 Nov 2026" / "25 Agu 2026"; a dash when missing or not a date. */
export function formatDate(value: DateInput, language: string, zone?: string): string {
  return toDateTime(value, language, zone)?.toFormat(DATE_PATTERN) ?? MISSING;
}

/** "06:31", "21:05": 24-hour clock in both languages. */
export function formatTime(value: DateInput, language: string, zone?: string): string {
  return toDateTime(value, language, zone)?.toFormat(TIME_PATTERN) ?? MISSING;
}

/** "25 Nov 2026, 06:31". */
export function formatDateTime(value: DateInput, language: string, zone?: string): string {
  return toDateTime(value, language, zone)?.toFormat(DATE_TIME_PATTERN) ?? MISSING;
}

/** The weekday's full name in the language ("Senin", "Monday"): chat's list within a week. */
export function formatWeekday(value: DateInput, language: string, zone?: string): string {
  return toDateTime(value, language, zone)?.toFormat('cccc') ?? MISSING;
}
