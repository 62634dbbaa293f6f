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

/**
 * A server app (not listening) on its own embedded PostgreSQL in a temp dir, for benchmarks;
 * or, given `keep`, in that directory on that port, left there when the bench stops (a
 * bench's data loaded once, read again by the next run).
 */
export async function startBenchApp(keep?: { dir: string; port: number }): Promise<BenchApp> {
  const dir = keep?.dir ?? mkdtempSync(join(tmpdir(), 'tambak-bench-pg-'));
  const port = keep?.port ?? 56000 + Math.floor(Math.random() * 4000);
  const cluster = await startEmbeddedPostgres(dir, port, true);
  await cluster.createDatabase('bench');
  const db = createDb(cluster.url('bench'), 10);
  await migrateToLatest(db);
  const config = loadConfig({
    NODE_ENV: 'test',
    STATIC_DIR: '',
    LOG_LEVEL: 'error',
    RATE_LIMIT_PER_MINUTE: '1000000',
    DATA_DIR: join(dir, 'data'),
    // A browser bench's page on another origin of the loopback (farm-200-browser.bench.ts).
    ...(process.env.CORS_ORIGINS ? { CORS_ORIGINS: process.env.CORS_ORIGINS } : {}),
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
      if (!keep) rmSync(dir, { recursive: true, force: true });
    },
  };
}
