import type { FieldIssues } from '#shared/errors';
/**
 * What the page and the service worker say to each other about the outbox (shared by
 * src/local and sw/, so both sides compile against one definition).
 */

export const OUTBOX_QUEUE_NAME = 'tambak-outbox';
/** The tag workbox uses for the queue; our own sync listener answers it (see sw/outbox-queue.ts). */
export const OUTBOX_SYNC_TAG = `workbox-background-sync:${OUTBOX_QUEUE_NAME}`;
export const API_CACHE_NAME = 'api-get';
/** Emoji, stickers and uploaded chat images (sw/media-cache.ts); emptied on logout with the API cache. */
export const MEDIA_CACHE_NAME = 'tambak-media';

export const HEADER_IDEMPOTENCY = 'Idempotency-Key';
/** `<entryId>@<revision>` per entry in the request, comma separated. */
export const HEADER_OUTBOX = 'X-Tambak-Outbox';
/** Set on the engine's own pulls: the worker must not answer them from its cache. */
export const HEADER_SYNC = 'X-Tambak-Sync';

/** 503 body code of the worker's answer when it queued a request the network refused. */
export const QUEUED_BY_WORKER = 'queued-by-worker';

/** Bulk create endpoints (kept for callers that name them; the worker queues every outbox request). */
export const BULK_PATH = /^\/api\/.+\/bulk$/;

/** Methods of the outbox's writes: creates, edits, deletes and actions. */
export const OUTBOX_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * Whether the worker takes this request into its background-sync queue when the network
 * refuses it: every write the sync engine sends (it carries `X-Tambak-Outbox`), whatever
 * its kind; other API calls (sign-in, chat) are the page's business.
 */
export function isOutboxRequest(pathname: string, method: string, headers: Headers): boolean {
  return (
    pathname.startsWith('/api/') &&
    (OUTBOX_METHODS as readonly string[]).includes(method) &&
    headers.has(HEADER_OUTBOX)
  );
}

/** How long the page leaves an entry to the worker before sending it again itself. */
export const IN_WORKER_TIMEOUT_MS = 10 * 60_000;

export interface EntryRef {
  id: string;
  revision: number;
}

export interface RecordRef {
  table: string;
  id: string;
  entryId: string;
}

export interface FailedRecord extends RecordRef {
  error: { code: string; message: string; fields?: Record<string, string[]>; issues?: FieldIssues };
}

/** Summary of one applied answer (also sent from the worker to the pages). */
export interface ApplyOutcome {
  verdict: 'ok' | 'retry' | 'in-worker' | 'hold' | 'reject' | 'stale';
  synced: RecordRef[];
  failed: FailedRecord[];
}

export type WorkerToPage =
  | { type: 'sync:replayed'; entryIds: string[]; outcome: ApplyOutcome }
  | { type: 'sync:queued-by-worker'; entryIds: string[] };

export type PageToWorker = { type: 'SKIP_WAITING' } | { type: 'sync:replay-request' };

export function formatOutboxHeader(refs: readonly EntryRef[]): string {
  return refs.map((r) => `${r.id}@${r.revision}`).join(',');
}

export function parseOutboxHeader(value: string | null): EntryRef[] {
  if (!value) return [];
  const refs: EntryRef[] = [];
  for (const part of value.split(',')) {
    const [id, rev] = part.trim().split('@');
    const revision = Number(rev);
    if (id && Number.isInteger(revision) && revision >= 0) refs.push({ id, revision });
  }
  return refs;
}

export function isWorkerToPage(data: unknown): data is WorkerToPage {
  const type = (data as { type?: unknown } | null)?.type;
  return type === 'sync:replayed' || type === 'sync:queued-by-worker';
}
