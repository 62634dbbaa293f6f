import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { explainStartFailure } from '../../src/server/startup-checks.ts';
import { freePort, freshDatabase } from '../helpers/server-process.ts';

/**
 * Issue 29 point 7: the real server (src/server/main.ts as its own process) started into
 * each failure a user meets on a machine — a taken HTTP or database port, a data folder it
 * cannot write, a DATABASE_URL that refuses or never answers, a missing build — exits
 * non-zero with one line saying what failed and what to do. A full disk is checked on the
 * explanation itself (no test can fill this machine's disk).
 */

let scratch: string;
const servers: Server[] = [];
const sockets: Socket[] = [];
/** Each case starts a server process (TypeScript loaded by tsx): seconds on a busy machine. */
const START = 90_000;

function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        STATIC_DIR: '',
        LOG_LEVEL: 'error',
        DATA_DIR: join(scratch, `data-${Math.random().toString(36).slice(2)}`),
        DATABASE_CONNECT_TIMEOUT_SECONDS: '2',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += String(chunk);
    });
    child.once('exit', (code) => resolve({ code, stderr }));
  });
}

/** A loopback port something already listens on; `silent` accepts and never answers. */
async function takenPort(): Promise<number> {
  const server = createServer((socket) => {
    sockets.push(socket);
    socket.on('error', () => {});
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

function expectOneLine(run: { code: number | null; stderr: string }, what: RegExp, todo: RegExp) {
  expect(run.code).not.toBe(0);
  const lines = run.stderr.trim().split('\n');
  const line = lines.find((l) => l.startsWith('Start failed:'));
  expect(line, run.stderr).toBeDefined();
  expect(line).toMatch(what);
  expect(line).toMatch(todo);
  expect(run.stderr).not.toMatch(/^undefined$/m);
}

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'tambak-start-'));
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  for (const server of servers) await new Promise((r) => server.close(r));
  rmSync(scratch, { recursive: true, force: true });
});

describe('start-up failures explain themselves (issue 29 point 7)', () => {
  it(
    'a taken HTTP port names PORT',
    async () => {
      const database = await freshDatabase(inject('pgBaseUrl'));
      const run = await start({ DATABASE_URL: database, PORT: String(await takenPort()) });
      expectOneLine(run, /Port \d+ on 127\.0\.0\.1 is already in use/, /set PORT to a free port/);
    },
    START,
  );

  it(
    'a taken database port names EMBEDDED_PG_PORT',
    async () => {
      const run = await start({
        PORT: String(await freePort()),
        EMBEDDED_PG_PORT: String(await takenPort()),
      });
      expectOneLine(run, /embedded database cannot listen there/, /set EMBEDDED_PG_PORT to a free port/);
    },
    START,
  );

  it(
    'a data folder that cannot be written names DATA_DIR',
    async () => {
      const file = join(scratch, 'a-file');
      writeFileSync(file, 'not a folder');
      const run = await start({ PORT: String(await freePort()), DATA_DIR: join(file, 'data') });
      expectOneLine(run, /Cannot write to the data folder .*a-file\/data \(ENOTDIR\)/, /Set DATA_DIR/);
    },
    START,
  );

  it(
    'a DATABASE_URL that refuses, or never answers, says so and names DATABASE_URL',
    async () => {
      const closed = await freePort();
      const refused = await start({
        PORT: String(await freePort()),
        DATABASE_URL: `postgres://postgres:postgres@127.0.0.1:${closed}/tambak`,
      });
      expectOneLine(refused, /refused the connection/, /DATABASE_URL/);

      const silent = await takenPort();
      const hung = await start({
        PORT: String(await freePort()),
        DATABASE_URL: `postgres://postgres:postgres@127.0.0.1:${silent}/tambak`,
      });
      expectOneLine(hung, /did not answer within 2 s/, /DATABASE_CONNECT_TIMEOUT_SECONDS/);
    },
    START,
  );

  it(
    'a missing build names npm run build and STATIC_DIR',
    async () => {
      const database = await freshDatabase(inject('pgBaseUrl'));
      const run = await start({
        DATABASE_URL: database,
        PORT: String(await freePort()),
        STATIC_DIR: join(scratch, 'no-build'),
      });
      expectOneLine(run, /No built app in .*no-build/, /npm run build.*STATIC_DIR/);
    },
    START,
  );

  it('a full disk at any step says the disk is full and where', () => {
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    const explained = explainStartFailure(full, 'Applying migrations', {
      dataDir: '/srv/tambak',
      host: '127.0.0.1',
      port: 3000,
    });
    expect(explained.message).toMatch(/^The disk is full \(writing under \/srv\/tambak\)\. Free some space/);
    const other = explainStartFailure(undefined, 'Starting the embedded database', {
      dataDir: 'd',
      host: 'h',
      port: 1,
    });
    expect(other.message).toBe(
      'Starting the embedded database failed: no reason given. See the lines above; the README ("Configuration") lists every setting',
    );
  });
});
