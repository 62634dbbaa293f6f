/** Water readings are grouped by the hour they were taken (seed 000 §5). */
export type TimeOfDay = 'morning' | 'afternoon' | 'evening';

export const AFTERNOON_FROM_HOUR = 12;
export const EVENING_FROM_HOUR = 18;
export const DEFAULT_PRESET_TIMES = ['06:00', '14:00', '22:00'] as const;

export function timeOfDay(hour: number): TimeOfDay {
  if (hour < AFTERNOON_FROM_HOUR) return 'morning';
  if (hour < EVENING_FROM_HOUR) return 'afternoon';
  return 'evening';
}

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

export function isTime(value: string): boolean {
  return HH_MM.test(value);
}

/** Preset times must be valid HH:mm and must not repeat; returns the index of the first bad one. */
export function firstInvalidPresetTime(
  times: readonly string[],
): { index: number; reason: 'time' | 'unique' } | null {
  const seen = new Set<string>();
  for (const [index, time] of times.entries()) {
    if (!isTime(time)) return { index, reason: 'time' };
    if (seen.has(time)) return { index, reason: 'unique' };
    seen.add(time);
  }
  return null;
}
