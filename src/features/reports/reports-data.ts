import { useCallback, useEffect, useState } from 'react';
import { ApiError, api, networkError } from '#local/api-client';
import { sessionStore } from '#local/session-store';
import type { Pond } from '#shared/contracts/farm';
import type { ReportBody, ReportFormat, ReportJob } from '#shared/contracts/reports';

/**
 * Reports are an online-only operation (ADR 0005): built on the server, never queued on
 * the device. The history last fetched is kept in localStorage per farm so a phone
 * without signal still lists it (not for embed sessions: those keep nothing).
 */
const historyKey = (farmId: string) => `tambak:report-history:${farmId}`;

export const isOffline = () => globalThis.navigator?.onLine === false;
export const isNetworkError = (error: unknown) => error instanceof ApiError && error.code === 'network';

function readCachedHistory(farmId: string): ReportJob[] | undefined {
  try {
    const text = globalThis.localStorage?.getItem(historyKey(farmId));
    return text ? (JSON.parse(text) as ReportJob[]) : undefined;
  } catch {
    return undefined;
  }
}

function cacheHistory(farmId: string, items: ReportJob[]) {
  if (sessionStore.get()?.embed) return;
  try {
    globalThis.localStorage?.setItem(historyKey(farmId), JSON.stringify(items.slice(0, 20)));
  } catch {
    // A full storage only loses the offline copy.
  }
}

export interface HistoryRead {
  items: ReportJob[] | undefined;
  error: unknown;
  /** The list shown is the stored copy (no connection). */
  stale: boolean;
  reload: () => void;
}

/** The caller's reports of the farm; re-read when asked and when the connection comes back. */
export function useReportHistory(farmId: string): HistoryRead {
  const [state, setState] = useState<{ items?: ReportJob[]; error?: unknown; stale: boolean }>(() => ({
    stale: false,
  }));
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  useEffect(() => {
    globalThis.addEventListener?.('online', reload);
    return () => globalThis.removeEventListener?.('online', reload);
  }, [reload]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-reads on purpose.
  useEffect(() => {
    let live = true;
    const offline = (error: unknown) => {
      const cached = sessionStore.get()?.embed ? undefined : readCachedHistory(farmId);
      setState({ items: cached, error, stale: Boolean(cached) });
    };
    if (isOffline()) {
      // Not asked at all without a connection; with no copy kept, the list says it needs
      // signal (an error with no list), never "loading" until the signal comes back.
      offline(networkError());
      return;
    }
    api
      .get<ReportJob[]>('/history', { farm_id: farmId })
      .then((items) => {
        if (!live) return;
        cacheHistory(farmId, items);
        setState({ items, stale: false });
      })
      .catch((error: unknown) => {
        if (!live) return;
        if (isNetworkError(error)) offline(error);
        else setState({ error, stale: false });
      });
    return () => {
      live = false;
    };
  }, [farmId, attempt]);
  return { items: state.items, error: state.error, stale: state.stale, reload };
}

/** The farm's ponds the caller can see (online: the same list the farm screens pull). */
export function useReportPonds(farmId: string) {
  const [state, setState] = useState<{ ponds?: Pond[]; error?: unknown }>({});
  useEffect(() => {
    let live = true;
    api
      .get<Pond[]>('/pond', { farm_id: farmId })
      .then((ponds) => live && setState({ ponds: ponds.filter((p) => !p.deleted_at && p.access_level >= 0) }))
      .catch((error: unknown) => live && setState({ error }));
    return () => {
      live = false;
    };
  }, [farmId]);
  return state;
}

export async function requestReport(body: ReportBody): Promise<ReportJob> {
  return (await api.post<ReportJob>('/report', body)).data;
}

export function fetchReport(id: string): Promise<ReportJob> {
  return api.get<ReportJob>(`/report/${id}`);
}

/**
 * Saves a report file: the download route needs the session's token, so the file comes
 * through fetch and leaves as a Blob link named as the server names it.
 */
export async function downloadReport(job: ReportJob, format: ReportFormat): Promise<void> {
  const token = sessionStore.get()?.token;
  let response: Response;
  try {
    response = await fetch(`/api/report/${job.id}/download?format=${format}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError(0, 'network', '');
  }
  if (!response.ok) {
    if (response.status === 401 && token) sessionStore.notifyExpired();
    const body = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
    throw new ApiError(
      response.status,
      (body?.code ?? 'unknown') as never,
      body?.message ?? String(response.status),
    );
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `tambak-report.${format}`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
