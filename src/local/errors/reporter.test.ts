import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '#local/api-client';
import type { TambakDb } from '#local/db';
import { testDb } from '#local/test-kit';
import type { ErrorReportBody } from '#shared/contracts/errors';
import type { Caught } from './capture.ts';
import { createReporter, ERROR_QUEUE_MAX, type ReporterOptions } from './reporter.ts';

const dbs: TambakDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

/** A server that answers the sample rate and records the reports (or refuses them). */
function fakeApi(rate: number) {
  const reports: ErrorReportBody[] = [];
  let refuse: ApiError | null = null;
  return {
    reports,
    refuseWith(error: ApiError | null) {
      refuse = error;
    },
    api: {
      get: async <T>(path: string) => {
        if (path !== '/errors/config') throw new Error(path);
        return { sample_rate: rate } as T;
      },
      post: async <T>(path: string, body?: unknown) => {
        if (path !== '/errors/report') throw new Error(path);
        if (refuse) throw refuse;
        reports.push(body as ErrorReportBody);
        return { message: 'ok', data: { stored: 1, dropped: 0 } as T };
      },
    },
  };
}

function setup(options: Partial<ReporterOptions> & { rate: number; draw: number; online?: () => boolean }) {
  const db = testDb();
  dbs.push(db);
  const server = fakeApi(options.rate);
  const scheduled: (() => void)[] = [];
  const storage = new Map<string, string>();
  const reporter = createReporter({
    release: 'r1',
    db,
    api: server.api,
    random: () => options.draw,
    online: options.online ?? (() => true),
    storage: {
      getItem: (k) => storage.get(k) ?? null,
      setItem: (k, v) => void storage.set(k, v),
      removeItem: (k) => void storage.delete(k),
    },
    later: (send) => void scheduled.push(send),
    ...options,
  });
  return { db, server, reporter, scheduled };
}

const boom = (message = 'Boom for ani@example.com', at = 1_764_000_000_000): Caught => {
  const error = new Error(message);
  error.stack = `Error: ${message}\n    at f (https://tambak.example/assets/a-1.js:1:2)`;
  return { kind: 'boundary', error, route: '/admin/errors', at };
};

describe('error reporter: queue', () => {
  it('stores scrubbed errors offline, one row per error and session with a count', async () => {
    let online = false;
    const { db, reporter, server, scheduled } = setup({ rate: 1, draw: 0.3, online: () => online });
    await reporter.recordStart();
    await reporter.capture(boom());
    await reporter.capture(boom('Boom for ani@example.com', 1_764_000_060_000));
    expect(scheduled).toHaveLength(1);
    expect(await reporter.send()).toBe('offline');
    const rows = await db.errorQueue.toArray();
    expect(rows).toHaveLength(2);
    const event = rows.find((r) => r.type === 'event');
    expect(event?.type === 'event' && event.event).toMatchObject({
      message: 'Boom for [email]',
      count: 2,
      route: '/admin/errors',
      first_seen: new Date(1_764_000_000_000).toISOString(),
      last_seen: new Date(1_764_000_060_000).toISOString(),
      frames: [{ fn: 'f', file: '/assets/a-1.js', line: 1, col: 2 }],
    });
    expect(JSON.stringify(rows)).not.toContain('ani@example.com');
    expect(server.reports).toHaveLength(0);

    online = true;
    expect(await reporter.send()).toBe('sent');
    expect(server.reports).toHaveLength(1);
    expect(server.reports[0]).toMatchObject({
      release: 'r1',
      sessions: [{ session_id: reporter.sessionId }],
      events: [{ message: 'Boom for [email]', count: 2, session_id: reporter.sessionId }],
    });
    expect(await db.errorQueue.count()).toBe(0);
  });

  it('keeps at most ERROR_QUEUE_MAX rows, counting repeats of those kept', async () => {
    const { db, reporter } = setup({ rate: 1, draw: 0.1, online: () => false });
    for (let i = 0; i < ERROR_QUEUE_MAX + 5; i += 1)
      await reporter.capture(
        boom(`Boom ${String.fromCharCode(65 + (i % 26))}${'x'.repeat(Math.floor(i / 26))}`),
      );
    expect(await db.errorQueue.count()).toBe(ERROR_QUEUE_MAX);
  });

  it('keeps the queue when the server is away and drops what it refuses for good', async () => {
    const { db, reporter, server } = setup({ rate: 1, draw: 0.1 });
    await reporter.capture(boom());
    server.refuseWith(new ApiError(503, 'internal', 'down'));
    expect(await reporter.send()).toBe('failed');
    expect(await db.errorQueue.count()).toBe(1);
    server.refuseWith(new ApiError(400, 'validation-failed', 'bad'));
    expect(await reporter.send()).toBe('sent');
    expect(await db.errorQueue.count()).toBe(0);
  });
});

describe('error reporter: sampling per session', () => {
  it('sends a session whose draw is below the rate', async () => {
    const { reporter, server } = setup({ rate: 0.5, draw: 0.49 });
    await reporter.recordStart();
    await reporter.capture(boom());
    expect(await reporter.send()).toBe('sent');
    expect(server.reports[0].events).toHaveLength(1);
    expect(server.reports[0].sessions).toHaveLength(1);
  });

  it('sends nothing of a session at or above the rate, and empties its queue', async () => {
    const { db, reporter, server } = setup({ rate: 0.5, draw: 0.5 });
    await reporter.recordStart();
    await reporter.capture(boom());
    expect(await reporter.send()).toBe('sampled-out');
    expect(server.reports).toHaveLength(0);
    expect(await db.errorQueue.count()).toBe(0);
  });

  it('sends nothing at rate 0', async () => {
    const { reporter, server } = setup({ rate: 0, draw: 0 });
    await reporter.recordStart();
    await reporter.capture(boom());
    expect(await reporter.send()).toBe('sampled-out');
    expect(server.reports).toHaveLength(0);
  });
});
