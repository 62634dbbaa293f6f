import 'fake-indexeddb/auto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createRepository } from '#local/repository';
import { WATER_GENERAL } from '#local/resources';
import { createSyncEngine } from '#local/sync/engine';
import { readSummary } from '#local/sync/summary';
import { createFetchTransport } from '#local/sync/transport';
import { TestEnv, testDb } from '#local/test-kit';
import {
  freePort,
  freshDatabase,
  SERVER_START_TIMEOUT_MS,
  ServerProcess,
} from '#test/helpers/server-process';

const READINGS = 300;
let server: ServerProcess;
let token = '';
let farmId = '';
let pondId = '';

async function call(method: string, path: string, body?: unknown, auth = true) {
  const res = await fetch(`${server.baseUrl}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

beforeAll(async () => {
  server = new ServerProcess(await freshDatabase(inject('pgBaseUrl')), await freePort());
  await server.start();
  const email = 'crash@example.com';
  await call(
    'POST',
    '/registrasi',
    { username: 'Teknisi', email, password: 'rahasia-123', password_confirmation: 'rahasia-123' },
    false,
  );
  await call('POST', '/login/email', { email, password: 'rahasia-123' }, false);
  const outbox = await call('GET', `/dev/outbox?to=${email}`, undefined, false);
  const code = outbox.find((m: { body: string }) => /\d{6}/.test(m.body)).body.match(/(\d{6})/)[1];
  token = (await call('POST', '/login/otp', { email, code }, false)).token;
  farmId = (await call('POST', '/farm/add', { name: 'Tambak Crash' })).farm_id;
  const block = await call('POST', '/block', { farm_id: farmId, block_name: 'Blok A' });
  pondId = (
    await call('POST', '/pond', { farm_id: farmId, block_id: block.block_id, name: 'Kolam 1', area: 2500 })
  ).pond_id;
}, SERVER_START_TIMEOUT_MS);

afterAll(() => server.kill());

describe('sync when the server dies mid-sync', () => {
  it('delivers every queued reading exactly once after a SIGKILL and restart', async () => {
    const db = testDb();
    const readings = createRepository(WATER_GENERAL, db);
    const base = Date.parse('2026-11-20T06:00:00+07:00');
    await readings.create(
      Array.from({ length: READINGS }, (_, i) => ({
        farm_id: farmId,
        pond_id: pondId,
        measured_at: new Date(base + i * 60_000).toISOString(),
        ph: 7.5 + (i % 10) / 10,
        do: 5,
        temperature: 29,
        salinity: 20,
      })),
    );

    // The second bulk POST is cut by a SIGKILL right after it left: whether the server
    // committed it is unknown to the device, the case replays must survive.
    let bulkPosts = 0;
    const fetchFn: typeof fetch = async (input, init) => {
      const url = `${server.baseUrl}${String(input)}`;
      if (init?.method === 'POST' && url.endsWith('/bulk')) {
        bulkPosts += 1;
        if (bulkPosts === 2) {
          const inFlight = fetch(url, init);
          inFlight.catch(() => {}); // observed by the transport below; avoid an unhandled rejection meanwhile
          await server.kill();
          return inFlight;
        }
      }
      return fetch(url, init);
    };
    const env = new TestEnv();
    const engine = createSyncEngine({
      db,
      env,
      maxBatch: 100,
      transport: createFetchTransport({ getToken: () => token, fetchFn, timeoutMs: 10_000 }),
      resources: () => [],
    });

    await engine.sync('manual');
    const afterCrash = await readSummary(db);
    expect(afterCrash.queued + afterCrash.sending).toBeGreaterThan(0);

    await server.start();
    // 'online' skips the backoff wait, as when the phone gets signal back.
    const deadline = Date.now() + 30_000;
    while ((await readSummary(db)).queued > 0 && Date.now() < deadline) {
      env.fire('online');
      await engine.sync('online');
    }
    const stuck = await db.outbox.toArray();
    if (stuck.length > 0)
      console.log(
        'left in outbox',
        stuck.map((e) => [e.status, e.attempts, e.lastError, e.nextAttemptAt - Date.now()]),
      );
    engine.stop();

    const summary = await readSummary(db);
    expect(summary).toMatchObject({ queued: 0, sending: 0, failed: 0 });
    const local = await db.mirror('waterGeneral').toArray();
    expect(local.filter((r) => r._status === 'synced')).toHaveLength(READINGS);

    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    const { rows } = await client.query(
      'SELECT count(*)::int AS n, count(DISTINCT id)::int AS ids FROM water_general WHERE farm_id = $1',
      [farmId],
    );
    await client.end();
    expect(rows[0]).toEqual({ n: READINGS, ids: READINGS });
  }, 60_000);
});
