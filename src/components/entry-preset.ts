/**
 * What an entry screen was opened for from the keeper's Today list (issue 31): the ponds
 * still to do (`?ponds=a,b,c`), the slot's time (`?time=06:00`) and, for a feed-tray
 * check, the feeding (`?feeding=1`). The router parses the query as JSON where it can,
 * so a number may come as a number.
 */
export interface EntryPreset {
  ponds: string[] | null;
  time: string | null;
  feeding: number | null;
}

export function entryPreset(search: Record<string, unknown>): EntryPreset {
  const ponds =
    typeof search.ponds === 'string' && search.ponds.trim() !== '' ? search.ponds.split(',') : null;
  const time =
    typeof search.time === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(search.time) ? search.time : null;
  const n = Number(search.feeding);
  const feeding = search.feeding !== undefined && Number.isInteger(n) && n >= 1 && n <= 12 ? n : null;
  return { ponds: ponds?.filter(Boolean) ?? null, time, feeding };
}

/** Where an entry screen's back arrow goes: the pond it was opened from, else the farm. */
export function entryBackPath(farmId: string, pondId: string | undefined): string {
  const farmPath = `/farm/${encodeURIComponent(farmId)}`;
  return pondId ? `${farmPath}/pond/${encodeURIComponent(pondId)}` : farmPath;
}
