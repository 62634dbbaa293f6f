/**
 * The one place that turns an instant into text a person reads (seed 000 §1, issue 12
 * point 10): dates DD MMM YYYY ("25 Nov 2026", Indonesian "25 Agu 2026"), times HH:mm on a
 * 24-hour clock in both languages, never "6:31 AM". Screens, chat and the service worker go
 * through these functions; a test (date-format-usage.test.ts) refuses toLocaleTimeString,
 * Intl.DateTimeFormat, hour12 or a luxon toFormat anywhere else.
 *
 * Month names come from the platform's Intl (as luxon's do): English uses en-US because
 * en-GB abbreviates September as "Sept", and DD MMM YYYY wants three letters. No luxon
 * here: this module is on every screen's first load, luxon is not (ADR 0007).
 */
/** Anything with `toJSDate()` is a luxon DateTime (or alike). */
export type DateInput = string | number | Date | { toJSDate(): Date } | null | undefined;

const MISSING = '–';

export function dateLocale(language: string): string {
  return language === 'en' ? 'en-US' : 'id-ID';
}

/** A date without a time ("2026-11-25") is that day on the device, as luxon reads it. */
const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * ISO text, a Date, epoch milliseconds or a luxon DateTime. Numbers are milliseconds;
 * chat's seconds go through `fromSeconds`.
 */
function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  let date: Date;
  if (value instanceof Date) date = value;
  else if (typeof value === 'number') date = new Date(value);
  else if (typeof value === 'string') {
    const day = DAY_ONLY.exec(value);
    date = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  } else date = value.toJSDate();
  return Number.isFinite(date.getTime()) ? date : null;
}

type Style = 'date' | 'time' | 'weekday' | 'month';
const OPTIONS: Record<Style, Intl.DateTimeFormatOptions> = {
  date: { day: '2-digit', month: 'short', year: 'numeric' },
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  weekday: { weekday: 'long' },
  month: { month: 'short', year: 'numeric' },
};
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The parts of `value` in the language (and `zone`, else the device's), by part type. */
function parts(style: Style, value: DateInput, language: string, zone?: string) {
  const date = toDate(value);
  if (!date) return null;
  const key = `${style}|${language}|${zone ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(dateLocale(language), { ...OPTIONS[style], timeZone: zone });
    formatters.set(key, formatter);
  }
  const out: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatter.formatToParts(date)) out[part.type] = part.value;
  return out;
}

function dateText(value: DateInput, language: string, zone?: string): string | null {
  const p = parts('date', value, language, zone);
  return p ? `${p.day} ${p.month?.replace('.', '')} ${p.year}` : null;
}

function timeText(value: DateInput, language: string, zone?: string): string | null {
  const p = parts('time', value, language, zone);
  return p ? `${p.hour}:${p.minute}` : null;
}

export function fromSeconds(seconds: number): Date {
  return new Date(seconds * 1000);
}

/** "25 Nov 2026" / "25 Agu 2026"; a dash when missing or not a date. */
export function formatDate(value: DateInput, language: string, zone?: string): string {
  return dateText(value, language, zone) ?? MISSING;
}

/** "06:31", "21:05": 24-hour clock in both languages. */
export function formatTime(value: DateInput, language: string, zone?: string): string {
  return timeText(value, language, zone) ?? MISSING;
}

/** "25 Nov 2026, 06:31". */
export function formatDateTime(value: DateInput, language: string, zone?: string): string {
  const date = dateText(value, language, zone);
  return date ? `${date}, ${timeText(value, language, zone)}` : MISSING;
}

/** "Nov 2026" / "Agu 2026" (MMM YYYY): a month of figures, e.g. finance's cash flow. */
export function formatMonth(value: DateInput, language: string, zone?: string): string {
  const p = parts('month', value, language, zone);
  return p ? `${p.month?.replace('.', '')} ${p.year}` : MISSING;
}

/** The month's short name alone ("Jan", "Agu"): a chart's axis, its year said elsewhere. */
export function formatMonthName(value: DateInput, language: string, zone?: string): string {
  return parts('month', value, language, zone)?.month?.replace('.', '') ?? MISSING;
}

/** The weekday's full name in the language ("Senin", "Monday"): chat's list within a week. */
export function formatWeekday(value: DateInput, language: string, zone?: string): string {
  return parts('weekday', value, language, zone)?.weekday ?? MISSING;
}
