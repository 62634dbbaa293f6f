import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import pg from 'pg';

/**
 * Start-up failures that explain themselves (issue 29 point 7): each check of the start
 * throws a StartupError saying what failed and what to do, and main.ts prints it as one
 * line and exits non-zero, instead of a stack trace or the single word "undefined".
 */
export class StartupError extends Error {
  constructor(
    readonly what: string,
    readonly todo: string,
  ) {
    super(`${what}. ${todo}`);
  }
}

const code = (error: unknown): string | undefined =>
  error && typeof error === 'object' && 'code' in error ? String(error.code) : undefined;

const reason = (error: unknown): string =>
  error instanceof Error ? error.message : error === undefined ? 'no reason given' : String(error);

/** The data folder exists or can be made, and a file can be written in it. */
export function checkDataDir(dir: string): void {
  const full = resolve(dir);
  const probe = join(full, `.write-check-${process.pid}`);
  try {
    mkdirSync(full, { recursive: true });
    writeFileSync(probe, 'ok');
    rmSync(probe, { force: true });
  } catch (error) {
    if (code(error) === 'ENOSPC') throw diskFull(full);
    throw new StartupError(
      `Cannot write to the data folder ${full} (${code(error) ?? reason(error)})`,
      'Set DATA_DIR to a folder this user can write, or give this user write access to it',
    );
  }
}

/** When a build folder is configured, it holds a built app. */
export function checkStaticDir(dir: string | null): void {
  if (dir === null) return;
  if (existsSync(resolve(dir, 'index.html'))) return;
  throw new StartupError(
    `No built app in ${resolve(dir)}`,
    'Run "npm run build" (or "npm start", which builds), set STATIC_DIR to the build folder, or set STATIC_DIR= (empty) to serve the API only',
  );
}

/** Nothing listens on the port yet (a second Tambak, another PostgreSQL). */
export function checkPortFree(host: string, port: number, variable: string, what: string): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', (error) => {
      fail(
        code(error) === 'EADDRINUSE'
          ? portTaken(host, port, variable, what)
          : new StartupError(
              `Cannot use port ${port} on ${host} for ${what} (${code(error) ?? reason(error)})`,
              `Set ${variable} to another port`,
            ),
      );
    });
    probe.listen(port, host, () => probe.close(() => done()));
  });
}

function portTaken(host: string, port: number, variable: string, what: string): StartupError {
  return new StartupError(
    `Port ${port} on ${host} is already in use, so ${what} cannot listen there (another Tambak or another program runs on it)`,
    `Stop that program, or set ${variable} to a free port`,
  );
}

function diskFull(where: string): StartupError {
  return new StartupError(
    `The disk is full (writing under ${where})`,
    'Free some space on that disk, or set DATA_DIR to a folder on a disk with room',
  );
}

/** The database at `url` answers a first query within the timeout. */
export async function checkDatabase(url: string, timeoutSeconds: number, source: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutSeconds * 1000 });
  const where = (() => {
    try {
      const u = new URL(url);
      return `${u.hostname}:${u.port || 5432}${u.pathname}`;
    } catch {
      return 'the configured address';
    }
  })();
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    const c = code(error);
    const timedOut = /timeout/i.test(reason(error));
    const what = timedOut
      ? `The database at ${source} (${where}) did not answer within ${timeoutSeconds} s`
      : c === 'ECONNREFUSED'
        ? `The database at ${source} (${where}) refused the connection`
        : `Cannot connect to the database at ${source} (${where}): ${reason(error)}`;
    throw new StartupError(
      what,
      source === 'DATABASE_URL'
        ? 'Check that PostgreSQL runs there and DATABASE_URL is right (user, password, database), raise DATABASE_CONNECT_TIMEOUT_SECONDS for a slow network, or unset DATABASE_URL to use the embedded database'
        : 'See the [postgres] lines above; set EMBEDDED_PG_PORT or DATA_DIR, or DATABASE_URL to use another PostgreSQL',
    );
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Any other failure of a start step, named by the step: a full disk and a taken port get
 * their own advice; the rest says which step failed and why.
 */
export function explainStartFailure(
  error: unknown,
  step: string,
  context: { dataDir: string; host: string; port: number },
): StartupError {
  if (error instanceof StartupError) return error;
  if (code(error) === 'ENOSPC' || /no space left on device/i.test(reason(error)))
    return diskFull(resolve(context.dataDir));
  if (code(error) === 'EADDRINUSE') return portTaken(context.host, context.port, 'PORT', 'the server');
  return new StartupError(
    `${step} failed: ${reason(error)}`,
    'See the lines above; the README ("Configuration") lists every setting',
  );
}
