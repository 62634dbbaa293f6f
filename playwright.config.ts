import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './tests/helpers/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 3199);
/** Parallel runs (one per worktree or helper) each set their own port, data and build folders. */
const dataDir = process.env.E2E_DATA_DIR ?? 'data/e2e';
const staticDir = process.env.BUILD_OUT_DIR ?? 'dist';
export const baseURL = `http://127.0.0.1:${port}`;

/** Specs that regenerate the one demo farm of the server: one at a time, none beside another. */
const DEMO_SPECS = [
  'attention-board.spec.ts',
  'figures-screens.spec.ts',
  'demo-farm.spec.ts',
  'analysis.spec.ts',
];
/** Rewrites the service worker the server hands out: runs when nothing else does. */
const ALONE_SPECS = ['pwa.spec.ts'];

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against the
 * built app served by the real server on a fresh embedded database.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  // Upper bounds, not waits: two browsers share two cores, so a step may take longer.
  timeout: 150_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // One browser at a time (ADR 0061): on two cores the browser tests are bound by the CPU,
  // and two at once ran each test 2.3 times slower. E2E_WORKERS=2 on a bigger machine: the
  // demo-farm specs then run one at a time, and the service-worker spec last, by itself.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  projects: [
    { name: 'side-by-side', testIgnore: [...DEMO_SPECS, ...ALONE_SPECS] },
    { name: 'demo-farm', testMatch: DEMO_SPECS, workers: 1 },
    { name: 'alone', testMatch: ALONE_SPECS, dependencies: ['side-by-side', 'demo-farm'] },
  ],
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    // A trace films every step (screencast frames encoded by the browser process) to keep it
    // only when a test fails: that filming was most of the CPU of a run on two cores. Off
    // unless asked for (E2E_TRACE=1); a failure still leaves its screenshot and page snapshot.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    // A click or fill waits at most a minute for its element: a screen that never shows it
    // fails with its screenshot instead of holding the run until the test's own timeout
    // (15 minutes for the demo-farm tests).
    actionTimeout: 60_000,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  webServer: {
    // The compiled server, started as `npm run serve` starts it (scripts/start.mjs).
    command: `rm -rf ${dataDir} && node scripts/build-server.mjs && node scripts/start.mjs --no-build`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // SIGTERM lets the server finish requests and stop its embedded PostgreSQL.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    timeout: 120_000,
    env: {
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(Number(process.env.E2E_PG_PORT ?? 54399)),
      STATIC_DIR: staticDir,
      PUBLIC_URL: baseURL,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
      LOG_LEVEL: 'warn',
      // The stand-in push service of alerts.spec.ts speaks HTTPS with this test-only certificate.
      NODE_EXTRA_CA_CERTS: 'tests/e2e/support/push-service-cert.pem',
    },
  },
});
