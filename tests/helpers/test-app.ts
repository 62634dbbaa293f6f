import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type App, type AppDeps, buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createDb } from '../../src/server/db/database.ts';

/** The server's type, for client tests that run against a real server (they never import src/server). */
export type { App };

/**
 * A real server on a fresh database cloned from the migrated template. Call once per
 * test file (beforeAll) and close in afterAll.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  deps: Omit<AppDeps, 'db'> = {},
  /** Hooks a test adds before the app is ready (Fastify takes none after). */
  beforeReady?: (app: App) => void,
): Promise<App> {
  const base = inject('pgBaseUrl');
  const name = `t_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: `${base}postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE tambak_template`);
  await admin.end();
  const db = createDb(`${base}${name}`, 4);
  // Uploads of a test app go to a temporary DATA_DIR, removed on close, unless the test gives one.
  const dataDir = env.DATA_DIR ? null : mkdtempSync(join(tmpdir(), 'tambak-test-data-'));
  const config = loadConfig({
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    NODE_ENV: 'test',
    STATIC_DIR: '',
    LOG_LEVEL: 'error',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    RATE_LIMIT_PER_MINUTE: '100000',
    ...env,
  });
  // The app LISTENs on its own database, as a deployed one does (session revocations,
  // chat fan-out, the membership cache's access notices).
  const app = await buildApp(config, { databaseUrl: `${base}${name}`, ...deps, db });
  app.addHook('onClose', async () => {
    await db.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  beforeReady?.(app);
  await app.ready();
  return app;
}
