import type { HttpMethod, SyncError } from '#local/db';
import { QUEUED_BY_WORKER } from '#local/sync/worker-protocol';
import type { FieldIssues } from '#shared/errors';

/**
 * The one place that decides what an answer means for queued writes (STYLE habit 6):
 * settle it, retry it later, hold the queue for a login, leave it to the service
 * worker, or dead-letter it as failed for the user to fix. Page drain and service
 * worker replay both go through here, so they can never disagree.
 */

export type Answer =
  | { kind: 'response'; status: number; body: unknown }
  | { kind: 'network'; message: string };

export type Verdict =
  | { kind: 'ok' }
  /** Network error, timeout, 5xx, 408/429: the server may come back; keep the entry queued. */
  | { kind: 'retry'; error: SyncError }
  /** The service worker queued the request (it failed while offline) and now owns it. */
  | { kind: 'in-worker' }
  /** 401: the session is gone; nothing is sent until the user logs in again. */
  | { kind: 'hold'; error: SyncError }
  /** Any other 4xx: resending the same body cannot succeed; the user decides. */
  | { kind: 'reject'; error: SyncError };

const RETRYABLE_4XX = new Set([408, 425, 429]);
const CODE_BY_STATUS: Record<number, string> = {
  400: 'validation-failed',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not-found',
  409: 'conflict',
  413: 'payload-too-large',
  415: 'unsupported-media-type',
  429: 'rate-limited',
};

export function classify(answer: Answer, method: HttpMethod): Verdict {
  if (answer.kind === 'network')
    return { kind: 'retry', error: { code: 'network', message: answer.message } };
  const { status, body } = answer;
  if (status >= 200 && status < 300) return { kind: 'ok' };
  const error = errorOf(status, body);
  if (status === 503 && error.code === QUEUED_BY_WORKER) return { kind: 'in-worker' };
  if (status === 401) return { kind: 'hold', error };
  // A DELETE of something already gone reached its goal (e.g. a replay after the first one landed).
  if (status === 404 && method === 'DELETE') return { kind: 'ok' };
  if (status >= 500 || RETRYABLE_4XX.has(status)) return { kind: 'retry', error };
  return { kind: 'reject', error };
}

/** The server's `{ message, code, errors? }` failure body, or a stand-in from the status. */
export function errorOf(status: number, body: unknown): SyncError {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const code =
    typeof b.code === 'string'
      ? b.code
      : (CODE_BY_STATUS[status] ?? (status >= 500 ? 'internal' : `http-${status}`));
  const message = typeof b.message === 'string' ? b.message : `HTTP ${status}`;
  const error: SyncError = { code, message };
  if (isFieldErrors(b.errors)) error.fields = b.errors;
  if (isFieldIssues(b.issues)) error.issues = b.issues;
  return error;
}

export function isFieldIssues(value: unknown): value is FieldIssues {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every(
    (list) =>
      Array.isArray(list) &&
      list.every(
        (m) => typeof m === 'object' && m !== null && typeof (m as { key?: unknown }).key === 'string',
      ),
  );
}

export function isFieldErrors(value: unknown): value is Record<string, string[]> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((v) => Array.isArray(v) && v.every((m) => typeof m === 'string'));
}
