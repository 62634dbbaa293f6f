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

/** The wall clock's parts and the offset sent (null: none), as `ISO` reads them. */
interface Parts {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
  ms: number;
  sent: number | null;
}

function byPattern(raw: string): Parts | null {
  const m = ISO.exec(raw.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s = '0', frac = '', zone] = m;
  return {
    y: +y,
    mo: +mo,
    d: +d,
    h: +h,
    mi: +mi,
    s: +s,
    ms: Math.round(Number(`0${frac || '.0'}`) * 1000),
    sent: zone ? offsetMinutes(zone) : null,
  };
}

/** The number the digits of `raw` from `from` to `to` make, or -1 when one is not a digit. */
function digitsAt(raw: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = raw.charCodeAt(i) - 48;
    if (!(c >= 0 && c <= 9)) return -1;
    n = n * 10 + c;
  }
  return n;
}

/**
 * The form every device sends (`2025-03-01T06:00:00+07:00`, `…:00.250+07:00`, `…:00.000Z`)
 * read character by character, as `byPattern` would read it: a bulk write of 50 readings
 * spent a twentieth of its server time in the pattern (issue 32, ADR 0113). Anything else
 * (a space instead of T, no seconds, no offset, an offset without a colon, a fraction not
 * of three digits, white space around it) answers undefined and goes the pattern's way.
 */
function byPosition(raw: string): Parts | undefined {
  const n = raw.length;
  if (n < 20 || raw.charCodeAt(4) !== 45 || raw.charCodeAt(7) !== 45 || raw.charCodeAt(10) !== 84)
    return undefined;
  if (raw.charCodeAt(13) !== 58 || raw.charCodeAt(16) !== 58) return undefined;
  let at = 19;
  let ms = 0;
  if (raw.charCodeAt(at) === 46) {
    const end = at + 4;
    ms = digitsAt(raw, at + 1, end);
    if (ms < 0 || end >= n) return undefined;
    at = end;
  }
  let sent: number;
  if (at === n - 1 && raw.charCodeAt(at) === 90) sent = 0;
  else if (at === n - 6 && raw.charCodeAt(at + 3) === 58) {
    const sign = raw.charCodeAt(at);
    const hours = digitsAt(raw, at + 1, at + 3);
    const minutes = digitsAt(raw, at + 4, at + 6);
    if ((sign !== 43 && sign !== 45) || hours < 0 || minutes < 0) return undefined;
    sent = (sign === 45 ? -1 : 1) * (hours * 60 + minutes);
  } else return undefined;
  const y = digitsAt(raw, 0, 4);
  const mo = digitsAt(raw, 5, 7);
  const d = digitsAt(raw, 8, 10);
  const h = digitsAt(raw, 11, 13);
  const mi = digitsAt(raw, 14, 16);
  const s = digitsAt(raw, 17, 19);
  if (y < 0 || mo < 0 || d < 0 || h < 0 || mi < 0 || s < 0) return undefined;
  return { y, mo, d, h, mi, s, ms, sent };
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
  const p = byPosition(raw) ?? byPattern(raw);
  if (!p) return null;
  const { y, mo, d, h, mi, s, sent } = p;
  const wall = Date.UTC(y, mo - 1, d, h, mi, s, p.ms);
  const check = new Date(wall);
  if (check.getUTCDate() !== d || check.getUTCMonth() !== mo - 1 || h > 23 || mi > 59 || s > 59) return null;
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
