/**
 * 1,000 readings queued offline, then the device reconnects: time until every one is
 * synced, through the real sync engine (Dexie on fake-indexeddb in Node, which is slower
 * than a browser's IndexedDB, so this figure is conservative) and the real server over
 * HTTP on 127.0.0.1. Prints figures; no pass/fail.
 *
 *   node --import tsx tests/bench/sync-reconnect.bench.ts [readings=1000] [maxBatch=100]
 */
import 'fake-indexeddb/auto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRepository } from '../../src/local/repository.ts';
import { WATER_GENERAL } from '../../src/local/resources.ts';
import { createSyncEngine } from '../../src/local/sync/engine.ts';
import { readSummary } from '../../src/local/sync/summary.ts';
import { createFetchTransport } from '../../src/local/sync/transport.ts';
import { TestEnv, testDb } from '../../src/local/test-kit.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createDb, migrateToLatest } from '../../src/server/db/database.ts';
import { startEmbeddedPostgres } from '../../src/server/db/embedded.ts';
import { createFarm, quickUser } from '../helpers/farm-fixtures.ts';

const READINGS = Number(process.argv[2] ?? 1000);
const MAX_BATCH = Number(process.argv[3] ?? 100);

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'tambak-bench-pg-'));
  const cluster = await startEmbeddedPostgres(dir, 56000 + Math.floor(Math.random() * 4000), true);
  await cluster.createDatabase('bench');
  const db = createDb(cluster.url('bench'), 10);
  await migrateToLatest(db);
  const app = await buildApp(
    loadConfig({ NODE_ENV: 'test', STATIC_DIR: '', LOG_LEVEL: 'error', RATE_LIMIT_PER_MINUTE: '1000000' }),
    { db },
  );
  try {
    const owner = await quickUser(app, 'bench');
    const farm = await createFarm(app, owner, 20);
    const address = await app.listen({ host: '127.0.0.1', port: 0 });

    const local = testDb();
    const readings = createRepository(WATER_GENERAL, local);
    const base = Date.now() - 86_400_000;
    const queueStarted = performance.now();
    for (let i = 0; i < READINGS; i++) {
      // One save per reading, as a pond keeper saves them one form at a time.
      await readings.create([
        {
          farm_id: farm.farmId,
          pond_id: farm.pondIds[i % farm.pondIds.length],
          measured_at: new Date(base + i * 60_000).toISOString(),
          ph: 7.8,
          do: 5.2,
          temperature: 29,
          salinity: 20,
        },
      ]);
    }
    const queueMs = performance.now() - queueStarted;

    const env = new TestEnv();
    env.online = false;
    const engine = createSyncEngine({
      db: local,
      env,
      maxBatch: MAX_BATCH,
      resources: () => [],
      transport: createFetchTransport({
        getToken: () => owner.auth.authorization.slice('Bearer '.length),
        fetchFn: (input, init) => fetch(`${address}${String(input)}`, init),
      }),
    });
    const started = performance.now();
    env.fire('online');
    await engine.sync('online');
    while ((await readSummary(local)).queued > 0) await engine.sync('manual');
    const ms = performance.now() - started;
    engine.stop();
    const synced = (await local.mirror('waterGeneral').toArray()).filter(
      (r) => r._status === 'synced',
    ).length;
    console.log(
      `queued ${READINGS} readings one save each: ${queueMs.toFixed(0)} ms (${(queueMs / READINGS).toFixed(2)} ms per save, fake-indexeddb)`,
    );
    console.log(
      `reconnect → all synced: ${ms.toFixed(0)} ms for ${synced}/${READINGS} readings in batches of ${MAX_BATCH} (goal < 5000 ms)`,
    );
  } finally {
    await app.close();
    await db.destroy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
