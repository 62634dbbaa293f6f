import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'sw/**/*.test.ts',
      'tests/integration/**/*.test.ts',
      'tests/larvae/**/*.test.ts',
    ],
    globalSetup: ['tests/helpers/global-postgres.ts'],
    setupFiles: ['tests/helpers/dom-waits.ts', 'tests/helpers/dom-cleanup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one fork fewer than the cores: one on a 2-core machine. Most files
    // wait on PostgreSQL (each has its own database), so two forks share two cores well
    // (457 s with one, 358 s with two on this machine, ADR 0061).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
