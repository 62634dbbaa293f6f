import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type App, buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createDb } from '../../src/server/db/database.ts';

/**
 * A real server on a fresh database cloned from the migrated template. Call once per
 * test file (beforeAll) and close in afterAll.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<App> {
  const base = inject('pgBaseUrl');
  const name = `t_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: `${base}postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE tambak_template`);
  await admin.end();
  const db = createDb(`${base}${name}`, 4);
  const config = loadConfig({
    NODE_ENV: 'test',
    STATIC_DIR: '',
    LOG_LEVEL: 'error',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    RATE_LIMIT_PER_MINUTE: '100000',
    ...env,
  });
  const app = await buildApp(config, { db });
  app.addHook('onClose', async () => {
    await db.destroy();
  });
  await app.ready();
  return app;
}
