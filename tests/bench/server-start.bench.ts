/**
 * Start-up of the production server (issue 12 point 12): builds dist-server/ (as `npm start`
 * does), starts it as `npm start` does (scripts/server-command.mjs) twice on one temporary data directory (a cold start that creates the
 * database, then a warm one) and prints, from the server's own step lines:
 * - start → listening, and "database ready" → listening (goal ≤ 1 s),
 * - resident memory (VmRSS) after one request and 5 s of no requests, and again 30 s after
 *   it, once V8's memory reducer has given back the young generation start-up grew (goal
 *   ≤ 100 MB for a server left idle; scripts/server-command.mjs says why it grows).
 * Prints figures; no pass/fail.
 *
 *   node --import tsx tests/bench/server-start.bench.ts [compiled|tsx]
 * `tsx` runs src/server/main.ts through the TypeScript loader instead, for comparison.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { serverCommand, serverEnv } from '../../scripts/server-command.mjs';
import { freePort } from '../helpers/server-process.ts';

const mode = process.argv[2] === 'tsx' ? 'tsx' : 'compiled';
const IDLE_MS = 5000;
/** A server left idle: past V8's memory reducer (its first pass came 14–18 s after the last request). */
const LEFT_IDLE_MS = 30_000;
const outDir = process.env.SERVER_OUT_DIR ?? 'dist-server';

interface Run {
  toReady: number;
  dbReadyToListening: number;
  /** CPU seconds the server process used from "Database ready" to listening (/proc). */
  dbReadyToListeningCpu: number;
  rssMb: number;
  /** Resident memory LEFT_IDLE_MS after the request. */
  leftIdleRssMb: number;
}

const rssMbOf = (pid: number | undefined) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** user + system CPU seconds of a process so far (/proc/<pid>/stat, 100 ticks a second). */
function cpuSeconds(pid: number | undefined): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
}

/** Milliseconds since spawn at which each step line appeared. */
async function startOnce(dataDir: string): Promise<Run> {
  const port = await freePort();
  const [node, ...args] =
    mode === 'tsx' ? [process.execPath, '--import', 'tsx', 'src/server/main.ts'] : serverCommand(outDir);
  const started = performance.now();
  const child: ChildProcess = spawn(node, args, {
    env: {
      ...serverEnv(),
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      STATIC_DIR: process.env.BUILD_OUT_DIR ?? 'dist',
      LINK_SECRET: 'bench-secret-bench-secret-bench-secret',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const seen = new Map<string, number>();
  const cpu = new Map<string, number>();
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const listening = new Promise<void>((resolve, reject) => {
    lines.on('line', (line) => {
      const at = performance.now() - started;
      if (line.startsWith('Database ready')) {
        seen.set('db', at);
        cpu.set('db', cpuSeconds(child.pid));
      }
      if (line.startsWith('Ready:')) {
        seen.set('listening', at);
        cpu.set('listening', cpuSeconds(child.pid));
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening`)));
  });
  await listening;
  const health = await fetch(`http://127.0.0.1:${port}/api/health`);
  if (!health.ok) throw new Error(`health answered ${health.status}`);
  // Idle: no request for IDLE_MS, then the resident set as the kernel counts it.
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const rssMb = rssMbOf(child.pid);
  await new Promise((r) => setTimeout(r, LEFT_IDLE_MS - IDLE_MS));
  const leftIdleRssMb = rssMbOf(child.pid);
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  const listeningAt = seen.get('listening') ?? Number.NaN;
  return {
    toReady: listeningAt,
    dbReadyToListening: listeningAt - (seen.get('db') ?? Number.NaN),
    dbReadyToListeningCpu: (cpu.get('listening') ?? Number.NaN) - (cpu.get('db') ?? Number.NaN),
    rssMb,
    leftIdleRssMb,
  };
}

async function main() {
  if (mode === 'compiled') {
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('server build failed');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'tambak-bench-start-'));
  chmodSync(dataDir, 0o755); // as root, the embedded cluster runs as a user that must reach it
  try {
    const cold = await startOnce(dataDir);
    const warm = await startOnce(dataDir);
    const f = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    console.log(
      `server start (${mode}), resident memory ${IDLE_MS / 1000} s and ${LEFT_IDLE_MS / 1000} s after one request; load average (1, 5, 15 min) ` +
        `${loadavg()
          .map((x) => x.toFixed(2))
          .join(', ')} on ${cpus().length} cores (wall times grow with it, CPU seconds much less):`,
    );
    for (const [name, run] of [
      ['cold (new data dir)', cold],
      ['warm', warm],
    ] as const) {
      console.log(
        `  ${name}: start → listening ${f(run.toReady)}, database ready → listening ${f(run.dbReadyToListening)} ` +
          `(${run.dbReadyToListeningCpu.toFixed(2)} s of CPU), ` +
          `RSS ${run.rssMb.toFixed(1)} MB after ${IDLE_MS / 1000} s, ${run.leftIdleRssMb.toFixed(1)} MB left idle ${LEFT_IDLE_MS / 1000} s`,
      );
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
