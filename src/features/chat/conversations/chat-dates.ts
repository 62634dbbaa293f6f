import { DateTime } from 'luxon';

/**
 * Date rules of seed 001 §2 for the conversation list: within 24 h the time (HH:mm),
 * within 48 h "yesterday", within a week the weekday name, otherwise dd/mm/yyyy.
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
  const at = DateTime.fromSeconds(sentAt).setLocale(localeOf(language));
  const age = now.getTime() / 1000 - sentAt;
  if (age < 24 * HOUR) return { kind: 'time', text: at.toFormat('HH:mm') };
  if (age < 48 * HOUR) return { kind: 'yesterday', text: '' };
  if (age < 7 * 24 * HOUR) return { kind: 'weekday', text: at.toFormat('cccc') };
  return { kind: 'date', text: at.toFormat('dd/MM/yyyy') };
}

/** Seed 001 §9 'd mmmm yyyy, h:MM TT' (e.g. "5 Maret 2026, 9:07 PM"): last active and bubble times. */
export function longTimestamp(seconds: number, language: string): string {
  return DateTime.fromSeconds(seconds).setLocale(localeOf(language)).toFormat('d LLLL yyyy, h:mm a');
}

/** HH:mm under each bubble. */
export function bubbleTime(seconds: number): string {
  return DateTime.fromSeconds(seconds).toFormat('HH:mm');
}
