import { type ApiClient, ApiError, api as defaultApi } from '#local/api-client';
import { type ErrorQueueRow, getDb, type TambakDb } from '#local/db';
import { newId } from '#local/ids';
import { browserStorage, type KeyValueStorage } from '#local/session-store';
import type { ErrorConfig, ErrorReportBody } from '#shared/contracts/errors';
import {
  DEFAULT_ERROR_SAMPLE_RATE,
  ERROR_REPORT_MAX_EVENTS,
  ERROR_REPORT_MAX_SESSIONS,
} from '#shared/domain/error-tracing';
import type { Caught, CaughtSink } from './capture.ts';
import { scrubError } from './scrub.ts';

/**
 * The lazy half of error tracing (ADR 0067): scrubs what capture.ts caught, queues it in
 * Dexie (one row per error and session, repeats counted, so a crash loop is one row),
 * records this app start, and sends the queue in batches when there is signal: on start,
 * a moment after an error, and when the network comes back. Sampling is per session: a
 * session draws a number once, and its rows are sent only while it is below the sample
 * rate the server answers at sending time (0: nothing is sent, the queue is emptied).
 */

/** An error-report id of this browser, random and used for nothing else (not the sync device id). */
const DEVICE_KEY = 'tambak:error-device';
/** A queue that never gets signal keeps this many rows; later errors are not kept. */
export const ERROR_QUEUE_MAX = 200;
/** Errors a moment apart leave in one report. */
const SEND_DELAY_MS = 2000;
/** Batches one send may make (a long offline spell's queue leaves over several sends). */
const MAX_BATCHES = 5;

export interface ReporterOptions {
  release: string;
  db?: TambakDb;
  api?: Pick<ApiClient, 'get' | 'post'>;
  online?: () => boolean;
  storage?: KeyValueStorage | null;
  random?: () => number;
  now?: () => number;
  /** Schedules a send; the default is a timer. */
  later?: (send: () => void, ms: number) => void;
}

export type SendOutcome = 'offline' | 'sent' | 'sampled-out' | 'empty' | 'failed';

export interface Reporter {
  sink: CaughtSink;
  /** Queues one error (scrubbed). */
  capture(caught: Caught): Promise<void>;
  /** Queues this app start (a session of the crash-free share). */
  recordStart(): Promise<void>;
  /** Sends what is queued, if there is signal. */
  send(): Promise<SendOutcome>;
  sessionId: string;
}

function errorDeviceId(storage: KeyValueStorage | null): string {
  const known = storage?.getItem(DEVICE_KEY);
  if (known && /^[A-Za-z0-9_-]{8,64}$/.test(known)) return known;
  const id = newId();
  storage?.setItem(DEVICE_KEY, id);
  return id;
}

/** Rows the server refuses whatever happens (400, 413) are dropped; others wait for the next send. */
const hopeless = (error: unknown) =>
  error instanceof ApiError && (error.status === 400 || error.status === 413);

export function createReporter(options: ReporterOptions): Reporter {
  const db = options.db ?? getDb();
  const api = options.api ?? defaultApi;
  const online = options.online ?? (() => globalThis.navigator?.onLine !== false);
  const storage = options.storage === undefined ? browserStorage() : options.storage;
  const now = options.now ?? Date.now;
  const later = options.later ?? ((send, ms) => void setTimeout(send, ms));
  const sample = (options.random ?? Math.random)();
  const sessionId = newId();
  const { release } = options;
  let sending: Promise<SendOutcome> | null = null;
  let scheduled = false;

  async function capture(caught: Caught): Promise<void> {
    const error = scrubError(caught.kind, caught.error);
    const top = error.frames[0];
    const at = new Date(caught.at).toISOString();
    const key = `e|${sessionId}|${error.kind}|${error.name}|${error.message}|${top ? `${top.file}:${top.line}:${top.col}` : ''}`;
    await db.transaction('rw', db.errorQueue, async () => {
      const row = await db.errorQueue.get(key);
      if (row?.type === 'event') {
        row.event.count += 1;
        row.event.last_seen = at;
        await db.errorQueue.put(row);
        return;
      }
      if ((await db.errorQueue.count()) >= ERROR_QUEUE_MAX) return;
      await db.errorQueue.put({
        key,
        release,
        sample,
        type: 'event',
        event: {
          ...error,
          route: caught.route,
          session_id: sessionId,
          count: 1,
          first_seen: at,
          last_seen: at,
        },
      });
    });
    if (!scheduled) {
      scheduled = true;
      later(() => {
        scheduled = false;
        void send();
      }, SEND_DELAY_MS);
    }
  }

  async function recordStart(): Promise<void> {
    await db.errorQueue.put({
      key: `s|${sessionId}`,
      release,
      sample,
      type: 'session',
      session: { session_id: sessionId, started_at: new Date(now()).toISOString() },
    });
  }

  async function sendOnce(): Promise<SendOutcome> {
    if (!online()) return 'offline';
    const rate = (await api.get<ErrorConfig>('/errors/config'))?.sample_rate ?? DEFAULT_ERROR_SAMPLE_RATE;
    const rows = await db.errorQueue.toArray();
    if (rows.length === 0) return 'empty';
    const out = rows.filter((row) => row.sample >= rate);
    if (out.length > 0) await db.errorQueue.bulkDelete(out.map((row) => row.key));
    let queued = rows.filter((row) => row.sample < rate);
    if (queued.length === 0) return 'sampled-out';
    const deviceId = errorDeviceId(storage);
    for (let batch = 0; batch < MAX_BATCHES && queued.length > 0; batch += 1) {
      // One release a report: rows queued before an update leave in their own.
      const batchRelease = queued[0].release;
      const events: ErrorQueueRow[] = [];
      const sessions: ErrorQueueRow[] = [];
      for (const row of queued) {
        if (row.release !== batchRelease) continue;
        if (row.type === 'event' && events.length < ERROR_REPORT_MAX_EVENTS) events.push(row);
        if (row.type === 'session' && sessions.length < ERROR_REPORT_MAX_SESSIONS) sessions.push(row);
      }
      const body: ErrorReportBody = {
        device_id: deviceId,
        release: batchRelease,
        sessions: sessions.flatMap((row) => (row.type === 'session' ? [row.session] : [])),
        events: events.flatMap((row) => (row.type === 'event' ? [row.event] : [])),
      };
      const keys = [...events, ...sessions].map((row) => row.key);
      try {
        await api.post('/errors/report', body);
      } catch (error) {
        if (!hopeless(error)) return 'failed';
      }
      await db.errorQueue.bulkDelete(keys);
      const sent = new Set(keys);
      queued = queued.filter((row) => !sent.has(row.key));
    }
    return 'sent';
  }

  function send(): Promise<SendOutcome> {
    sending ??= sendOnce()
      .catch((error: unknown) => {
        console.warn('error reports not sent', error);
        return 'failed' as const;
      })
      .finally(() => {
        sending = null;
      });
    return sending;
  }

  return {
    sessionId,
    capture,
    recordStart,
    send,
    sink: (caught) => void capture(caught).catch((error: unknown) => console.warn('error not queued', error)),
  };
}

/**
 * Starts the reporter of this page: records the app start (crash-free sessions), sends
 * what earlier sessions left, and sends again whenever the network comes back.
 */
export function startReporter(release: string): CaughtSink {
  const reporter = createReporter({ release });
  void reporter
    .recordStart()
    .then(() => reporter.send())
    .catch((error: unknown) => console.warn('session start not queued', error));
  addEventListener('online', () => void reporter.send());
  return reporter.sink;
}
