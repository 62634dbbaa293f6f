import type { Clock } from '#local/clock';
import { TambakDb } from '#local/db';
import { newId } from '#local/ids';
import type { SyncEnv, SyncTrigger } from '#local/sync/env';
import { SYNC_PULL_URL } from '#local/sync/pull';
import type { LockManagerLike } from '#local/sync/single-flight';
import type { Transport, TransportRequest, TransportResponse } from '#local/sync/transport';
import { HEADER_IDEMPOTENCY, type PageToWorker } from '#local/sync/worker-protocol';
import {
  clampEditedAt,
  type FieldClock,
  type FieldConflict,
  type FieldHistoryEntry,
  MERGE_HEADERS,
  mergePatch,
  type PatchMeta,
} from '#shared/sync/field-merge';

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

/** A death record of farm `f1` as the server lists it (the pull tests' list of choice). */
export const deathRecord = (death_id: string, count: number, updated_at = '2026-01-01T00:00:00.000Z') => ({
  death_id,
  farm_id: 'f1',
  pond_id: 'p1',
  stock_id: 's1',
  died_on: '2026-01-01',
  count,
  updated_at,
  deleted_at: null,
});

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

  /** Batched pulls received (`POST /api/sync/pull`); their lists are in `requests` as GETs. */
  batches = 0;

  transport: Transport = async (request) => {
    const batch = request.method === 'POST' && request.url === SYNC_PULL_URL;
    if (batch) this.batches++;
    else this.requests.push(request);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      if (this.gate) await this.gate;
      return batch ? await this.batch(request) : await this.handler(request);
    } finally {
      this.inFlight--;
    }
  };

  /**
   * The batched pull as the server answers it: each list by the handler as its own GET,
   * in order; a list the handler cannot answer (offline) fails the whole request, and a
   * 401 on any is the batch's 401 (the server checks the session first).
   */
  private async batch(request: TransportRequest): Promise<TransportResponse> {
    const { requests } = request.body as { requests: { key: string; url: string }[] };
    const answers: { key: string; status: number; body: unknown }[] = [];
    for (const { key, url } of requests) {
      const inner: TransportRequest = { method: 'GET', url, headers: request.headers };
      this.requests.push(inner);
      const answer = await this.handler(inner);
      if (answer.status === 401) return answer;
      answers.push({ key, ...answer });
    }
    return { status: 200, body: { message: 'ok', data: { answers, pending: [] } } };
  }

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

/** One request the merging fake server saw for an edit, as the device sent it. */
export interface PatchLogEntry {
  id: string;
  device: string | null;
  baseVersion: number | null;
  fields: Record<string, unknown>;
  /** The record's version after this edit (unchanged when nothing was written). */
  version: number;
}

interface StoredRecord {
  values: Record<string, unknown>;
  version: number;
  clocks: Record<string, FieldClock>;
  conflicts: FieldConflict[];
  deleted: boolean;
  updatedAt: number;
}

/**
 * An in-memory server for one record type that merges edits with THE server's merge
 * function (`mergePatch` from src/shared/sync/field-merge.ts, the one
 * src/server/sync/record-merge.ts runs), remembers answers per Idempotency-Key like
 * src/server/idempotency.ts, upserts creates by id and soft-deletes. Used by the sync
 * property tests; `handler(user)` is a FakeServer handler for one signed-in user.
 */
export class MergingServer {
  readonly records = new Map<string, StoredRecord>();
  readonly history: FieldHistoryEntry[] = [];
  readonly patches: PatchLogEntry[] = [];
  private readonly answers = new Map<string, TransportResponse>();
  private tick = 0;

  constructor(
    private readonly key = 'id',
    private readonly now: () => number = () => Date.UTC(2025, 2, 1, 6, 0, 0),
  ) {}

  /** Seeds a record as if created long ago (version 1). */
  seed(values: Record<string, unknown>): void {
    this.records.set(String(values[this.key]), {
      values: { ...values },
      version: 1,
      clocks: {},
      conflicts: [],
      deleted: false,
      updatedAt: this.tick++,
    });
  }

  /** A record as the API answers it. */
  view(id: string): Record<string, unknown> | undefined {
    const r = this.records.get(id);
    if (!r) return undefined;
    return {
      ...r.values,
      version: r.version,
      conflicts: r.conflicts,
      deleted_at: r.deleted ? 'deleted' : null,
    };
  }

  handler(user: { id: string; name: string }): Handler {
    return (request) => {
      const key = request.headers?.[HEADER_IDEMPOTENCY];
      const memo = key ? `${user.id}:${request.method}:${request.url}:${key}` : undefined;
      const stored = memo ? this.answers.get(memo) : undefined;
      if (stored) return structuredClone(stored);
      const answer = this.answer(request, user);
      if (memo && answer.status < 300) this.answers.set(memo, structuredClone(answer));
      return answer;
    };
  }

  private answer(request: TransportRequest, user: { id: string; name: string }): TransportResponse {
    if (request.method === 'GET') {
      const data = [...this.records.keys()].map((id) => this.view(id));
      return { status: 200, body: { message: 'ok', data, server_time: `T${this.tick}` } };
    }
    const items = (request.body as { items?: Record<string, unknown>[] } | undefined)?.items;
    if (request.method === 'POST' && items) {
      for (const item of items) if (!this.records.has(String(item[this.key]))) this.seed(item);
      const results = items.map((i) => ({ id: i[this.key], status: 'ok' }));
      return { status: 200, body: { message: 'ok', data: { results } } };
    }
    const id = decodeURIComponent(request.url.split('/').at(-2) ?? '');
    const record = this.records.get(id);
    if (!record || record.deleted) return { status: 404, body: { message: 'gone', code: 'not-found' } };
    if (request.method === 'DELETE') {
      record.deleted = true;
      record.updatedAt = this.tick++;
      return { status: 200, body: { message: 'ok', data: null } };
    }
    const h = request.headers ?? {};
    const base = h[MERGE_HEADERS.baseVersion];
    const meta: PatchMeta = {
      baseVersion: base === undefined ? null : Number(base),
      editedAt: clampEditedAt(h[MERGE_HEADERS.editedAt], new Date(this.now())),
      device: h[MERGE_HEADERS.device] ?? null,
      userId: user.id,
      userName: user.name,
    };
    const fields = request.body as Record<string, unknown>;
    const result = mergePatch(record, fields, meta);
    Object.assign(record.values, result.changes);
    record.version = result.version;
    record.clocks = result.clocks;
    record.conflicts = result.conflicts;
    if (result.changed) record.updatedAt = this.tick++;
    this.history.push(...result.history.map((e) => ({ ...e, record: id })));
    this.patches.push({
      id,
      device: meta.device,
      baseVersion: meta.baseVersion,
      fields,
      version: record.version,
    });
    return { status: 200, body: { message: 'ok', data: this.view(id) } };
  }
}
