import { type Clock, systemClock } from '#local/clock';
import type { TambakDb } from '#local/db';
import { switchFarm } from '#local/drafts';
import { captureError } from '#local/errors/capture';
import { applyJournal } from '#local/journal';
import { type ResourceDescriptor, resources as registeredResources } from '#local/resources';
import { classify } from '#local/sync/classify';
import { browserEnv, type SyncEnv } from '#local/sync/env';
import { SyncEvents, type SyncState } from '#local/sync/events';
import { discardEntry, retryEntry } from '#local/sync/failed-actions';
import { fillHistory, pullResources } from '#local/sync/pull';
import { drainOutbox, releaseAbandoned, watchOutboxWrites } from '#local/sync/push';
import { singleFlight } from '#local/sync/single-flight';
import { readSummary } from '#local/sync/summary';
import type { Transport } from '#local/sync/transport';
import { type ApplyOutcome, isWorkerToPage, type RecordRef } from '#local/sync/worker-protocol';

/**
 * The page's sync engine: push (drain the outbox), then pull (refresh mirrors), on start,
 * focus, `online`, farm switch, local writes, backoff timers and worker replays. Every
 * trigger goes through one single-flight runner, so two triggers never run two drains.
 */

export type SyncReason =
  | 'start'
  | 'focus'
  | 'online'
  | 'write'
  | 'timer'
  | 'farm-switch'
  | 'login'
  | 'replayed'
  | 'manual';

export interface SyncEngineOptions {
  db: TambakDb;
  transport: Transport;
  clock?: Clock;
  env?: SyncEnv;
  /** Record types to pull; default: the registry in resources.ts. */
  resources?: () => ResourceDescriptor[];
  maxBatch?: number;
  inWorkerTimeoutMs?: number;
  /** Without Web Locks, a 'sending' entry older than this is taken as abandoned by a closed tab. */
  staleSendingMs?: number;
  /** Focus and write triggers pull at most this often; start, farm switch, login and pushes always pull. */
  minPullIntervalMs?: number;
}

export interface SyncEngine {
  on: SyncEvents['on'];
  getState(): SyncState;
  /** Subscribes the triggers and runs a first sync; given the farm on screen, its data comes in that first pull. */
  start(farmId?: string): Promise<void>;
  stop(): void;
  sync(reason?: SyncReason): Promise<void>;
  /** The user selected a farm: clears other farms' drafts, pulls this farm's data. */
  setFarm(farmId: string): Promise<void>;
  /** After a new login: releases the held queue and sends it. */
  resumeAfterLogin(): Promise<void>;
  retry(entryId: string): Promise<void>;
  discard(entryId: string): Promise<RecordRef[]>;
}

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { db } = options;
  const clock = options.clock ?? systemClock;
  const env = options.env ?? browserEnv();
  const listResources = options.resources ?? registeredResources;
  const events = new SyncEvents();
  let state: SyncState = { online: env.isOnline(), running: false, pending: 0, failed: 0, held: false };
  /**
   * Whether the last request reached the server. `navigator.onLine` only says a network is
   * attached (a phone on a dead Wi-Fi, a page reloaded without signal may say true): a
   * request that got no answer, or that the worker had to keep, shows the phone offline
   * until a request gets through or the browser reports the network back.
   */
  let reached: boolean | undefined;
  const transport: Transport = async (request) => {
    try {
      const answer = await options.transport(request);
      reached = classify({ kind: 'response', ...answer }, request.method).kind !== 'in-worker';
      return answer;
    } catch (error) {
      reached = false;
      throw error;
    }
  };
  const isOnline = () => env.isOnline() && reached !== false;
  let farmId: string | null = null;
  let pullWanted = true;
  let lastPullAt = Number.NEGATIVE_INFINITY;
  let authNotified = false;
  let cancelWake: (() => void) | undefined;
  /** Set by stop(): a run still in flight must not arm a new wake-up after it. */
  let stopped = false;
  const offs: Array<() => void> = [];

  async function publish(patch: Partial<SyncState>): Promise<void> {
    const summary = await readSummary(db);
    const held = (await db.syncState.get('auth'))?.held === true;
    const pending = summary.queued + summary.sending + summary.inWorker + summary.held;
    state = { ...state, ...patch, pending, failed: summary.failed, held, online: isOnline() };
    events.emit('sync:state', state);
  }

  function report(outcome: ApplyOutcome): void {
    for (const ref of outcome.synced) events.emit('sync:record-synced', ref);
    for (const failed of outcome.failed) events.emit('sync:record-failed', failed);
  }

  function authRequired(): void {
    if (authNotified) return;
    authNotified = true;
    events.emit('sync:auth-required', { reason: 'unauthenticated' });
  }

  /** The rest of the lists whose first pull came in part (ADR 0086), asked beside the runs. */
  let filling: Promise<void> | undefined;
  function fillRest(farm: string | null, wanted: ResourceDescriptor[]): void {
    if (filling || stopped) return;
    filling = fillHistory({ db, transport, clock }, wanted, farm)
      .then((results) => {
        if (results.some((r) => r.kind === 'held')) authRequired();
        const pulled = results.filter((r) => r.kind === 'ok').map((r) => r.resource);
        if (pulled.length > 0) events.emit('sync:pulled', { farmId: farm, resources: pulled });
      })
      // Not filled (offline, a refusal): its mark stays, and the next pull asks again.
      .catch((error: unknown) => captureError(error, 'sync'))
      .finally(() => {
        filling = undefined;
      });
  }

  async function pull(): Promise<void> {
    // The request is taken when the pull starts, not when it ends: a farm switch (or any
    // trigger) that asks for a pull while this one is in flight must get its own, for the
    // farm this one did not ask for. Clearing the flag at the end would lose that request.
    pullWanted = false;
    const pulledFor = farmId;
    // Every list in one request (ADR 0065): one round trip on a 150 ms link, one request of
    // the user's rate limit, and the browser's other connections free for the screen's own
    // reads. Each resource keeps its own cursor and transaction.
    const wanted = listResources().filter((r) => r.pull && (r.scope !== 'farm' || pulledFor));
    const results = await pullResources({ db, transport, clock }, wanted, pulledFor);
    const failed = results.some((r) => r.kind === 'held' || r.kind === 'network');
    // Not pulled after all: the next trigger (online, focus, a write) tries again.
    if (failed) pullWanted = true;
    if (results.some((r) => r.kind === 'held')) return authRequired();
    // Offline: what arrived is applied; the rest keep their cursors for the next trigger.
    if (failed) return;
    // An 'error' (e.g. 403 on a feature this role lacks) must not starve the other resources.
    const pulled = results.filter((r) => r.kind === 'ok').map((r) => r.resource);
    lastPullAt = clock.now();
    events.emit('sync:pulled', { farmId: pulledFor, resources: pulled });
    // A new device is ready with the day's records; the older ones follow without holding
    // up the next push (a reading saved meanwhile goes out at once).
    fillRest(pulledFor, wanted);
  }

  const run = singleFlight(
    async (exclusive) => {
      await publish({ running: true });
      try {
        // Holding the cross-context lock, no other drain can be mid-request: every 'sending'
        // is a leftover of a closed tab. Without the lock, only old ones are taken as such.
        await releaseAbandoned(
          db,
          exclusive ? Number.POSITIVE_INFINITY : clock.now() - (options.staleSendingMs ?? 120_000),
        );
        // A large save the app was closed on before it reached the outbox goes first.
        await applyJournal(db);
        const drain = await drainOutbox({
          db,
          transport,
          clock,
          maxBatch: options.maxBatch,
          inWorkerTimeoutMs: options.inWorkerTimeoutMs,
          onOutcome: report,
        });
        if (drain.stop === 'held') authRequired();
        if ((await db.outbox.where('status').equals('in-worker').count()) > 0) {
          // Where Background Sync is missing, the worker replays when asked (and on start-up).
          env.postToWorker?.({ type: 'sync:replay-request' });
        }
        if (drain.requests > 0) pullWanted = true;
        const pullDue = pullWanted || clock.now() - lastPullAt >= (options.minPullIntervalMs ?? 15_000);
        // Entries the worker holds do not hold up the pull: its answer (or its failure, which
        // shows the phone offline) does not wait for the worker's replay.
        if (drain.stop !== 'held' && drain.stop !== 'retry' && pullDue) await pull();
        cancelWake?.();
        cancelWake =
          drain.wakeAt === undefined || stopped
            ? undefined
            : clock.setTimer(() => trigger('timer'), drain.wakeAt - clock.now());
        await publish({
          running: false,
          lastSyncedAt: drain.stop === 'empty' ? clock.now() : state.lastSyncedAt,
        });
      } catch (error) {
        await publish({ running: false });
        throw error;
      }
    },
    { locks: env.locks },
  );

  function sync(reason: SyncReason = 'manual'): Promise<void> {
    if (reason !== 'focus' && reason !== 'write' && reason !== 'timer') pullWanted = true;
    return run();
  }

  function trigger(reason: SyncReason): void {
    sync(reason).catch((error: unknown) => {
      console.error(`sync (${reason}) failed`, error);
      captureError(error, 'sync');
    });
  }

  function onWorkerMessage(data: unknown): void {
    if (!isWorkerToPage(data)) return;
    if (data.type === 'sync:replayed') {
      report(data.outcome);
      events.emit('sync:replayed', { entryIds: data.entryIds, outcome: data.outcome });
      trigger('replayed');
    } else {
      void publish({});
    }
  }

  return {
    on: (event, listener) => events.on(event, listener),
    getState: () => state,
    async start(initialFarm) {
      stopped = false;
      // Pulled for, not switched to: only setFarm (a confirmed farm) clears other farms' drafts.
      farmId = initialFarm ?? null;
      offs.push(
        env.listen('online', () => {
          reached = undefined;
          // The network is back: skip the remaining backoff of everything queued.
          db.outbox
            .where('status')
            .equals('queued')
            .modify({ nextAttemptAt: 0 })
            .catch((error: unknown) => console.error('could not skip the backoff', error))
            .finally(() => trigger('online'));
        }),
        env.listen('offline', () => void publish({})),
        env.listen('focus', () => trigger('focus')),
        watchOutboxWrites(db, () => trigger('write')),
      );
      if (env.onWorkerMessage) offs.push(env.onWorkerMessage(onWorkerMessage));
      await sync('start');
    },
    stop() {
      stopped = true;
      for (const off of offs.splice(0)) off();
      cancelWake?.();
      cancelWake = undefined;
    },
    sync,
    async setFarm(id) {
      // The farm the engine already pulls for (the route's, given at start) only needs its
      // confirmation (other farms' drafts cleared), not a second pull of everything.
      const already = farmId === id;
      farmId = id;
      await switchFarm(db, id);
      if (!already) await sync('farm-switch');
    },
    async resumeAfterLogin() {
      const now = clock.now();
      await db.transaction('rw', db.outbox, db.syncState, async () => {
        await db.outbox.where('status').equals('held').modify({ status: 'queued', nextAttemptAt: now });
        await db.syncState.delete('auth');
      });
      authNotified = false;
      await sync('login');
    },
    async retry(entryId) {
      await retryEntry(db, entryId, clock);
      await sync('manual');
    },
    async discard(entryId) {
      const discarded = await discardEntry(db, entryId);
      await publish({});
      return discarded;
    },
  };
}
