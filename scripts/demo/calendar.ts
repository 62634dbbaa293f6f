import type { Rng } from '../lib/prng.ts';

/** Farm-local calendar days (YYYY-MM-DD) on WIB, as the server's farm clock uses. */
export const WIB_OFFSET = '+07:00';

export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The instant of a farm-local time on a day, e.g. at(day, '06:00'). */
export function at(day: string, hhmm: string): Date {
  return new Date(`${day}T${hhmm}:00${WIB_OFFSET}`);
}

/** A planned cycle of one pond: stocking day and, unless it is still running, the final harvest day. */
export interface PlannedCycle {
  index: number;
  start: string;
  end: string | null;
}

/**
 * The cycles of one pond over the demo period: 90–120 days of culture, then 15–35 days of
 * drying and preparation. Ponds start staggered so the farm always has young and old
 * ponds; the last cycle of most ponds is still running today, a few ponds lie fallow.
 */
export function planCycles(rng: Rng, firstDay: string, today: string): PlannedCycle[] {
  const cycles: PlannedCycle[] = [];
  let day = addDays(firstDay, rng.int(0, 60));
  while (daysBetween(day, today) >= 0) {
    const length = rng.int(90, 120);
    const end = addDays(day, length - 1);
    if (daysBetween(end, today) <= 0) {
      // Still running today, unless this pond is one of the fallow few.
      if (!rng.chance(0.06)) cycles.push({ index: cycles.length, start: day, end: null });
      break;
    }
    cycles.push({ index: cycles.length, start: day, end });
    day = addDays(end, rng.int(15, 35));
  }
  return cycles;
}

/** Every day of a cycle up to today. */
export function cycleDays(cycle: PlannedCycle, today: string): string[] {
  const last = cycle.end ?? today;
  const n = daysBetween(cycle.start, last) + 1;
  return Array.from({ length: n }, (_, i) => addDays(cycle.start, i));
}
