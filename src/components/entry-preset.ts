/**
 * What an entry screen was opened for from the keeper's Today list (issue 31) or the
 * manager's attention board: the ponds still to do (`?ponds=a,b,c`), the slot's time
 * (`?time=06:00`) and, for a feed-tray check, the feeding (`?feeding=1`). The router parses
 * the query as JSON where it can, so a number may come as a number. The list it came from
 * (`?from=today`, `?from=attention`; a slot's `ponds` alone is Today's) is where its save
 * and back arrow go.
 */
export interface EntryPreset {
  ponds: string[] | null;
  time: string | null;
  /** The slot's day (`?date=YYYY-MM-DD`), for a slot of an earlier day. */
  date: string | null;
  feeding: number | null;
  /** The list the entry was opened from, where it goes back to (after a save too); null: none. */
  origin: EntryOrigin | null;
}

/** The lists an entry is opened from: the keeper's Today, the manager's attention board. */
export type EntryOrigin = 'today' | 'attention';

/** The query an entry opened from the Today list carries (kept when it opens a pond's form). */
export const FROM_TODAY = { from: 'today' } as const;
/** The query an entry opened from the attention board carries. */
export const FROM_BOARD = { from: 'attention' } as const;

/** The list named by `?from=`, or null. */
export function entryOrigin(search: Record<string, unknown>): EntryOrigin | null {
  if (search.from === FROM_TODAY.from) return 'today';
  if (search.from === FROM_BOARD.from) return 'attention';
  return null;
}

/** The keeper's Today list of a farm. */
export function todayPath(farmId: string): string {
  return `/farm/${encodeURIComponent(farmId)}/today`;
}

/** The list an entry was opened from: Today or the attention board. */
export function originPath(farmId: string, origin: EntryOrigin): string {
  return origin === 'today' ? todayPath(farmId) : `/farm/${encodeURIComponent(farmId)}/attention`;
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
  return {
    ponds: list,
    time,
    date,
    feeding,
    origin: entryOrigin(search) ?? (list !== null ? 'today' : null),
  };
}

/**
 * Where an entry screen's back arrow (and a save that leaves) goes: the list it was opened
 * from (Today, the attention board), else the pond it was opened from, else the farm.
 */
export function entryBackPath(
  farmId: string,
  pondId: string | undefined,
  origin: EntryOrigin | null = null,
): string {
  if (origin) return originPath(farmId, origin);
  const farmPath = `/farm/${encodeURIComponent(farmId)}`;
  return pondId ? `${farmPath}/pond/${encodeURIComponent(pondId)}` : farmPath;
}
