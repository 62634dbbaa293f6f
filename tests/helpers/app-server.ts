import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process.ts';

/**
 * The built app served by the real server on its own embedded PostgreSQL in a temp dir,
 * for benchmarks and audits run outside the test runners. Needs `npm run build` first
 * (`BUILD_OUT_DIR` picks another build folder); compiles the server itself and starts it
 * as `npm run serve` does.
 */
/** `databaseUrl` reaches its embedded PostgreSQL (a bench loads the demo farm there). */
export async function startAppServer(): Promise<{ url: string; databaseUrl: string; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tambak-app-'));
  // As root, the embedded cluster runs as a separate postgres user that must reach its folder.
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  const pgPort = await freePort();
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the server build failed');
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs', '--no-build'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      STATIC_DIR: process.env.BUILD_OUT_DIR ?? 'dist',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  let healthy = false;
  for (let i = 0; i < 1200 && !healthy && child.exitCode === null; i++) {
    try {
      healthy = (await fetch(`${url}/api/health`)).ok;
    } catch {
      await new Promise((r) => setTimeout(r, 50)); // not listening yet
    }
  }
  if (!healthy) throw new Error('the app server did not start');
  return {
    url,
    databaseUrl: `postgres://postgres:postgres@127.0.0.1:${pgPort}/tambak`,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The demo farm (`scripts/demo-data.ts --bulk`, ADR 0079) loaded into a started app's
 * database: answers its farm id, and prints how long the load took.
 */
export async function loadDemoInto(databaseUrl: string, ponds: number, days: number): Promise<string> {
  const started = performance.now();
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'scripts/demo-data.ts', '--ponds', String(ponds), '--days', String(days), '--bulk'],
    { env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' }, maxBuffer: 1 << 24 },
  );
  const farmId = /Demo farm ([0-9a-f-]{36})/.exec(stdout)?.[1];
  if (!farmId) throw new Error(`the demo did not load: ${stdout.slice(-300)}`);
  console.log(
    `demo farm: ${ponds} ponds × ${days} days loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return farmId;
}
