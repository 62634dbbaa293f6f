import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const INCLUDE = [
  'src/**/*.test.ts',
  'src/**/*.test.tsx',
  'sw/**/*.test.ts',
  'tests/integration/**/*.test.ts',
  'tests/larvae/**/*.test.ts',
];

/**
 * Test files that need a module registry of their own (ADR 0138): the component tests
 * (React, the Dexie mirror and the live-query caches keep state at module level) and any
 * file that replaces a module or a global, or sets up the app's one i18next instance. The
 * rest share one registry per worker, which imports the server and the shared figures once
 * instead of once per file.
 */
function needsIsolation(file: string): boolean {
  if (file.endsWith('.tsx')) return true;
  const code = readFileSync(file, 'utf8');
  // The app's one i18next instance: a file that sets its language would set it for the next file.
  return /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(/.test(code) || /from 'i18next'/.test(code);
}

const ISOLATED = ['src', 'sw', 'tests']
  .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => `${dir}/${f}`))
  .filter((f) => /\.test\.tsx?$/.test(f) && needsIsolation(f));

export default defineConfig({
  test: {
    globalSetup: ['tests/helpers/global-postgres.ts'],
    setupFiles: ['tests/helpers/indexeddb.ts', 'tests/helpers/dom-waits.ts', 'tests/helpers/dom-cleanup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one fork fewer than the cores: one on a 2-core machine. Most files
    // wait on PostgreSQL (each has its own database), so two forks share two cores well
    // (457 s with one, 358 s with two on this machine, ADR 0061).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: { name: 'isolated', include: ISOLATED, isolate: true, sequence: { groupOrder: 1 } },
      },
      {
        extends: true,
        test: {
          name: 'shared',
          include: INCLUDE,
          exclude: ISOLATED,
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
    ],
  },
});
