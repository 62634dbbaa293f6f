import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { loadMirror, resetLiveCache, useLiveMirror } from './use-live-mirror.ts';

/**
 * Online reads of what the mirror does not pull (members, roles, permissions, settings, the
 * profile, a farm's counts): the answer is written into the mirror's `answers` store and
 * read back with the one live hook (useLiveMirror), so a screen reads every kept value the
 * same way and the last answer shows offline. Each key is asked once a page session;
 * refetch() asks again after a change. The `{ data, error, loading, reload }` shape is the
 * one the screens already use.
 */
export interface Fetched<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

const loaders = new Map<string, () => Promise<unknown>>();
const asked = new Set<string>();
const running = new Map<string, Promise<void>>();
const errors = new Map<string, unknown>();
const users = new Map<string, number>();
const listeners = new Set<() => void>();
let version = 0;

function changed() {
  version += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function ask(key: string): Promise<void> {
  const loader = loaders.get(key);
  if (!loader) return Promise.resolve();
  const current = running.get(key);
  if (current) return current;
  asked.add(key);
  const job = loader()
    .then(async (data) => {
      const { db } = await loadMirror();
      await db.answers.put({ key, data, fetchedAt: Date.now() });
      errors.delete(key);
    })
    // A failed read keeps the last answer: a screen is not blanked by a lost signal.
    .catch((error: unknown) => {
      errors.set(key, error);
    })
    .finally(() => {
      running.delete(key);
      changed();
    });
  running.set(key, job);
  changed();
  return job;
}

export function useFetched<T>(key: string | null, loader: () => Promise<T>): Fetched<T> {
  if (key) loaders.set(key, loader);
  const answer = useLiveMirror(key ? `answer:${key}` : null, (db) => db.answers.get(key as string));
  useSyncExternalStore(subscribe, () => version);
  useEffect(() => {
    if (!key) return;
    users.set(key, (users.get(key) ?? 0) + 1);
    if (!asked.has(key)) void ask(key);
    return () => {
      users.set(key, (users.get(key) ?? 1) - 1);
    };
  }, [key]);
  const reload = useCallback(() => {
    if (key) void ask(key);
  }, [key]);
  if (!key) return { data: undefined, error: undefined, loading: false, reload };
  const error = errors.get(key) ?? answer.error;
  return {
    data: answer.data?.data as T | undefined,
    error,
    loading: running.has(key) || (answer.data === undefined && error === undefined),
    reload,
  };
}

/** Asks again for every key that starts with prefix (after a change); unseen keys wait for their screen. */
export function refetch(prefix: string): Promise<void> {
  const jobs: Promise<void>[] = [];
  for (const key of [...asked]) {
    if (!key.startsWith(prefix)) continue;
    if (users.get(key)) jobs.push(ask(key));
    else asked.delete(key);
  }
  return Promise.all(jobs).then(() => undefined);
}

/** Forgets what this page session asked and kept (logout: the next user asks anew). */
export function resetFetched(): void {
  asked.clear();
  errors.clear();
  resetLiveCache();
  changed();
}
