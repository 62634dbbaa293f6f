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

/** The farm's preset water slots (seed 000's defaults, DEFAULT_PRESET_TIMES). */
export const WATER_SLOTS = ['06:00', '14:00', '22:00'] as const;

/**
 * Where the demo's story ends: its last day and the instant up to which that day's
 * records exist. Loaded live, the farm's day so far: nothing is recorded at a time still
 * to come (a reading at 22:00 only after 22:00). `lastSlot` on `slotDay` is the latest water
 * slot that has passed, where the seeded water problems sit: today's, or before 06:00
 * yesterday's 22:00. A day given by the caller is told whole.
 */
export function demoEnd(
  now: Date,
  day?: string,
): { today: string; until: Date; slotDay: string; lastSlot: string } {
  const evening = WATER_SLOTS[2] as string;
  if (day) return { today: day, until: at(day, '23:59'), slotDay: day, lastSlot: evening };
  const today = new Date(now.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
  const passed = WATER_SLOTS.filter((slot) => at(today, slot) <= now);
  if (passed.length === 0) return { today, until: now, slotDay: addDays(today, -1), lastSlot: evening };
  return { today, until: now, slotDay: today, lastSlot: passed.at(-1) as string };
}

/**
 * A planned cycle of one pond: stocking day, the final harvest day unless it is still
 * running, and the day of culture its final harvest falls on (planned, for a running one).
 */
export interface PlannedCycle {
  index: number;
  start: string;
  end: string | null;
  harvestDoc: number;
}

/** How old a running cycle may be today (DOC): `seeded` ponds carry a story the board must see. */
export interface CyclePlanOptions {
  seeded: boolean;
}

/**
 * The cycles of one pond over the demo period, planned back from today: 90–120 days of
 * culture, then 15–35 days of drying and preparation. The last cycle of most ponds runs
 * today, at DOC 15 or more (younger ponds would not yet show their first weeks' losses);
 * a few ponds lie fallow. A seeded pond always runs, at DOC 45–85 (so its water and feed
 * have a history, and its standards are those of mid-culture).
 */
export function planCycles(
  rng: Rng,
  firstDay: string,
  today: string,
  options: CyclePlanOptions,
): PlannedCycle[] {
  const span = daysBetween(firstDay, today) + 1;
  const cycles: Omit<PlannedCycle, 'index'>[] = [];
  const fallow = !options.seeded && rng.chance(0.06);
  let start: string;
  let end: string | null;
  let harvestDoc = rng.int(90, 120);
  if (fallow) {
    end = addDays(today, -rng.int(3, 25));
    start = addDays(end, -(harvestDoc - 1));
  } else {
    const [low, high] = options.seeded ? [45, 85] : [15, 115];
    const docToday = rng.int(Math.min(low, span), Math.min(high, span));
    start = addDays(today, -(docToday - 1));
    end = null;
    harvestDoc = Math.max(harvestDoc, docToday + 5);
  }
  while (daysBetween(firstDay, start) >= 0) {
    cycles.unshift({ start, end, harvestDoc });
    end = addDays(start, -rng.int(15, 35));
    harvestDoc = rng.int(90, 120);
    start = addDays(end, -(harvestDoc - 1));
  }
  return cycles.map((c, index) => ({ ...c, index }));
}

/** Every day of a cycle up to today. */
export function cycleDays(cycle: PlannedCycle, today: string): string[] {
  const last = cycle.end ?? today;
  const n = daysBetween(cycle.start, last) + 1;
  return Array.from({ length: n }, (_, i) => addDays(cycle.start, i));
}
