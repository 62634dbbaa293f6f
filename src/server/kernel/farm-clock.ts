/**
 * Farms have no time zone setting yet, so farm-local dates and hours use WIB (UTC+7),
 * where most Indonesian shrimp farms are. A reading sent with its own non-zero offset
 * keeps that offset (see water/measured-at.ts); only "today" and offset-less or UTC
 * timestamps fall back to this.
 */
export const FARM_UTC_OFFSET_MINUTES = 420;

/** Today's calendar date (YYYY-MM-DD) on the farm. */
export function farmToday(now: Date = new Date(), offsetMinutes = FARM_UTC_OFFSET_MINUTES): string {
  return new Date(now.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 10);
}

/** The instant a farm-local calendar day starts. */
export function farmDayStart(day: string, offsetMinutes = FARM_UTC_OFFSET_MINUTES): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - offsetMinutes * 60_000);
}
