import { type TimeOfDay, timeOfDay } from '#shared/domain/time-of-day';
import { FARM_UTC_OFFSET_MINUTES } from '../../kernel/farm-clock.ts';

export interface MeasuredAt {
  instant: Date;
  /** Minutes east of UTC whose wall clock the farmer read. */
  utcOffset: number;
  timeOfDay: TimeOfDay;
}

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
const FUTURE_SLACK_MS = 24 * 3_600_000;
const EARLIEST = Date.UTC(2000, 0, 1);

function offsetMinutes(zone: string): number {
  if (zone.toUpperCase() === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0'));
}

/**
 * Reads a reading's `measured_at` and the time-of-day bucket the farmer meant (seed 000
 * §5: before 12 morning, 12–18 afternoon, from 18 evening), by the local hour.
 *
 * Decision: the local hour is the wall clock of the offset the device sent, because the
 * device knows where the pond is (WIB, WITA or WIT). When the string has no offset, or
 * says UTC (`Z`/`+00:00`, which is what `toISOString()` yields, not a farm's zone), the
 * farm default WIB (+07:00) applies. Returns null for anything unparseable, before 2000
 * or more than a day in the future.
 */
export function parseMeasuredAt(raw: unknown, now: number = Date.now()): MeasuredAt | null {
  if (typeof raw !== 'string') return null;
  const m = ISO.exec(raw.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s = '0', frac = '', zone] = m;
  const wall = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s, Math.round(Number(`0${frac || '.0'}`) * 1000));
  const check = new Date(wall);
  if (check.getUTCDate() !== +d || check.getUTCMonth() !== +mo - 1 || +h > 23 || +mi > 59 || +s > 59)
    return null;
  const sent = zone ? offsetMinutes(zone) : null;
  if (sent !== null && Math.abs(sent) > 14 * 60) return null;
  const instant = wall - (sent ?? FARM_UTC_OFFSET_MINUTES) * 60_000;
  if (instant < EARLIEST || instant > now + FUTURE_SLACK_MS) return null;
  const utcOffset = sent ? sent : FARM_UTC_OFFSET_MINUTES;
  const localHour = new Date(instant + utcOffset * 60_000).getUTCHours();
  return { instant: new Date(instant), utcOffset, timeOfDay: timeOfDay(localHour) };
}

/** ISO 8601 in the offset the reading was taken at: 2025-03-01T06:10:00.000+07:00. */
export function formatMeasuredAt(instant: Date, utcOffset: number): string {
  const local = new Date(instant.getTime() + utcOffset * 60_000).toISOString().slice(0, -1);
  const sign = utcOffset < 0 ? '-' : '+';
  const abs = Math.abs(utcOffset);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
