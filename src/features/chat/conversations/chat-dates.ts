import {
  formatDate,
  formatDateTime,
  formatTime,
  formatWeekday,
  fromSeconds,
} from '#shared/domain/date-format';

/**
 * Date rules of seed 001 §2 for the conversation list: within 24 h the time (HH:mm),
 * within 48 h "yesterday", within a week the weekday name, otherwise the date. Dates and
 * times follow the app-wide rule (DD MMM YYYY, HH:mm; docs/adr/0009-one-date-format.md)
 * rather than seed 001's dd/mm/yyyy and 'h:MM TT'.
 * Pure: the caller passes `now` and translates the "yesterday" kind.
 */
export type ListDate =
  | { kind: 'time'; text: string }
  | { kind: 'yesterday'; text: '' }
  | { kind: 'weekday'; text: string }
  | { kind: 'date'; text: string };

const HOUR = 3600;

export function localeOf(language: string): string {
  return language === 'en' ? 'en-GB' : 'id-ID';
}

export function listDate(sentAt: number, now: Date, language: string): ListDate {
  const at = fromSeconds(sentAt);
  const age = now.getTime() / 1000 - sentAt;
  if (age < 24 * HOUR) return { kind: 'time', text: formatTime(at, language) };
  if (age < 48 * HOUR) return { kind: 'yesterday', text: '' };
  if (age < 7 * 24 * HOUR) return { kind: 'weekday', text: formatWeekday(at, language) };
  return { kind: 'date', text: formatDate(at, language) };
}

/** "Last active" in the header: DD MMM YYYY, HH:mm (e.g. "05 Mar 2026, 21:07"). */
export function longTimestamp(seconds: number, language: string): string {
  return formatDateTime(fromSeconds(seconds), language);
}

/** HH:mm under each bubble. */
export function bubbleTime(seconds: number, language: string): string {
  return formatTime(fromSeconds(seconds), language);
}
