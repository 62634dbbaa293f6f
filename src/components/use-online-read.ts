import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, api } from '#local/api-client';

/** `D` is what the route answers: a list of series for most reads, one object for some. */
export interface OnlineRead<T, D = T[]> {
  data: D | undefined;
  error: unknown;
  loading: boolean;
  /** No connection (the browser says offline, or the request could not reach the server). */
  offline: boolean;
  /** Nothing asked (the range is not valid): the range picker says why. */
  idle: boolean;
  reload: () => void;
}

const isOffline = () => globalThis.navigator?.onLine === false;

/**
 * One read online only, for what is not mirrored on the device (charts, the farm analysis:
 * ADR 0005): re-read when the query changes and when the connection comes back. `query`
 * null waits (e.g. a bad range).
 */
export function useOnlineRead<T, D = T[]>(
  path: string,
  query: Record<string, string> | null,
): OnlineRead<T, D> {
  const key = query ? `${path}?${new URLSearchParams(query).toString()}` : null;
  const [state, setState] = useState<{ key: string | null; data?: D; error?: unknown; offline: boolean }>({
    key: null,
    offline: false,
  });
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  // A read that finds no network while the browser says online (the signal just came back,
  // or comes and goes) tries again after 1, 2, 4 … 30 s instead of staying on "offline".
  const failures = useRef(0);

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
    let retry: ReturnType<typeof setTimeout> | undefined;
    setState((s) => (s.key === key ? s : { key: null, offline: false }));
    api
      .get<D>(path, query)
      .then((data) => {
        if (!live) return;
        failures.current = 0;
        setState({ key, data, offline: false });
      })
      .catch((error: unknown) => {
        if (!live) return;
        const offline = error instanceof ApiError && error.code === 'network';
        setState({ key, error, offline });
        if (offline && !isOffline()) {
          const delay = Math.min(30_000, 1000 * 2 ** failures.current);
          failures.current += 1;
          retry = setTimeout(() => setAttempt((n) => n + 1), delay);
        }
      });
    return () => {
      live = false;
      clearTimeout(retry);
    };
  }, [key, attempt]);

  const current = state.key === key;
  return {
    data: current ? state.data : undefined,
    error: current ? state.error : undefined,
    loading: Boolean(key) && !current,
    offline: current && state.offline,
    idle: !key,
    reload,
  };
}
