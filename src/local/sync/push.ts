import { liveQuery } from 'dexie';
import type { Clock } from '#local/clock';
import type { EditPatch, OutboxEntry, TambakDb } from '#local/db';
import { applyAnswer } from '#local/sync/apply-answer';
import type { Answer } from '#local/sync/classify';
import type { Transport, TransportRequest } from '#local/sync/transport';
import {
  type ApplyOutcome,
  formatOutboxHeader,
  HEADER_IDEMPOTENCY,
  HEADER_OUTBOX,
  IN_WORKER_TIMEOUT_MS,
} from '#local/sync/worker-protocol';
import { MERGE_HEADERS } from '#shared/sync/field-merge';

/**
 * Drains the outbox in FIFO order (ids are UUIDv7). Strict head-of-line: an entry that
 * waits (backoff) stops the drain, because later entries may depend on it (a cycle
 * created offline in a pond created offline). Entries the service worker holds do not
 * stop it: the next entries go to the worker too, which queues them behind (unsent) so
 * its replay keeps the order (sw/outbox-queue.ts); that is how edits and deletes reach
 * the server with the app closed. Failed entries do not block: they wait for the user.
 * Consecutive bulk creates to the same endpoint go as one POST.
 */

export interface DrainOptions {
  db: TambakDb;
  transport: Transport;
  clock: Clock;
  maxBatch?: number;
  inWorkerTimeoutMs?: number;
  onOutcome?: (outcome: ApplyOutcome) => void;
}

export type DrainStop = 'empty' | 'waiting' | 'held' | 'retry' | 'in-worker';
export interface DrainResult {
  stop: DrainStop;
  /** When something becomes due again (backoff end, worker timeout). */
  wakeAt?: number;
  requests: number;
}

type Next = { batch: OutboxEntry[] } | { stop: DrainStop; wakeAt?: number };

export async function drainOutbox(options: DrainOptions): Promise<DrainResult> {
  const { db, transport, clock } = options;
  let requests = 0;
  for (;;) {
    if ((await db.syncState.get('auth'))?.held) return { stop: 'held', requests };
    const next = await takeNext(
      db,
      clock.now(),
      options.maxBatch ?? 100,
      options.inWorkerTimeoutMs ?? IN_WORKER_TIMEOUT_MS,
    );
    if (!('batch' in next)) return { ...next, requests };
    const refs = next.batch.map((e) => ({ id: e.id, revision: e.revision }));
    let answer: Answer;
    try {
      answer = { kind: 'response', ...(await transport(requestFor(next.batch))) };
    } catch (error) {
      answer = { kind: 'network', message: error instanceof Error ? error.message : String(error) };
    }
    requests++;
    const outcome = await applyAnswer(db, refs, answer, clock);
    options.onOutcome?.(outcome);
    if (outcome.verdict === 'hold') return { stop: 'held', requests };
    if (outcome.verdict === 'in-worker') continue; // the worker holds it; hand it the next ones
    if (outcome.verdict === 'retry') {
      // The engine sets a timer for when the head is due again (backoff end, worker timeout).
      const head = await db.outbox.get(refs[0].id);
      const timeout = options.inWorkerTimeoutMs ?? IN_WORKER_TIMEOUT_MS;
      const wakeAt = head?.status === 'in-worker' ? (head.since ?? 0) + timeout : head?.nextAttemptAt;
      return { stop: outcome.verdict, wakeAt, requests };
    }
  }
}

/** Picks the next request's entries and marks them 'sending' in one transaction. */
async function takeNext(
  db: TambakDb,
  now: number,
  maxBatch: number,
  inWorkerTimeoutMs: number,
): Promise<Next> {
  return db.transaction('rw', db.outbox, async () => {
    const all = await db.outbox
      .orderBy('id')
      .filter((e) => e.status !== 'failed')
      .toArray();
    // Entries the worker holds (not yet past the page's timeout) are skipped: it replays them.
    let workerWake: number | undefined;
    let skip = 0;
    for (const e of all) {
      if (e.status !== 'in-worker' || (e.since ?? 0) + inWorkerTimeoutMs <= now) break;
      workerWake = Math.min(workerWake ?? Number.POSITIVE_INFINITY, (e.since ?? 0) + inWorkerTimeoutMs);
      skip++;
    }
    const head = all.slice(skip, skip + maxBatch);
    const first = head[0];
    if (!first)
      return workerWake === undefined ? { stop: 'empty' } : { stop: 'in-worker', wakeAt: workerWake };
    if (first.status === 'held') return { stop: 'held' };
    // Another drain without a cross-tab lock is on it; it settles soon (or goes stale).
    if (first.status === 'sending') return { stop: 'waiting' };
    if (first.status === 'queued' && first.nextAttemptAt > now)
      return { stop: 'waiting', wakeAt: first.nextAttemptAt };
    // Here `first` is due, or an in-worker entry the worker never reported back on: the
    // page takes it back (the worker drops its copy once it sees the entry is no longer
    // 'in-worker', see sw/outbox-queue.ts).
    const batch = [first];
    if (first.bulk && first.kind === 'create') {
      for (const e of head.slice(1)) {
        const groupable = e.status === 'queued' && e.bulk && e.kind === 'create' && e.url === first.url;
        if (!groupable || e.nextAttemptAt > now) break;
        batch.push(e);
      }
    }
    await db.outbox.bulkPut(batch.map((e) => ({ ...e, status: 'sending' as const, since: now, sent: true })));
    return { batch };
  });
}

export function entryKey(entry: OutboxEntry): string {
  return entry.revision ? `${entry.id}.${entry.revision}` : entry.id;
}

/** An edit's merge data as request headers (ADR 0002; read by src/server/sync/record-merge.ts). */
export function patchHeaders(patch: EditPatch): Record<string, string> {
  return {
    [MERGE_HEADERS.baseVersion]: String(patch.baseVersion),
    [MERGE_HEADERS.editedAt]: new Date(patch.editedAt).toISOString(),
    [MERGE_HEADERS.device]: patch.device,
  };
}

function requestFor(batch: OutboxEntry[]): TransportRequest {
  const first = batch[0];
  const headers: Record<string, string> = {
    [HEADER_IDEMPOTENCY]: batch.length === 1 ? entryKey(first) : groupKey(batch),
    [HEADER_OUTBOX]: formatOutboxHeader(batch),
    ...(first.patch ? patchHeaders(first.patch) : {}),
  };
  if (first.bulk)
    return { method: first.method, url: first.url, body: { items: batch.map((e) => e.body) }, headers };
  return { method: first.method, url: first.url, body: first.body ?? undefined, headers };
}

/**
 * A grouped request's key depends on exactly which entry revisions it carries, so a
 * retry of the same group reuses it and a different group never collides with it.
 * Two FNV-1a passes (64 bits) are plenty: keys only need to be unique per user.
 */
function groupKey(batch: OutboxEntry[]): string {
  const text = batch.map(entryKey).join(',');
  const fnv = (seed: number) => {
    let h = seed;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
    return h.toString(16).padStart(8, '0');
  };
  return `${batch[0].id}+${batch.length}-${fnv(0x811c9dc5)}${fnv(0x050c5d1f)}`;
}

/**
 * Puts entries left 'sending' (by a tab closed mid-request) back in the queue: all of
 * them when the caller holds the cross-context lock (`sentBefore` = Infinity), else
 * those sent at or before `sentBefore`. Resending is safe: upsert by id, Idempotency-Key.
 */
export async function releaseAbandoned(db: TambakDb, sentBefore: number): Promise<void> {
  await db.outbox
    .where('status')
    .equals('sending')
    .filter((e) => (e.since ?? 0) <= sentBefore)
    .modify((e) => {
      e.status = 'queued';
      delete e.since;
    });
}

/**
 * Calls `onWrite` when a new entry appears, or a failed one is requeued by an edit or a
 * retry (a rise of queued entries with no attempts). Retries in backoff (attempts > 0)
 * do not count: they wait for their timer. Dexie's liveQuery also sees other tabs' writes.
 */
export function watchOutboxWrites(db: TambakDb, onWrite: () => void): () => void {
  let last = { newest: '', fresh: 0 };
  const subscription = liveQuery(() =>
    db.transaction('r', db.outbox, async () => ({
      newest: ((await db.outbox.orderBy('id').lastKey()) as string | undefined) ?? '',
      fresh: await db.outbox
        .where('status')
        .equals('queued')
        .filter((e) => e.attempts === 0)
        .count(),
    })),
  ).subscribe({
    next(value) {
      const rose = value.newest > last.newest || value.fresh > last.fresh;
      last = value;
      if (rose) onWrite();
    },
    error: (error: unknown) => console.error('outbox watch failed', error),
  });
  return () => subscription.unsubscribe();
}
