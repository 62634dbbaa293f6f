import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceToday, type HeldIds, heldIds, mirrorCoversDay } from '#local/day-coverage';
import type { TambakDb } from '#local/db';
import type { ResourceDescriptor } from '#local/resources';
import { useFetched } from './use-fetched.ts';
import { useLiveMirror } from './use-live-mirror.ts';

/**
 * 'loading': the device is still reading what it keeps; 'kept': the mirror has the whole
 * day; 'asking': it does not, and the server is being asked; 'offline': it does not and the
 * server could not be asked (no signal, nothing kept from an earlier ask); 'fetched': the
 * server's answer is in (or its last answer, kept for offline).
 */
export type ServerDayState = 'loading' | 'kept' | 'asking' | 'offline' | 'fetched';

/** A row the server answered for a day the device does not keep; edited after keepServerRow (local/day-coverage) takes it in. */
export type ServerRow<T> = T & { _status: 'synced'; _server: true };

/** Whether a shown row came from the server's answer for an older day (taken into the mirror before a change). */
export function isServerRow(row: object): boolean {
  return (row as { _server?: boolean })._server === true;
}

export interface ServerDay<T> {
  /** The server's rows of the day that the device does not hold (its own copy wins). */
  extra: ServerRow<T>[];
  state: ServerDayState;
}

interface ServerDayOptions<T> {
  /** Names the read and its inputs but the day (`pond-day:anco:${pondId}`). */
  key: string;
  farmId: string;
  /** No day: nothing is asked (a screen of recent records). */
  day: string | undefined;
  /** The mirrored lists the rows come from (ids are looked up in each). */
  resources: readonly ResourceDescriptor[];
  /** The server's rows of one day (or, for a range's list, from that day on). */
  fetch: (day: string) => Promise<T[]>;
  /** A row's key in the mirror (`id` unless the list names it otherwise). */
  idOf?: (row: T) => string;
  /**
   * The ids of the rows the screen shows from its own mirror query. Given, a row taken in for
   * an edit stays in `extra` until that query has it: the two queries answer a write at
   * different moments, and a row missing from both for a render closed the edit dialog it had
   * just opened.
   */
  localIds?: readonly string[];
  db?: TambakDb;
}

const byId = (row: object) => (row as { id: string }).id;

/**
 * The server's rows to show beside the mirror's: not those the device holds as deleted, and
 * not those the screen shows already (`localIds`) or, without them, any the device holds.
 * Pure, for the hook below.
 */
export function serverExtra<T extends object>(
  rows: readonly T[],
  held: HeldIds,
  idOf: (row: T) => string,
  localIds?: readonly string[],
): ServerRow<T>[] {
  const deleted = new Set(held.deleted);
  const shown = new Set(localIds ?? held.held);
  return rows
    .filter((r) => !deleted.has(idOf(r)) && !shown.has(idOf(r)))
    .map((r) => ({ ...r, _status: 'synced' as const, _server: true as const }));
}

/**
 * One day's rows of lists the mirror keeps for a window only: for a day it does not cover
 * (older than the window, or before the first pull: src/local/day-coverage.ts) the server
 * is asked once online and its answer kept in the mirror (useFetched), so the day shows
 * offline later. The screen shows its mirror rows plus `extra`.
 */
export function useServerDay<T extends object>({
  key,
  farmId,
  day,
  resources,
  fetch,
  idOf = byId,
  localIds,
  db,
}: ServerDayOptions<T>): ServerDay<T> {
  const today = deviceToday();
  const names = resources.map((r) => r.name).join(',');
  const covered = useLiveMirror(
    day ? `covers:${names}:${farmId}:${day}:${today}` : null,
    async (db) =>
      (await Promise.all(resources.map((r) => mirrorCoversDay(db, r, farmId, day as string, today)))).every(
        Boolean,
      ),
    db,
  ).data;
  const server = useFetched(covered === false && day ? `server-day:${key}:${day}` : null, () =>
    fetch(day as string),
  );
  const ids = useMemo(() => (server.data ?? []).map(idOf), [server.data, idOf]);
  const held = useLiveMirror(
    ids.length > 0 ? `server-day-held:${names}:${ids.join(',')}` : null,
    (db) => heldIds(db, resources, ids),
    db,
  ).data;
  const result = useMemo((): ServerDay<T> => {
    if (!day) return { extra: [], state: 'kept' };
    if (covered === undefined) return { extra: [], state: 'loading' };
    if (covered) return { extra: [], state: 'kept' };
    if (!server.data) return { extra: [], state: server.error ? 'offline' : 'asking' };
    if (ids.length > 0 && !held) return { extra: [], state: 'asking' };
    const extra = serverExtra(server.data, held ?? { held: [], deleted: [] }, idOf, localIds);
    return { extra, state: 'fetched' };
  }, [day, covered, server.data, server.error, ids, held, idOf, localIds]);
  const report = useContext(ReportDay);
  useEffect(() => {
    report?.(key, result.state);
    return () => report?.(key, 'kept');
  }, [report, key, result.state]);
  return result;
}

/** How the hooks under a ServerDayNotes tell it their state (none outside one). */
const ReportDay = createContext<((key: string, state: ServerDayState) => void) | null>(null);

/**
 * Wraps a day's sections (the pond's daily data) and says once, above them, while the
 * server is asked for what the device does not keep, or when it cannot be asked: one line
 * for all the sections rather than one each. Inside the sections' box, so its "no records
 * on this day" (CSS :empty) does not show while they may still come.
 */
export function ServerDayNotes({ children }: { children: ReactNode }) {
  const { t } = useTranslation('ui');
  const [states, setStates] = useState<Record<string, ServerDayState>>({});
  const report = useCallback(
    (key: string, state: ServerDayState) => setStates((s) => (s[key] === state ? s : { ...s, [key]: state })),
    [],
  );
  const all = Object.values(states);
  const state = all.includes('offline') ? 'offline' : all.includes('asking') ? 'asking' : null;
  return (
    <ReportDay.Provider value={report}>
      {state && (
        <p className="muted server-day-note" role="status" data-testid="server-day-note" data-state={state}>
          {t(`serverDay.${state}`)}
        </p>
      )}
      {children}
    </ReportDay.Provider>
  );
}
