import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDb, migrateToLatest } from '../../src/server/db/database.ts';
import { startEmbeddedPostgres } from '../../src/server/db/embedded.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgBaseUrl: string;
  }
}

interface Shared {
  started: Promise<{ url: string; stop: () => Promise<void> }>;
  users: number;
}
/** Kept on globalThis: each test project (vitest.config.ts) loads this file on its own. */
const KEY = Symbol.for('tambak.test-postgres');
const holder = globalThis as typeof globalThis & { [KEY]?: Shared };

async function start() {
  const dir = mkdtempSync(join(tmpdir(), 'tambak-test-pg-'));
  const port = 55000 + Math.floor(Math.random() * 5000);
  const cluster = await startEmbeddedPostgres(dir, port, true);
  await cluster.createDatabase('tambak_template');
  const db = createDb(cluster.url('tambak_template'), 2);
  await migrateToLatest(db);
  await db.destroy();
  return {
    url: cluster.url(''),
    stop: async () => {
      await cluster.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * One embedded PostgreSQL cluster per test run, with a migrated template database, shared
 * by the run's test projects; each test file clones the template into a fresh database
 * (tests/helpers/test-app.ts). The last project to finish stops it.
 */
export default async function setup(project: TestProject) {
  holder[KEY] ??= { started: start(), users: 0 };
  const shared = holder[KEY];
  shared.users += 1;
  project.provide('pgBaseUrl', (await shared.started).url);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    holder[KEY] = undefined;
    await (await shared.started).stop();
  };
}
