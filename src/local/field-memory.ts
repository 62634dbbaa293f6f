import type { KeyValueStorage } from '#local/session-store';

/**
 * Which fields a person fills in a form at a time of day (pH and DO in the morning, only
 * temperature at night), per user, farm, form and slot, kept on the device so the form
 * shows those first and Next walks only through them. The last few rounds count, so a
 * meter broken for one morning does not hide its field for good.
 */
export const FIELD_MEMORY_KEY = 'tambak:used-fields';
export const ROUNDS_REMEMBERED = 3;

export interface FieldScope {
  userId: string;
  farmId: string;
  /** The form and its part, e.g. "water-quality/general". */
  form: string;
  /** The time slot (morning, afternoon, evening). */
  slot: string;
}

type Memory = Record<string, string[][]>;

type Storage = Pick<KeyValueStorage, 'getItem' | 'setItem'>;

function defaultStorage(): Storage | null {
  try {
    return (globalThis as { localStorage?: Storage }).localStorage ?? null;
  } catch {
    return null;
  }
}

const keyOf = (s: FieldScope) => [s.userId, s.farmId, s.form, s.slot].join('|');

function read(storage: Pick<KeyValueStorage, 'getItem'> | null): Memory {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(FIELD_MEMORY_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Memory) : {};
  } catch {
    return {}; // a damaged entry is forgotten, the form falls back to its defaults
  }
}

/** The fields used in the last rounds of this scope, or null when nothing is remembered. */
export function usedFields(scope: FieldScope, storage = defaultStorage()): Set<string> | null {
  const rounds = read(storage)[keyOf(scope)];
  if (!Array.isArray(rounds) || rounds.length === 0) return null;
  const used = new Set(rounds.flat().filter((f): f is string => typeof f === 'string'));
  return used.size > 0 ? used : null;
}

/** Records one saved round's fields (empty rounds are not remembered). */
export function rememberFields(
  scope: FieldScope,
  fields: readonly string[],
  storage = defaultStorage(),
): void {
  if (fields.length === 0 || !storage) return;
  const memory = read(storage);
  const key = keyOf(scope);
  const rounds = Array.isArray(memory[key]) ? memory[key] : [];
  memory[key] = [[...new Set(fields)], ...rounds].slice(0, ROUNDS_REMEMBERED);
  try {
    storage.setItem(FIELD_MEMORY_KEY, JSON.stringify(memory));
  } catch {
    // storage full or blocked: the form keeps its defaults, nothing else depends on it
  }
}
