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

/**
 * One embedded PostgreSQL cluster per test run, with a migrated template database;
 * each test file clones the template into a fresh database (tests/helpers/test-app.ts).
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'tambak-test-pg-'));
  const port = 55000 + Math.floor(Math.random() * 5000);
  const cluster = await startEmbeddedPostgres(dir, port, true);
  await cluster.createDatabase('tambak_template');
  const db = createDb(cluster.url('tambak_template'), 2);
  await migrateToLatest(db);
  await db.destroy();
  project.provide('pgBaseUrl', cluster.url(''));
  return async () => {
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
