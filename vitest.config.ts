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
 * A test file that swaps a module, a global or an environment variable (vi.mock,
 * vi.stubGlobal, `globalThis.fetch = …`, `process.env.X = …`), changes the language or the
 * clock, patches a prototype, runs in a DOM or keeps a browser database runs with fresh
 * modules in a process of its own; every other file shares its worker's loaded modules with
 * the files run before it (ADR 0123). Importing the server, React and the engine once per worker
 * instead of once per file took the unit tests from 670 s to about 450 s on two cores.
 */
const SWAPS = new RegExp(
  [
    String.raw`\bvi\.(mock|doMock|unmock|stubGlobal|stubEnv|resetModules|importActual)\(`,
    String.raw`\bglobalThis\.\w+ *=[^=]`,
    String.raw`\bprocess\.env(\.\w+|\[[^\]]+\]) *=[^=]|delete process\.env`,
    String.raw`defineProperty\((globalThis|window|navigator|self)\b`,
    // A DOM environment is made anew for each file, but a shared module set up on the last
    // one (fake-indexeddb/auto's global, Dexie's open database) would stay with that one.
    String.raw`@vitest-environment|fake-indexeddb`,
    // The language of i18next, the clock, a prototype patched: shared by the modules.
    String.raw`changeLanguage\(|useFakeTimers|\.prototype\.\w+ *=[^=]`,
  ].join('|'),
);
const swapping = ['src', 'sw', 'tests/integration', 'tests/larvae']
  .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => `${dir}/${f}`))
  .filter((file) => /\.test\.tsx?$/.test(file) && SWAPS.test(readFileSync(file, 'utf8')));

export default defineConfig({
  test: {
    globalSetup: ['tests/helpers/global-postgres.ts'],
    setupFiles: ['tests/helpers/dom-waits.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one fork fewer than the cores: one on a 2-core machine. Most files
    // wait on PostgreSQL (each has its own database), so two forks share two cores well
    // (457 s with one, 358 s with two on this machine, ADR 0061).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { extends: true, test: { name: 'own-modules', include: swapping, isolate: true } },
      {
        extends: true,
        test: {
          name: 'shared-modules',
          include: INCLUDE,
          exclude: swapping,
          isolate: false,
          setupFiles: ['tests/helpers/shared-state.ts'],
        },
      },
    ],
  },
});
