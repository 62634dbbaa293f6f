import type { Clock } from '#local/clock';
import type { TambakDb } from '#local/db';
import { applyAnswer, liveEntries, markInWorker } from '#local/sync/apply-answer';
import type { Answer } from '#local/sync/classify';
import { type LockManagerLike, SYNC_LOCK_NAME, singleFlight } from '#local/sync/single-flight';
import {
  type EntryRef,
  HEADER_OUTBOX,
  parseOutboxHeader,
  QUEUED_BY_WORKER,
  type WorkerToPage,
} from '#local/sync/worker-protocol';

/**
 * The worker's half of the outbox. Every request of the page's drain (creates, edits,
 * deletes, actions: they carry `X-Tambak-Outbox`) goes through the worker; when the
 * network refuses one, the worker keeps the request in its workbox queue, marks the
 * entries 'in-worker' in the shared Dexie database and answers 503 `queued-by-worker`,
 * so the page stops resending them. The worker replays later (Background Sync event,
 * start-up, or the page asking) even when no page is open, applies the answer to Dexie
 * with the same function the page uses, and tells open pages.
 *
 * In order: while earlier entries wait in the worker's queue, a later request is queued
 * behind them without being sent (the page keeps handing its entries over), and a replay
 * stops at a request whose earlier entries are back with the page (a 5xx, a 401), so the
 * server sees the outbox's FIFO order whoever sends. Exactly once: creates are upserts by
 * id, edits and actions carry their Idempotency-Key (the server answers a replay with
 * its first answer), and a DELETE of a record already gone counts as done.
 *
 * Exactly-once for the UI (at-least-once on the wire, made idempotent by the server's
 * upsert by id): a queued request is replayed only while Dexie still says its entries are
 * 'in-worker' with the same revision; the check and the send run under the same Web Lock
 * as the page's drain, so the page cannot take an entry back (or discard it) between
 * them. If the page took it back after its timeout, the worker drops its copy unsent.
 */

export interface QueueEntryLike {
  request: Request;
  timestamp?: number;
  metadata?: object;
}

/** The part of workbox-background-sync's Queue used here (a fake in tests). */
export interface QueueLike {
  pushRequest(entry: QueueEntryLike): Promise<void>;
  shiftRequest(): Promise<QueueEntryLike | undefined>;
  unshiftRequest(entry: QueueEntryLike): Promise<void>;
}

export interface OutboxWorkerDeps {
  db: TambakDb;
  fetch: (request: Request) => Promise<Response>;
  clock: Clock;
  notify: (message: WorkerToPage) => Promise<void>;
  locks?: LockManagerLike;
  /** Asks the browser for a Background Sync event (no-op where the API is missing). */
  registerSync?: () => Promise<void>;
}

export interface OutboxWorker {
  /** The fetch handler of every outbox request (see `isOutboxRequest`). */
  handleOutboxRequest(request: Request, queue: QueueLike): Promise<Response>;
  /** Replays the queue; rejects (after putting the request back) when the network fails. */
  replay(queue: QueueLike): Promise<void>;
}

export function createOutboxWorker(deps: OutboxWorkerDeps): OutboxWorker {
  const { db, clock } = deps;
  let pending: QueueLike | undefined;

  async function replayOnce(queue: QueueLike): Promise<void> {
    for (;;) {
      const item = await queue.shiftRequest();
      if (!item) return;
      const refs = parseOutboxHeader(item.request.headers.get(HEADER_OUTBOX));
      if ((await liveEntries(db, refs, ['in-worker'])).length === 0) continue; // settled elsewhere: drop
      if (await waitsForEarlier(db, refs)) {
        // An earlier entry is back with the page (5xx, 401): it goes first; this one waits here.
        await queue.unshiftRequest(item);
        return;
      }
      let answer: Answer;
      try {
        const response = await deps.fetch(item.request.clone());
        answer = { kind: 'response', status: response.status, body: await readJson(response) };
      } catch (error) {
        await queue.unshiftRequest(item);
        throw error;
      }
      // Whatever the server said (ok, per-item errors, 4xx, 5xx, 401), the shared apply
      // moves the entries out of 'in-worker': settled, failed, held, or back to the page.
      const outcome = await applyAnswer(db, refs, answer, clock);
      await deps.notify({ type: 'sync:replayed', entryIds: refs.map((r) => r.id), outcome });
    }
  }

  const replayFlight = singleFlight(
    async () => {
      if (pending) await replayOnce(pending);
    },
    { name: SYNC_LOCK_NAME, locks: deps.locks },
  );

  async function keep(copy: Request, refs: EntryRef[], queue: QueueLike): Promise<Response> {
    const now = clock.now();
    await queue.pushRequest({ request: copy, timestamp: now });
    // The request is stored before the entries say so: a crash in between leaves
    // them 'sending', the page resends, and this copy is dropped at replay.
    const entryIds = await markInWorker(db, refs, now);
    await deps.registerSync?.();
    await deps.notify({ type: 'sync:queued-by-worker', entryIds });
    const body = {
      message: 'Saved on this device; it will be sent when the network is back.',
      code: QUEUED_BY_WORKER,
    };
    return new Response(JSON.stringify(body), {
      status: 503,
      headers: { 'Content-Type': 'application/json' },
    });
  }

  return {
    async handleOutboxRequest(request, queue) {
      const copy = request.clone();
      const refs = parseOutboxHeader(copy.headers.get(HEADER_OUTBOX));
      // Behind entries the worker still holds: queue unsent, so the server sees FIFO order.
      if (refs.length > 0 && (await behindWorker(db, refs))) return keep(copy, refs, queue);
      try {
        return await deps.fetch(request);
      } catch (error) {
        if (refs.length === 0) throw error; // not the engine's request: nothing to reconcile with
        return keep(copy, refs, queue);
      }
    },
    replay(queue) {
      pending = queue;
      return replayFlight();
    },
  };
}

/** Whether entries older than this request's wait in the worker's queue. */
async function behindWorker(db: TambakDb, refs: EntryRef[]): Promise<boolean> {
  const first = refs[0].id;
  return (
    (await db.outbox
      .where('status')
      .equals('in-worker')
      .filter((e) => e.id < first)
      .count()) > 0
  );
}

/** Whether entries older than this request are with the page again (queued, sending, held). */
async function waitsForEarlier(db: TambakDb, refs: EntryRef[]): Promise<boolean> {
  const first = refs[0].id;
  return (
    (await db.outbox
      .where('id')
      .below(first)
      .filter((e) => e.status === 'queued' || e.status === 'sending' || e.status === 'held')
      .count()) > 0
  );
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}
