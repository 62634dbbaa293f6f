/**
 * Days of culture: the day difference between the cycle start and the given day, plus one
 * (seed 000 §4). Dates are ISO calendar dates (YYYY-MM-DD) so time zones cannot shift them.
 */
export function daysOfCulture(startDate: string, onDate: string): number {
  const start = Date.parse(`${startDate}T00:00:00Z`);
  const day = Date.parse(`${onDate}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(day)) throw new RangeError('invalid date');
  return Math.round((day - start) / 86_400_000) + 1;
}
