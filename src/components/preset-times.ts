import { DEFAULT_PRESET_TIMES, firstInvalidPresetTime, isTime } from '#shared/domain/time-of-day';

/**
 * Preset measuring times (seed 000 §3 "local settings", §4 defaults, §5 no repeats).
 * They belong to the device, not the account: each phone keeps its own list.
 */
export const PRESET_TIMES_KEY = 'tambak:preset-times';

interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function defaultStorage(): StorageLike | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The stored list, or 06:00, 14:00, 22:00 when none (or nothing usable) is stored. */
export function loadPresetTimes(storage: StorageLike | null = defaultStorage()): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(PRESET_TIMES_KEY) ?? 'null');
    if (Array.isArray(parsed)) {
      const times = parsed.filter((value): value is string => typeof value === 'string' && isTime(value));
      if (times.length > 0) return times;
    }
  } catch {
    // a damaged entry falls back to the defaults
  }
  return [...DEFAULT_PRESET_TIMES];
}

/**
 * Tidies what a thumb types into HH:mm: "6:00", "06.00", "0600" and "600" all become
 * "06:00". Anything else is left as typed so the validation can point at it.
 */
export function normalizeTime(text: string): string {
  const trimmed = text.trim();
  const parts = /^(\d{1,2})[:.](\d{2})$/.exec(trimmed) ?? /^(\d{1,2})(\d{2})$/.exec(trimmed);
  if (!parts) return trimmed;
  const candidate = `${parts[1].padStart(2, '0')}:${parts[2]}`;
  return isTime(candidate) ? candidate : trimmed;
}

export type PresetTimesProblem =
  | { kind: 'empty' }
  | { kind: 'time'; index: number }
  | { kind: 'unique'; index: number; time: string };

/** The first problem of the list as typed, to show next to the row that has it. */
export function checkPresetTimes(times: readonly string[]): PresetTimesProblem | null {
  if (times.length === 0) return { kind: 'empty' };
  const bad = firstInvalidPresetTime(times);
  if (!bad) return null;
  return bad.reason === 'unique'
    ? { kind: 'unique', index: bad.index, time: times[bad.index] }
    : { kind: 'time', index: bad.index };
}

/** Saves a valid list in clock order; refuses an invalid one. */
export function savePresetTimes(
  times: readonly string[],
  storage: StorageLike | null = defaultStorage(),
): string[] | PresetTimesProblem {
  const problem = checkPresetTimes(times);
  if (problem) return problem;
  const sorted = [...times].sort();
  storage?.setItem(PRESET_TIMES_KEY, JSON.stringify(sorted));
  return sorted;
}
