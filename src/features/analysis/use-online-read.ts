import { useCallback, useEffect, useState } from 'react';
import { ApiError, api } from '#local/api-client';

export interface OnlineRead<T> {
  data: T[] | undefined;
  error: unknown;
  loading: boolean;
  /** No connection (the browser says offline, or the request could not reach the server). */
  offline: boolean;
  reload: () => void;
}

const isOffline = () => globalThis.navigator?.onLine === false;

/**
 * One analysis read, online only (ADR 0005: analysis is not mirrored on the device):
 * re-read when the query changes and when the connection comes back. `query` null waits.
 */
export function useOnlineRead<T>(path: string, query: Record<string, string> | null): OnlineRead<T> {
  const key = query ? `${path}?${new URLSearchParams(query).toString()}` : null;
  const [state, setState] = useState<{ key: string | null; data?: T[]; error?: unknown; offline: boolean }>({
    key: null,
    offline: false,
  });
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    const back = () => setAttempt((n) => n + 1);
    globalThis.addEventListener?.('online', back);
    return () => globalThis.removeEventListener?.('online', back);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-reads on purpose.
  useEffect(() => {
    if (!key || !query) return;
    if (isOffline()) {
      setState({ key, offline: true });
      return;
    }
    let live = true;
    setState((s) => (s.key === key ? s : { key: null, offline: false }));
    api
      .get<T[]>(path, query)
      .then((data) => live && setState({ key, data, offline: false }))
      .catch((error: unknown) => {
        if (!live) return;
        setState({ key, error, offline: error instanceof ApiError && error.code === 'network' });
      });
    return () => {
      live = false;
    };
  }, [key, attempt]);

  const current = state.key === key;
  return {
    data: current ? state.data : undefined,
    error: current ? state.error : undefined,
    loading: Boolean(key) && !current,
    offline: current && state.offline,
    reload,
  };
}
