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
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
