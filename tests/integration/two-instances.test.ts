import 'fake-indexeddb/auto';
import { createServer } from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import type { TambakDb } from '#local/db';
import { createRepository } from '#local/repository';
import { WATER_GENERAL } from '#local/resources';
import { createSyncEngine, type SyncEngine } from '#local/sync/engine';
import { readSummary } from '#local/sync/summary';
import { createFetchTransport } from '#local/sync/transport';
import { TestEnv, testDb } from '#local/test-kit';
import { LoopbackProxy } from '#test/helpers/loopback-proxy';
import {
  freePort,
  freshDatabase,
  SERVER_START_TIMEOUT_MS,
  ServerProcess,
} from '#test/helpers/server-process';

/**
 * Two server processes on ONE database behind a round-robin proxy on loopback: the
 * instances are stateless, so a device syncing through the proxy (every request to the
 * other instance) stores every reading exactly once, a second device pulls each exactly
 * once, a SIGKILLed instance mid-sync loses nothing, and a session from one instance is
 * valid on the other until a logout on either ends it on both.
 */

const FIRST = 120;
const SECOND = 150;
let servers: ServerProcess[] = [];
let proxy: LoopbackProxy;
let databaseUrl = '';
let token = '';
let farmId = '';
let pondId = '';

async function call(base: string, method: string, path: string, body?: unknown, auth = true) {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

function device(fetchFn?: typeof fetch): { db: TambakDb; engine: SyncEngine } {
  const db = testDb();
  const env = new TestEnv();
  const engine = createSyncEngine({
    db,
    env,
    maxBatch: 20,
    transport: createFetchTransport({
      getToken: () => token,
      fetchFn: fetchFn ?? ((input, init) => fetch(`${proxy.url}${String(input)}`, init)),
      timeoutMs: 10_000,
    }),
    resources: () => [WATER_GENERAL],
  });
  return { db, engine };
}

/**
 * Syncs until the outbox is empty: a condition, bounded by count and time. Before each
 * run the remaining backoff is skipped, as the engine does on `online` (signal is back).
 */
async function syncUntilEmpty(d: { db: TambakDb; engine: SyncEngine }): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (let i = 0; i < 200 && Date.now() < deadline; i++) {
    const s = await readSummary(d.db);
    if (s.queued + s.sending === 0) return;
    await d.db.outbox.where('status').equals('queued').modify({ nextAttemptAt: 0 });
    await d.engine.sync('online');
  }
  throw new Error(`outbox not empty: ${JSON.stringify(await readSummary(d.db))}`);
}

function readingsFrom(start: number, count: number) {
  // Within the 30 days the device mirrors, so a pull brings every one of them.
  const base = Date.now() - 3 * 86_400_000;
  return Array.from({ length: count }, (_, k) => {
    const i = start + k;
    return {
      farm_id: farmId,
      pond_id: pondId,
      measured_at: new Date(base + i * 60_000).toISOString(),
      ph: 7 + (i % 10) / 10,
      do: 5,
      temperature: 29,
    };
  });
}

async function serverRows(): Promise<{ n: number; ids: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      'SELECT count(*)::int AS n, count(DISTINCT id)::int AS ids FROM water_general WHERE farm_id = $1',
      [farmId],
    );
    return rows[0];
  } finally {
    await client.end();
  }
}

async function pulledIds(): Promise<string[]> {
  const reader = device();
  await reader.engine.setFarm(farmId);
  const rows = await reader.db.mirror('waterGeneral').toArray();
  reader.engine.stop();
  return rows.map((r) => String(r.id));
}

beforeAll(async () => {
  databaseUrl = await freshDatabase(inject('pgBaseUrl'));
  servers = [
    new ServerProcess(databaseUrl, await freePort()),
    new ServerProcess(databaseUrl, await freePort()),
  ];
  await Promise.all(servers.map((s) => s.start()));
  proxy = new LoopbackProxy(servers.map((s) => ({ host: '127.0.0.1', port: s.port })));
  await proxy.listen();

  // Sign-up through the proxy: the login and its code land on different instances.
  const email = 'dua@example.com';
  const P = proxy.url;
  await call(
    P,
    'POST',
    '/registrasi',
    { username: 'Dua', email, password: 'rahasia-123', password_confirmation: 'rahasia-123' },
    false,
  );
  await call(P, 'POST', '/login/email', { email, password: 'rahasia-123' }, false);
  const outbox = await call(P, 'GET', `/dev/outbox?to=${email}`, undefined, false);
  const code = outbox.find((m: { body: string }) => /\d{6}/.test(m.body)).body.match(/(\d{6})/)[1];
  token = (await call(P, 'POST', '/login/otp', { email, code }, false)).token;
  farmId = (await call(P, 'POST', '/farm/add', { name: 'Tambak Dua' })).farm_id;
  const block = await call(P, 'POST', '/block', { farm_id: farmId, block_name: 'Blok A' });
  pondId = (
    await call(P, 'POST', '/pond', { farm_id: farmId, block_id: block.block_id, name: 'Kolam 1', area: 900 })
  ).pond_id;
}, SERVER_START_TIMEOUT_MS);

afterAll(async () => {
  await proxy?.close();
  await Promise.all(servers.map((s) => s.kill()));
});

describe('two instances on one database behind a round-robin proxy', () => {
  it('accepts a session issued by one instance on the other', async () => {
    // The OTP answer above came from one instance; ask each instance directly.
    for (const server of servers) {
      const farms = await call(server.baseUrl, 'GET', '/farm');
      expect(farms.map((f: { farm_id: string }) => f.farm_id)).toContain(farmId);
    }
    // A session made by instance 0 (a fresh login there) works on instance 1.
    const otherToken = token;
    const email = 'dua@example.com';
    await call(servers[0]!.baseUrl, 'POST', '/login/email', { email, password: 'rahasia-123' }, false);
    const outbox = await call(servers[0]!.baseUrl, 'GET', `/dev/outbox?to=${email}`, undefined, false);
    const code = outbox.find((m: { body: string }) => /\d{6}/.test(m.body)).body.match(/(\d{6})/)[1];
    const fromZero = (await call(servers[0]!.baseUrl, 'POST', '/login/otp', { email, code }, false)).token;
    token = fromZero;
    expect((await call(servers[1]!.baseUrl, 'GET', '/farm')).length).toBe(1);
    // Instance 1 now trusts that session for a few seconds without reading it; a logout
    // on instance 0 reaches it through NOTIFY well before that cache time runs out.
    await call(servers[0]!.baseUrl, 'POST', '/logout', {});
    const status = () =>
      fetch(`${servers[1]!.baseUrl}/api/farm`, { headers: { authorization: `Bearer ${fromZero}` } }).then(
        (r) => r.status,
      );
    const deadline = Date.now() + 3_000; // the cache would keep it for 10 s
    let last = await status();
    while (last !== 401 && Date.now() < deadline) {
      await new Promise((r) => setImmediate(r));
      last = await status();
    }
    expect(last).toBe(401);
    token = otherToken;
  });

  it('stores and delivers every reading exactly once while requests alternate instances', async () => {
    const writer = device();
    await createRepository(WATER_GENERAL, writer.db).create(readingsFrom(0, FIRST));
    const before = proxy.log.length;
    await syncUntilEmpty(writer);
    writer.engine.stop();

    const during = proxy.log.slice(before);
    const bulk = during.filter((e) => e.method === 'POST' && e.url.endsWith('/bulk'));
    expect(bulk.length).toBe(FIRST / 20);
    // Round robin: consecutive requests never hit the same instance, and both served bulk writes.
    for (let i = 1; i < during.length; i++) expect(during[i]!.backend).not.toBe(during[i - 1]!.backend);
    expect(new Set(bulk.map((e) => e.backend))).toEqual(new Set([0, 1]));

    expect(await readSummary(writer.db)).toMatchObject({ queued: 0, sending: 0, failed: 0 });
    expect(await serverRows()).toEqual({ n: FIRST, ids: FIRST });
    const ids = await pulledIds();
    expect(ids).toHaveLength(FIRST);
    expect(new Set(ids).size).toBe(FIRST);
    const written = (await writer.db.mirror('waterGeneral').toArray()).map((r) => String(r.id)).sort();
    expect([...ids].sort()).toEqual(written);
  }, 60_000);

  it('loses and doubles nothing when one instance is SIGKILLed mid-sync', async () => {
    let bulkPosts = 0;
    let killed = -1;
    const fetchFn: typeof fetch = async (input, init) => {
      const url = `${proxy.url}${String(input)}`;
      if (init?.method === 'POST' && url.endsWith('/bulk')) {
        bulkPosts += 1;
        if (bulkPosts === 3) {
          // The request leaves; the instance it is routed to may die under it.
          const inFlight = fetch(url, init);
          inFlight.catch(() => {});
          killed = 0;
          await servers[0]!.kill();
          return inFlight;
        }
      }
      return fetch(url, init);
    };
    const writer = device(fetchFn);
    await createRepository(WATER_GENERAL, writer.db).create(readingsFrom(FIRST, SECOND));
    const before = proxy.log.length;
    await syncUntilEmpty(writer);
    writer.engine.stop();
    expect(killed).toBe(0);

    // After the kill the proxy skipped the dead instance and everything went to the live one.
    const after = proxy.log.slice(before);
    const killedAt = after.findIndex((e) => e.skipped.includes(0));
    expect(killedAt).toBeGreaterThanOrEqual(0);
    for (const e of after.slice(killedAt)) expect(e.backend).toBe(1);

    expect(await readSummary(writer.db)).toMatchObject({ queued: 0, sending: 0, failed: 0 });
    const synced = (await writer.db.mirror('waterGeneral').toArray()).filter((r) => r._status === 'synced');
    expect(synced).toHaveLength(SECOND);
    expect(await serverRows()).toEqual({ n: FIRST + SECOND, ids: FIRST + SECOND });
    const ids = await pulledIds();
    expect(ids).toHaveLength(FIRST + SECOND);
    expect(new Set(ids).size).toBe(FIRST + SECOND);
  }, 60_000);
});

describe('loopback proxy', () => {
  it('passes WebSocket upgrades through, round robin, skipping a dead backend', async () => {
    const backends = await Promise.all(
      [0, 1].map(async (n) => {
        const server = createServer();
        const wss = new WebSocketServer({ server });
        wss.on('connection', (ws) => ws.on('message', (m) => ws.send(`${n}:${String(m)}`)));
        await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
        return { server, wss, port: (server.address() as { port: number }).port };
      }),
    );
    const deadPort = await freePort();
    const wsProxy = new LoopbackProxy([
      { host: '127.0.0.1', port: backends[0]!.port },
      { host: '127.0.0.1', port: deadPort },
      { host: '127.0.0.1', port: backends[1]!.port },
    ]);
    await wsProxy.listen();
    const echo = async () => {
      const ws = new WebSocket(`ws://127.0.0.1:${wsProxy.port}/api/chat/ws`);
      const answer = await new Promise<string>((resolve, reject) => {
        ws.once('open', () => ws.send('halo'));
        ws.once('message', (m) => resolve(String(m)));
        ws.once('error', reject);
      });
      ws.close();
      return answer;
    };
    try {
      expect(await echo()).toBe('0:halo');
      expect(await echo()).toBe('1:halo'); // backend 1 refused: skipped to backend 2
      expect(await echo()).toBe('1:halo');
      expect(await echo()).toBe('0:halo');
      expect(wsProxy.log.every((e) => e.upgrade)).toBe(true);
      expect(wsProxy.log[1]!.skipped).toEqual([1]);
    } finally {
      await wsProxy.close();
      for (const b of backends) {
        for (const c of b.wss.clients) c.terminate();
        b.wss.close();
        await new Promise((r) => b.server.close(r));
      }
    }
  });
});
