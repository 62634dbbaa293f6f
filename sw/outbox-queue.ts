import type { Clock } from '#local/clock';
import type { TambakDb } from '#local/db';
import { applyAnswer, liveEntries, markInWorker } from '#local/sync/apply-answer';
import type { Answer } from '#local/sync/classify';
import { type LockManagerLike, SYNC_LOCK_NAME, singleFlight } from '#local/sync/single-flight';
import {
  HEADER_OUTBOX,
  parseOutboxHeader,
  QUEUED_BY_WORKER,
  type WorkerToPage,
} from '#local/sync/worker-protocol';

/**
 * The worker's half of the outbox. The page sends bulk creates through the worker; when
 * the network refuses one, the worker keeps the request in its workbox queue, marks the
 * entries 'in-worker' in the shared Dexie database and answers 503 `queued-by-worker`,
 * so the page stops resending them. The worker replays later (Background Sync event,
 * start-up, or the page asking) even when no page is open, applies the answer to Dexie
 * with the same function the page uses, and tells open pages.
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
  /** The fetch handler of `POST /api/…/bulk`. */
  handleBulkPost(request: Request, queue: QueueLike): Promise<Response>;
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

  return {
    async handleBulkPost(request, queue) {
      const copy = request.clone();
      try {
        return await deps.fetch(request);
      } catch (error) {
        const refs = parseOutboxHeader(copy.headers.get(HEADER_OUTBOX));
        if (refs.length === 0) throw error; // not the engine's request: nothing to reconcile with
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
    },
    replay(queue) {
      pending = queue;
      return replayFlight();
    },
  };
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
