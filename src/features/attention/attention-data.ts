import { useCallback, useEffect, useRef, useState } from 'react';
import { useSyncStatusField } from '#components/sync-status.ts';
import { ApiError } from '#local/api-client';
import { unsentCount } from '#local/sync/status';
import type { AttentionBoard } from '#shared/contracts/attention';
import { requestBoard } from './attention-request.ts';

/** The last board this device read, per farm, so offline it still shows (marked stale). */
const CACHE_PREFIX = 'tambak:attention:';
/** The board re-reads itself this often while open (a manager leaves it on a desk screen). */
export const REFRESH_MS = 5 * 60_000;

export interface CachedBoard {
  board: AttentionBoard;
  /** When this device received it (ISO). */
  fetchedAt: string;
}

function readCache(farmId: string): CachedBoard | null {
  try {
    const raw = globalThis.localStorage?.getItem(CACHE_PREFIX + farmId);
    const parsed = raw ? (JSON.parse(raw) as CachedBoard) : null;
    return parsed && Array.isArray(parsed.board?.items) ? parsed : null;
  } catch {
    return null;
  }
}

function writeCache(farmId: string, value: CachedBoard) {
  try {
    globalThis.localStorage?.setItem(CACHE_PREFIX + farmId, JSON.stringify(value));
  } catch {
    // a full storage only loses the offline copy
  }
}

export interface BoardRead {
  /** The fresh board, or the last one this device read when offline. */
  current: CachedBoard | null;
  /** True when `current` is not fresh from the server: no connection. */
  stale: boolean;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/**
 * The board is read online (ADR 0038): it judges records of every member, the warehouse
 * and cycle figures the phone does not mirror. The last answer is kept so that without a
 * connection the board still shows, saying from when it is.
 */
export function useAttentionBoard(farmId: string): BoardRead {
  const [state, setState] = useState<{
    farmId: string;
    current: CachedBoard | null;
    stale: boolean;
    error: unknown;
  }>(() => ({ farmId, current: readCache(farmId), stale: false, error: undefined }));
  const [attempt, setAttempt] = useState(0);
  const [loading, setLoading] = useState(true);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    const again = () => setAttempt((n) => n + 1);
    globalThis.addEventListener?.('online', again);
    const timer = setInterval(again, REFRESH_MS);
    return () => {
      globalThis.removeEventListener?.('online', again);
      clearInterval(timer);
    };
  }, []);

  // Records of this phone reached the server (a reading entered from the board): read it again.
  const waiting = unsentCount(useSyncStatusField('summary')).waiting;
  const before = useRef(waiting);
  useEffect(() => {
    if (waiting < before.current) setAttempt((n) => n + 1);
    before.current = waiting;
  }, [waiting]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-reads on purpose.
  useEffect(() => {
    let live = true;
    setLoading(true);
    const cached = () => (state.farmId === farmId ? state.current : readCache(farmId));
    const offline = () => setState({ farmId, current: cached(), stale: true, error: undefined });
    if (globalThis.navigator?.onLine === false) {
      offline();
      setLoading(false);
      return;
    }
    // The first read takes the request the route's loader started (attention-request.ts).
    requestBoard(farmId, attempt > 0)
      .then((board) => {
        if (!live) return;
        const value = { board, fetchedAt: new Date().toISOString() };
        writeCache(farmId, value);
        setState({ farmId, current: value, stale: false, error: undefined });
      })
      .catch((error: unknown) => {
        if (!live) return;
        if (error instanceof ApiError && error.code === 'network') offline();
        else setState({ farmId, current: null, stale: false, error });
      })
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [farmId, attempt]);

  const mine = state.farmId === farmId;
  return {
    current: mine ? state.current : readCache(farmId),
    stale: mine && state.stale,
    error: mine ? state.error : undefined,
    loading,
    reload,
  };
}
