/**
 * What an entry screen was opened for from the keeper's Today list (issue 31): the ponds
 * still to do (`?ponds=a,b,c`), the slot's time (`?time=06:00`) and, for a feed-tray
 * check, the feeding (`?feeding=1`). The router parses the query as JSON where it can,
 * so a number may come as a number. A slot (`ponds`) or the list's other entries
 * (`?from=today`) open it from Today: its save and back arrow go back there.
 */
export interface EntryPreset {
  ponds: string[] | null;
  time: string | null;
  /** The slot's day (`?date=YYYY-MM-DD`), for a slot of an earlier day. */
  date: string | null;
  feeding: number | null;
  fromToday: boolean;
}

/** The query an entry opened from the Today list carries (kept when it opens a pond's form). */
export const FROM_TODAY = { from: 'today' } as const;

export function isFromToday(search: Record<string, unknown>): boolean {
  return search.from === FROM_TODAY.from;
}

/** The keeper's Today list of a farm. */
export function todayPath(farmId: string): string {
  return `/farm/${encodeURIComponent(farmId)}/today`;
}

export function entryPreset(search: Record<string, unknown>): EntryPreset {
  const ponds =
    typeof search.ponds === 'string' && search.ponds.trim() !== '' ? search.ponds.split(',') : null;
  const time =
    typeof search.time === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(search.time) ? search.time : null;
  const date =
    typeof search.date === 'string' && /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(search.date)
      ? search.date
      : null;
  const n = Number(search.feeding);
  const feeding = search.feeding !== undefined && Number.isInteger(n) && n >= 1 && n <= 12 ? n : null;
  const list = ponds?.filter(Boolean) ?? null;
  return { ponds: list, time, date, feeding, fromToday: list !== null || isFromToday(search) };
}

/**
 * Where an entry screen's back arrow (and a save that leaves) goes: the Today list it was
 * opened from, else the pond it was opened from, else the farm.
 */
export function entryBackPath(farmId: string, pondId: string | undefined, fromToday = false): string {
  if (fromToday) return todayPath(farmId);
  const farmPath = `/farm/${encodeURIComponent(farmId)}`;
  return pondId ? `${farmPath}/pond/${encodeURIComponent(pondId)}` : farmPath;
}
