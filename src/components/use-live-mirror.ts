import { startTransition, useEffect, useState } from 'react';
import type { TambakDb } from '#local/db';

/**
 * Live reads of the Dexie mirror. Dexie (about 30 KB gzip) is loaded with a dynamic
 * import so it stays out of the first download (initial JS budget 150 KB); the service
 * worker precaches the chunk, so offline it loads from the phone at once. Same contract
 * as dexie-react-hooks' useLiveQuery: re-renders on every change of what the query read,
 * sync included. The last value per key is kept, so a screen opened again shows its data
 * without a loading flash while the new query runs.
 *
 * THE way a screen reads what the device keeps: mirrored records, and the last answers of
 * online reads (use-fetched.ts keeps them in the mirror's `answers` store).
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

/** Forgets the kept values (logout: the next user must not see this user's farms). */
export function resetLiveCache(): void {
  liveCache.clear();
}
