import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type App, buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createDb, type Db, migrateToLatest } from '../../src/server/db/database.ts';
import { startEmbeddedPostgres } from '../../src/server/db/embedded.ts';

export interface BenchApp {
  app: App;
  db: Db;
  stop: () => Promise<void>;
}

/** A server app (not listening) on its own embedded PostgreSQL in a temp dir, for benchmarks. */
export async function startBenchApp(): Promise<BenchApp> {
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
    DATA_DIR: join(dir, 'data'),
  });
  const app = await buildApp(config, { db });
  await app.ready();
  return {
    app,
    db,
    stop: async () => {
      await app.close();
      await db.destroy();
      await cluster.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
