/**
 * Bulk water sync throughput: rows/s of `POST /api/water/general/bulk` with 500-reading
 * batches, through app.inject and through a real socket on 127.0.0.1. A figure, not a
 * pass/fail (ARCHITECTURE.md §8). Spins its own embedded PostgreSQL in a temp dir.
 *
 *   node --import tsx tests/bench/bulk-water.bench.ts [batches=20] [size=500]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createDb, migrateToLatest } from '../../src/server/db/database.ts';
import { startEmbeddedPostgres } from '../../src/server/db/embedded.ts';
import { createFarm, quickUser } from '../helpers/farm-fixtures.ts';

const BATCHES = Number(process.argv[2] ?? 20);
const SIZE = Number(process.argv[3] ?? 500);

function batch(pondIds: string[], n: number) {
  const day = Date.UTC(2025, 0, 1);
  return Array.from({ length: n }, (_, i) => ({
    id: uuidv7(),
    pond_id: pondIds[i % pondIds.length],
    measured_at: new Date(day + i * 3_600_000).toISOString().replace('Z', '+07:00'),
    ph: 7.5 + (i % 10) / 10,
    do: 4 + (i % 5),
    temperature: 28 + (i % 4),
    turbidity: 30,
    water_height: 120,
    salinity: 15 + (i % 10),
    oxygen: -99,
    orp: 200,
    color: 1 + (i % 17),
    weather: 1 + (i % 7),
  }));
}

/** BENCH_SQL=1: each SQL statement one more batch sends, with its time (where a batch's time goes). */
async function showStatements(run: () => Promise<void>) {
  const original = pg.Client.prototype.query;
  const seen: [number, string][] = [];
  // biome-ignore lint/suspicious/noExplicitAny: wraps pg's overloaded query for the listing
  (pg.Client.prototype as any).query = function (this: pg.Client, ...args: any[]) {
    const started = performance.now();
    const text = typeof args[0] === 'string' ? args[0] : (args[0]?.text ?? '');
    // biome-ignore lint/suspicious/noExplicitAny: see above
    const result = (original as any).apply(this, args);
    if (result && typeof result.then === 'function')
      result.then(() => seen.push([performance.now() - started, text.replace(/\s+/g, ' ').slice(0, 150)]));
    return result;
  };
  const started = performance.now();
  try {
    await run();
  } finally {
    pg.Client.prototype.query = original;
  }
  console.log(`one batch: ${(performance.now() - started).toFixed(1)} ms, ${seen.length} statements`);
  for (const [ms, text] of seen) console.log(`  ${ms.toFixed(1).padStart(6)} ms  ${text}`);
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'tambak-bench-pg-'));
  const cluster = await startEmbeddedPostgres(dir, 56000 + Math.floor(Math.random() * 4000), true);
  await cluster.createDatabase('bench');
  const db = createDb(cluster.url('bench'), 10);
  await migrateToLatest(db);
  const config = loadConfig({
    NODE_ENV: 'test',
    STATIC_DIR: '',
    LOG_LEVEL: 'error',
    RATE_LIMIT_PER_MINUTE: '1000000',
  });
  const app = await buildApp(config, { db });
  try {
    const owner = await quickUser(app, 'bench');
    const farm = await createFarm(app, owner, 10);
    const send = async (
      items: unknown[],
      post: (body: string) => Promise<{ status: number; body: string }>,
    ) => {
      const res = await post(JSON.stringify({ items }));
      const results = JSON.parse(res.body).data?.results ?? [];
      if (res.status !== 200 || results.some((r: { status: string }) => r.status !== 'ok')) {
        throw new Error(`batch failed: ${res.status} ${res.body.slice(0, 300)}`);
      }
    };
    const viaInject = (body: string) =>
      app
        .inject({
          method: 'POST',
          url: '/api/water/general/bulk',
          headers: { ...owner.auth, 'content-type': 'application/json' },
          payload: body,
        })
        .then((r) => ({ status: r.statusCode, body: r.body }));
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const viaSocket = (body: string) =>
      fetch(`${address}/api/water/general/bulk`, {
        method: 'POST',
        headers: { ...owner.auth, 'content-type': 'application/json' },
        body,
      }).then(async (r) => ({ status: r.status, body: await r.text() }));

    for (const [label, post] of [
      ['app.inject', viaInject],
      ['HTTP 127.0.0.1', viaSocket],
    ] as const) {
      await send(batch(farm.pondIds, SIZE), post); // warm-up: JIT, pool, plans
      const batches = Array.from({ length: BATCHES }, () => batch(farm.pondIds, SIZE));
      const started = performance.now();
      for (const items of batches) await send(items, post);
      const fresh = performance.now() - started;
      const replayStarted = performance.now();
      for (const items of batches) await send(items, post); // same ids again: the upsert path
      const replay = performance.now() - replayStarted;
      if (process.env.BENCH_SQL && label === 'app.inject')
        await showStatements(() => send(batch(farm.pondIds, SIZE), post));
      const rows = BATCHES * SIZE;
      console.log(
        `${label.padEnd(15)} new rows: ${Math.round(rows / (fresh / 1000))} rows/s ` +
          `(${(fresh / BATCHES).toFixed(1)} ms per ${SIZE}-row batch); ` +
          `replayed: ${Math.round(rows / (replay / 1000))} rows/s (${(replay / BATCHES).toFixed(1)} ms per batch)`,
      );
    }
  } finally {
    await app.close();
    await db.destroy();
    // pg-pool resolves end() before its sockets have closed; stopping Postgres at once
    // would make the closing clients emit "terminating connection" errors.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
