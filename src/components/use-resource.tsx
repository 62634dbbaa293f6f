import { startTransition, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { TambakDb } from '#local/db';

/**
 * The read side of the screens built before the Dexie mirror: one shared cache entry per
 * key, loaded once, reloaded on invalidate(). Hooks built on it (useBlocks, usePonds …)
 * keep the `{ data, error, loading }` shape so they can later be rewritten as Dexie live
 * queries without touching the screens.
 */
export interface Resource<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
}

interface Entry {
  data?: unknown;
  error?: unknown;
  loading: boolean;
  promise?: Promise<void>;
}

const entries = new Map<string, Entry>();
const listeners = new Map<string, Set<() => void>>();
const loaders = new Map<string, () => Promise<unknown>>();
const EMPTY: Entry = { loading: true };

function notify(key: string) {
  for (const listener of listeners.get(key) ?? []) listener();
}

function load(key: string): Promise<void> {
  const loader = loaders.get(key);
  const previous = entries.get(key);
  if (!loader) return Promise.resolve();
  if (previous?.promise) return previous.promise;
  const promise = loader().then(
    (data) => {
      entries.set(key, { data, loading: false });
      notify(key);
    },
    (error: unknown) => {
      // Keep the last good data: a failed refresh must not blank a screen.
      entries.set(key, { data: entries.get(key)?.data, error, loading: false });
      notify(key);
    },
  );
  entries.set(key, { data: previous?.data, error: previous?.error, loading: true, promise });
  notify(key);
  return promise;
}

function subscribe(key: string, listener: () => void) {
  const set = listeners.get(key) ?? new Set();
  set.add(listener);
  listeners.set(key, set);
  return () => {
    set.delete(listener);
  };
}

export function useResource<T>(
  key: string | null,
  loader: () => Promise<T>,
): Resource<T> & { reload: () => void } {
  if (key) loaders.set(key, loader);
  const sub = useCallback((listener: () => void) => (key ? subscribe(key, listener) : () => {}), [key]);
  const entry = useSyncExternalStore(sub, () => (key ? (entries.get(key) ?? EMPTY) : EMPTY));
  useEffect(() => {
    if (key && !entries.has(key)) void load(key);
  }, [key]);
  const reload = useCallback(() => {
    if (key) void load(key);
  }, [key]);
  return {
    data: entry.data as T | undefined,
    error: entry.error,
    loading: key ? entry.loading : false,
    reload,
  };
}

/** Reloads every entry whose key starts with prefix (after a change); unused entries are dropped. */
export function invalidate(prefix: string): Promise<void> {
  const jobs: Promise<void>[] = [];
  for (const key of [...entries.keys()]) {
    if (!key.startsWith(prefix)) continue;
    if (listeners.get(key)?.size) jobs.push(load(key));
    else entries.delete(key);
  }
  return Promise.all(jobs).then(() => undefined);
}

/** Loads (or reuses) an entry outside React, e.g. in a route guard. */
export function fetchResource<T>(key: string, loader: () => Promise<T>): Promise<T> {
  loaders.set(key, loader);
  const entry = entries.get(key);
  if (entry && !entry.loading && entry.error === undefined) return Promise.resolve(entry.data as T);
  return load(key).then(() => {
    const after = entries.get(key);
    if (after?.error !== undefined) throw after.error;
    return after?.data as T;
  });
}

/** Forgets everything (logout: the next user must not see this user's farms). */
export function resetResources(): void {
  entries.clear();
  liveCache.clear();
  for (const key of listeners.keys()) notify(key);
}

/**
 * Live reads of the Dexie mirror. Dexie (about 30 KB gzip) is loaded with a dynamic
 * import so it stays out of the first download (initial JS budget 150 KB); the service
 * worker precaches the chunk, so offline it loads from the phone at once. Same contract
 * as dexie-react-hooks' useLiveQuery: re-renders on every change of what the query read,
 * sync included. The last value per key is kept, so a screen opened again shows its data
 * without a loading flash while the new query runs.
 */
interface LiveDeps {
  db: TambakDb;
  liveQuery: typeof import('dexie').liveQuery;
}
let live: Promise<LiveDeps> | undefined;
const liveCache = new Map<string, unknown>();

export function loadMirror(): Promise<LiveDeps> {
  live ??= Promise.all([import('#local/db'), import('dexie')]).then(([local, dexie]) => ({
    db: local.getDb(),
    liveQuery: dexie.liveQuery,
  }));
  return live;
}

export interface LiveResult<T> {
  data: T | undefined;
  error: unknown;
}

export function useLiveMirror<T>(key: string | null, query: (db: TambakDb) => Promise<T>): LiveResult<T> {
  const [state, setState] = useState<{ key: string | null } & LiveResult<T>>(() => ({
    key,
    data: key ? (liveCache.get(key) as T | undefined) : undefined,
    error: undefined,
  }));
  // The query closes over the key's inputs only: re-subscribing on the key is enough.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names the query
  useEffect(() => {
    if (!key) return;
    let stopped = false;
    let unsubscribe: (() => void) | undefined;
    loadMirror().then(
      ({ db, liveQuery }) => {
        if (stopped) return;
        const subscription = liveQuery(() => query(db)).subscribe({
          next: (data) => {
            liveCache.set(key, data);
            // A transition: a screen filling with synced rows renders in slices, so typing
            // into a form while a pull lands stays smooth.
            startTransition(() => setState({ key, data, error: undefined }));
          },
          error: (error: unknown) => setState((prev) => ({ key, data: prev.data, error })),
        });
        unsubscribe = () => subscription.unsubscribe();
      },
      (error: unknown) => setState({ key, data: undefined, error }),
    );
    return () => {
      stopped = true;
      unsubscribe?.();
    };
  }, [key]);
  if (!key) return { data: undefined, error: undefined };
  // Another key's value (the farm changed) never shows under this one: use the cache.
  if (state.key !== key) return { data: liveCache.get(key) as T | undefined, error: undefined };
  return { data: state.data, error: state.error };
}
