import { startTransition, useEffect, useState } from 'react';
import type { TambakDb } from '#local/db';

/**
 * Live reads of the Dexie mirror. Dexie (about 30 KB gzip) is loaded with a dynamic
 * import so it stays out of the first download (initial JS budget 150 KB); the service
 * worker precaches the chunk, so offline it loads from the phone at once. It re-renders
 * on every change of what the query read, sync included (Dexie's liveQuery). The last
 * value per key is kept, so a screen opened again shows its data without a loading flash
 * while the new query runs.
 *
 * THE way a screen reads what the device keeps: mirrored records, and the last answers of
 * online reads (use-fetched.ts keeps them in the mirror's `answers` store). The only live
 * hook of the client: dexie-react-hooks is not used (tests/integration/recipe-conformance).
 */
interface LiveDeps {
  db: TambakDb;
  liveQuery: typeof import('dexie').liveQuery;
}
let live: Promise<LiveDeps> | undefined;
const liveCache = new Map<string, unknown>();

export function loadMirror(): Promise<LiveDeps> {
  live ??= Promise.all([import('#local/db'), import('dexie')]).then(async ([local, dexie]) => {
    const db = local.getDb();
    // Opened before any live query: when the phone's storage refuses to open, each query
    // must hear it (a Dexie live query started after the open failed answers nothing, and
    // its screen would say "loading" for ever).
    await db.open();
    forgetIdleOnSave(dexie.Dexie, db.name);
    return { db, liveQuery: dexie.liveQuery };
  });
  // A failed start is not kept: "retry" (or the next screen) tries to open it again.
  live.catch(() => {
    live = undefined;
  });
  return live;
}

/** Keys whose kept value was put there by `showLive`, not yet read by their own query. */
const shown = new Set<string>();

/**
 * A save on this device (each queues an outbox entry in its own transaction) makes the
 * kept values of the screens not shown now out of date: Today, opened again after the
 * sampling round was saved, showed that round as not done (0/10) for 300 ms on a 4×
 * slowed phone before its query ran again. Those values are dropped, so such a screen
 * shows loading until it has read afresh. Pulls write no outbox entry and keep them, as
 * do the values `showLive` put for the next screen.
 */
function forgetIdleOnSave(Dexie: typeof import('dexie').Dexie, dbName: string): void {
  const outbox = `idb://${dbName}/outbox/`;
  Dexie.on('storagemutated', (parts) => {
    if (!Object.keys(parts).some((part) => part.startsWith(outbox))) return;
    for (const slot of liveCache.keys()) if (!shared.has(slot) && !shown.has(slot)) liveCache.delete(slot);
  });
}

export interface LiveResult<T> {
  data: T | undefined;
  error: unknown;
}

interface Listener {
  next: (data: unknown) => void;
  error: (error: unknown) => void;
}

/**
 * One live query per key, however many components read it: the farm list, the ponds and
 * the sync cursors are read by a dozen components of one screen, and each query of its own
 * was its own IndexedDB transaction, run again after every write to what it read (a cheap
 * phone's start spent a third of its transactions on the same few reads).
 */
interface Shared {
  listeners: Set<Listener>;
  error?: unknown;
  stop?: () => void;
}
const shared = new Map<string, Shared>();

function join(slot: string, listener: Listener, start: (entry: Shared) => void): () => void {
  let entry = shared.get(slot);
  if (!entry) {
    entry = { listeners: new Set() };
    shared.set(slot, entry);
    entry.listeners.add(listener);
    start(entry);
  } else {
    entry.listeners.add(listener);
    if (entry.error !== undefined) listener.error(entry.error);
    else if (liveCache.has(slot)) listener.next(liveCache.get(slot));
  }
  const own = entry;
  return () => {
    own.listeners.delete(listener);
    if (own.listeners.size > 0) return;
    own.stop?.();
    if (shared.get(slot) === own) shared.delete(slot);
  };
}

/**
 * `key` names the query and all its inputs (`warehouse-items:${farmId}`): components that
 * give the same key share one query. null: nothing to read yet. `db` is for a caller
 * handed another database than the app's (tests, a screen given its own); its values are
 * kept apart under its name.
 */
export function useLiveMirror<T>(
  key: string | null,
  query: (db: TambakDb) => Promise<T>,
  db?: TambakDb,
): LiveResult<T> {
  // Where the value is kept: another database's values apart from the app's.
  const slot = key !== null && db ? `${db.name}/${key}` : key;
  const [state, setState] = useState<{ slot: string | null } & LiveResult<T>>(() => ({
    slot,
    data: slot ? (liveCache.get(slot) as T | undefined) : undefined,
    error: undefined,
  }));
  // The query closes over the key's inputs only (and the db, named in the slot when
  // given): re-subscribing on the slot is enough.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names the query
  useEffect(() => {
    if (!slot) return;
    const listener: Listener = {
      // A transition: a screen filling with synced rows renders in slices, so typing
      // into a form while a pull lands stays smooth.
      next: (data) => startTransition(() => setState({ slot, data: data as T, error: undefined })),
      error: (error) => setState((prev) => ({ slot, data: prev.data, error })),
    };
    return join(slot, listener, (entry) => {
      let stopped = false;
      entry.stop = () => {
        stopped = true;
      };
      loadMirror().then(
        (mirror) => {
          if (stopped) return;
          const read = db ?? mirror.db;
          const subscription = mirror
            .liveQuery(() => query(read))
            .subscribe({
              next: (data) => {
                liveCache.set(slot, data);
                shown.delete(slot);
                entry.error = undefined;
                for (const each of entry.listeners) each.next(data);
              },
              error: (error: unknown) => {
                entry.error = error;
                for (const each of entry.listeners) each.error(error);
              },
            });
          entry.stop = () => subscription.unsubscribe();
        },
        (error: unknown) => {
          entry.error = error;
          for (const each of entry.listeners) each.error(error);
        },
      );
    });
  }, [slot]);
  if (!slot) return { data: undefined, error: undefined };
  // Another key's value (the farm changed) never shows under this one: use the cache.
  if (state.slot !== slot) return { data: liveCache.get(slot) as T | undefined, error: undefined };
  return { data: state.data, error: state.error };
}

/**
 * Shows `data` under `key` now, to the readers mounted and to those mounting next, as the
 * live query will once it answers: for a write the very next screen must see (a farm just
 * made or joined, read by the next screen's farm gate before the query has run again).
 */
export function showLive(key: string, data: unknown): void {
  liveCache.set(key, data);
  shown.add(key);
  for (const each of shared.get(key)?.listeners ?? []) each.next(data);
}

/** Forgets the kept values (logout: the next user must not see this user's farms). */
export function resetLiveCache(): void {
  liveCache.clear();
  shown.clear();
}
