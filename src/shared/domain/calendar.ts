/**
 * The days and instants the API takes (issue 12 point 7): real calendar days of years a
 * farm can have records in. PostgreSQL refuses year 0000 (which JSON schema's `date`
 * format lets through) and JavaScript cannot read a leap second (`23:59:60`, which the
 * `date-time` format lets through); both used to answer 500. Years far off (0001, 9999)
 * are refused too, so no record is stored in a year nobody farmed in.
 */
export const CALENDAR_YEARS = { min: 1900, max: 2999 } as const;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const inYears = (year: number) => year >= CALENDAR_YEARS.min && year <= CALENDAR_YEARS.max;

/** `YYYY-MM-DD`, a day that exists (no 30 February), in CALENDAR_YEARS. */
export function isCalendarDay(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DAY.exec(value);
  if (!m) return false;
  const t = Date.UTC(+m[1], +m[2] - 1, +m[3]);
  return new Date(t).toISOString().slice(0, 10) === value && inYears(+m[1]);
}

/** A timestamp JavaScript reads (not NaN), falling in CALENDAR_YEARS once in UTC. */
export function isCalendarInstant(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const t = Date.parse(value);
  return Number.isFinite(t) && inYears(new Date(t).getUTCFullYear());
}

/**
 * A day something happened on, entered by hand (a cycle's start or end, a warehouse
 * restock, removal or use): a real day, not after the farm's today (`validation.date-future`, as records, stockings and samplings). Forms and the
 * server both check it; the server passes the farm's today (`farmToday()` of
 * src/server/kernel/farm-clock.ts, WIB), never the device's clock, so a record typed
 * offline yesterday and sent today still passes, and a day that a device clock running a
 * few hours ahead already calls today waits until the farm reaches it.
 */
export function enteredDayProblem(
  day: unknown,
  today: string,
): 'validation.date' | 'validation.date-future' | null {
  if (!isCalendarDay(day)) return 'validation.date';
  return day > today ? 'validation.date-future' : null;
}
