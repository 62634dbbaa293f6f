import { useCallback, useEffect, useState } from 'react';
import { loadMirror, resetLiveCache, useLiveMirror } from './use-live-mirror.ts';

/**
 * Online reads of what the mirror does not pull (members, roles, permissions, settings, the
 * profile, a farm's counts): the answer is written into the mirror's `answers` store and
 * read back with the one live hook (useLiveMirror), so a screen reads every kept value the
 * same way and the last answer shows offline. Each key is asked once a page session;
 * refetch() asks again after a change, and a failed ask is made again when the signal is back. The `{ data, error, loading, reload }` shape is the
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
const running = new Map<string, Promise<unknown>>();
/** Keys whose last ask failed: a screen opening one asks again. */
const failed = new Set<string>();

/** Asks once at a time per key; the answer goes into the mirror. Resolves to the error, if any. */
function ask(key: string): Promise<unknown> {
  const current = running.get(key);
  if (current) return current;
  asked.add(key);
  const job = (loaders.get(key) as () => Promise<unknown>)()
    .then(async (data) => {
      const { db } = await loadMirror();
      await db.answers.put({ key, data, fetchedAt: Date.now() });
      failed.delete(key);
    })
    // A failed read keeps the last answer: a screen is not blanked by a lost signal.
    .then(
      () => undefined,
      (error: unknown) => {
        failed.add(key);
        return error;
      },
    )
    .finally(() => running.delete(key));
  running.set(key, job);
  return job;
}

export function useFetched<T>(key: string | null, loader: () => Promise<T>): Fetched<T> {
  if (key) loaders.set(key, loader);
  const answer = useLiveMirror(key ? `answer:${key}` : null, (db) => db.answers.get(key as string));
  const [asking, setAsking] = useState<{ key: string | null; done?: boolean; error?: unknown }>({
    key: null,
  });
  const reload = useCallback(() => {
    if (!key) return;
    setAsking({ key });
    void ask(key).then((error) => setAsking((s) => (s.key === key ? { key, done: true, error } : s)));
  }, [key]);
  useEffect(() => {
    // Joins an ask under way (it is not made twice); asks again after a failure.
    if (key && (!asked.has(key) || failed.has(key) || running.has(key))) reload();
  }, [key, reload]);
  useEffect(() => {
    // A screen left open while the signal was gone asks again as soon as it is back.
    if (!key) return;
    const back = () => {
      if (failed.has(key)) reload();
    };
    globalThis.addEventListener?.('online', back);
    return () => globalThis.removeEventListener?.('online', back);
  }, [key, reload]);
  if (!key) return { data: undefined, error: undefined, loading: false, reload };
  const mine = asking.key === key ? asking : undefined;
  const error = mine?.error ?? answer.error;
  return {
    data: answer.data?.data as T | undefined,
    error,
    loading: (mine !== undefined && !mine.done) || (answer.data === undefined && error === undefined),
    reload,
  };
}

/** Asks again for every key asked so far that starts with prefix (after a change); screens showing one follow live. */
export function refetch(prefix: string): Promise<void> {
  const jobs = [...asked].filter((key) => key.startsWith(prefix)).map(ask);
  return Promise.all(jobs).then(() => undefined);
}

/** Forgets what this page session asked and kept (logout: the next user asks anew). */
export function resetFetched(): void {
  asked.clear();
  failed.clear();
  resetLiveCache();
}
