import type { Clock } from '#local/clock';
import { TambakDb } from '#local/db';
import { newId } from '#local/ids';
import type { SyncEnv, SyncTrigger } from '#local/sync/env';
import type { LockManagerLike } from '#local/sync/single-flight';
import type { Transport, TransportRequest, TransportResponse } from '#local/sync/transport';
import type { PageToWorker } from '#local/sync/worker-protocol';

/**
 * Test doubles for the offline layer (used by *.test.ts next to the code and by sw/;
 * never imported by the app). Time only moves when a test says so.
 */

export class ManualClock implements Clock {
  time = Date.UTC(2025, 2, 1, 6, 0, 0);
  randomValue = 0.5;
  private timers: { at: number; fn: () => void; id: number }[] = [];
  private nextId = 1;

  now(): number {
    return this.time;
  }
  random(): number {
    return this.randomValue;
  }
  setTimer(fn: () => void, ms: number): () => void {
    const id = this.nextId++;
    this.timers.push({ at: this.time + Math.max(0, ms), fn, id });
    return () => {
      this.timers = this.timers.filter((t) => t.id !== id);
    };
  }
  /** Moves time forward and fires the timers that came due, in order. */
  advance(ms: number): void {
    this.time += ms;
    const due = this.timers.filter((t) => t.at <= this.time).sort((a, b) => a.at - b.at);
    this.timers = this.timers.filter((t) => t.at > this.time);
    for (const t of due) t.fn();
  }
  get pendingTimers(): number {
    return this.timers.length;
  }
}

/** A fresh database per test (fake-indexeddb must be loaded by the test file first). */
export function testDb(): TambakDb {
  return new TambakDb(`tambak-test-${newId()}`);
}

export type Handler = (request: TransportRequest) => TransportResponse | Promise<TransportResponse>;

/** A transport that records every request and answers with `handler` (swap it any time). */
export class FakeServer {
  requests: TransportRequest[] = [];
  inFlight = 0;
  maxInFlight = 0;
  /** Resolves requests only when the test releases them (see `hold`). */
  private gate: Promise<void> | undefined;
  private release: (() => void) | undefined;

  constructor(public handler: Handler = bulkOk) {}

  transport: Transport = async (request) => {
    this.requests.push(request);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      if (this.gate) await this.gate;
      return await this.handler(request);
    } finally {
      this.inFlight--;
    }
  };

  /** Requests wait until the returned function is called. */
  hold(): () => void {
    this.gate = new Promise((resolve) => {
      this.release = resolve;
    });
    return () => {
      this.gate = undefined;
      this.release?.();
    };
  }
}

export const offline: Handler = () => {
  throw new TypeError('Failed to fetch');
};

/** Every bulk item ok; other writes answer 200 with the body echoed as data; GET lists are empty. */
export function bulkOk(request: TransportRequest): TransportResponse {
  if (request.method === 'GET') return { status: 200, body: { message: 'ok', data: [], server_time: 'T0' } };
  const items = (request.body as { items?: { id?: string }[] } | undefined)?.items;
  if (items)
    return {
      status: 200,
      body: { message: 'ok', data: { results: items.map((i) => ({ id: i.id, status: 'ok' })) } },
    };
  return { status: 200, body: { message: 'ok', data: request.body ?? null } };
}

export function status(
  code: number,
  body: unknown = { message: `status ${code}`, code: 'internal' },
): Handler {
  return () => ({ status: code, body });
}

/** Drives the engine's triggers by hand. */
export class TestEnv implements SyncEnv {
  online = true;
  posted: PageToWorker[] = [];
  private listeners = new Map<string, Set<() => void>>();
  private workerListeners = new Set<(data: unknown) => void>();

  constructor(public locks?: LockManagerLike) {}

  isOnline(): boolean {
    return this.online;
  }
  listen(trigger: SyncTrigger, fn: () => void): () => void {
    const set = this.listeners.get(trigger) ?? new Set();
    this.listeners.set(trigger, set);
    set.add(fn);
    return () => set.delete(fn);
  }
  fire(trigger: SyncTrigger): void {
    if (trigger === 'online') this.online = true;
    if (trigger === 'offline') this.online = false;
    for (const fn of this.listeners.get(trigger) ?? []) fn();
  }
  onWorkerMessage(fn: (data: unknown) => void): () => void {
    this.workerListeners.add(fn);
    return () => this.workerListeners.delete(fn);
  }
  fromWorker(data: unknown): void {
    for (const fn of this.workerListeners) fn(data);
  }
  postToWorker(message: PageToWorker): void {
    this.posted.push(message);
  }
}

/** An in-memory Web Locks stand-in shared by several engines (tabs) and a worker. */
export class FakeLocks implements LockManagerLike {
  private tail = new Map<string, Promise<unknown>>();
  async request<T>(name: string, callback: () => Promise<T>): Promise<T> {
    const previous = this.tail.get(name) ?? Promise.resolve();
    const run = previous.then(callback, callback);
    this.tail.set(
      name,
      run.catch(() => undefined),
    );
    return run;
  }
}
