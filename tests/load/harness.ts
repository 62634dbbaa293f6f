/**
 * Shared pieces of the load scripts (run by hand, never in CI): an embedded PostgreSQL in
 * a temp dir, the real server as its own process on it, argument parsing and plain-text
 * tables.
 *
 * The server runs as `npm start` runs it: the compiled bundle (built here first), with the
 * production node flags and allocator settings (scripts/server-command.mjs), so the figures
 * are those of what ships. `LOAD_SERVER=source` runs src/server/main.ts through tsx instead
 * (no build, no production flags), for a quick look while changing the code.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { serverCommand, serverEnv } from '../../scripts/server-command.mjs';
import { createDb, type Db, migrateToLatest } from '../../src/server/db/database.ts';
import { type EmbeddedCluster, startEmbeddedPostgres } from '../../src/server/db/embedded.ts';
import { freePort } from '../helpers/server-process.ts';

export interface LoadDatabase {
  url: string;
  /** CPU seconds PostgreSQL's processes have used so far (postmaster's children alive now). */
  cpuSeconds(): number;
  /** A Kysely handle for seeding and checks (the load process's own small pool). */
  db: Db;
  /** Forgets the statements counted so far (pg_stat_statements). */
  resetStatements(): Promise<void>;
  /** The statements the server ran since the last reset, dearest first (this handle's own left out). */
  statements(): Promise<Statement[]>;
  stop(): Promise<void>;
}

export interface Statement {
  query: string;
  calls: number;
  /** Milliseconds PostgreSQL spent executing (planning not included). */
  totalMs: number;
  rows: number;
}

/** One embedded PostgreSQL cluster with a migrated `load` database (on `port`, else a free one). */
export async function startDatabase(port?: number): Promise<LoadDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'tambak-load-pg-'));
  // As root, the embedded cluster runs as a separate postgres user that must reach its folder.
  chmodSync(dir, 0o755);
  // pg_stat_statements counts each statement as it ends: the round trips of a request and
  // where PostgreSQL's time goes, with no lag.
  const cluster: EmbeddedCluster = await startEmbeddedPostgres(dir, port || (await freePort()), true, [
    '-c',
    'shared_preload_libraries=pg_stat_statements',
  ]);
  await cluster.createDatabase('load');
  // The server connects as npm start's does: through the cluster's Unix socket.
  const url = cluster.localUrl('load');
  const db = createDb(url, 4);
  await migrateToLatest(db);
  await sql`create extension if not exists pg_stat_statements`.execute(db);
  const postmaster = Number(readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  return {
    url,
    db,
    cpuSeconds: () => childrenCpuSeconds(postmaster),
    async resetStatements() {
      await sql`select pg_stat_statements_reset()`.execute(db);
    },
    async statements() {
      const { rows } = await sql<{ query: string; calls: string; total_ms: number; rows: string }>`
        select query, calls::text, total_exec_time as total_ms, rows::text from pg_stat_statements
        where dbid = (select oid from pg_database where datname = current_database())
          and query not like '%pg_stat_statements%'
        order by total_exec_time desc`.execute(db);
      return rows.map((r) => ({
        query: r.query.replace(/\s+/g, ' '),
        calls: Number(r.calls),
        totalMs: r.total_ms,
        rows: Number(r.rows),
      }));
    },
    async stop() {
      await db.destroy();
      // pg-pool resolves end() before its sockets have closed (see tests/bench/bulk-water.bench.ts).
      await new Promise((r) => setTimeout(r, 300));
      await cluster.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The real server as a child process (NODE_ENV=test, API only, rate limits lifted since
 * every request comes from 127.0.0.1). `inspect` opens the V8 inspector on a loopback
 * port so the soak can read the heap without any new route in the server.
 */
export class LoadServer {
  private child: ChildProcess | null = null;
  port = 0;
  inspectPort = 0;

  constructor(
    private readonly databaseUrl: string,
    private readonly opts: { inspect?: boolean; nodeArgs?: string[] } = {},
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number {
    if (!this.child?.pid) throw new Error('the server is not running');
    return this.child.pid;
  }

  async start(): Promise<void> {
    if (!this.port) this.port = await freePort();
    const args = [...(this.opts.nodeArgs ?? []), ...serverEntry()];
    if (this.opts.inspect) {
      this.inspectPort = await freePort();
      args.unshift(`--inspect=127.0.0.1:${this.inspectPort}`);
    }
    const child = spawn(process.execPath, args, {
      env: {
        ...(fromSource() ? process.env : serverEnv()),
        NODE_ENV: 'test',
        DATABASE_URL: this.databaseUrl,
        PORT: String(this.port),
        STATIC_DIR: '',
        LOG_LEVEL: 'error',
        AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
        RATE_LIMIT_PER_MINUTE: '1000000',
      },
      // The inspector announces itself on stderr; keep that line out of the figures.
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      if (!/Debugger listening|For help, see|Debugger attached/.test(text)) process.stderr.write(text);
    });
    this.child = child;
    for (let i = 0; i < 1200 && child.exitCode === null; i++) {
      try {
        if ((await fetch(`${this.url}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the server did not start');
  }

  /** SIGKILL: a power cut, no graceful shutdown. */
  async kill(): Promise<void> {
    await this.signal('SIGKILL');
  }

  /** SIGTERM: finishes in-flight requests, closes the pool. */
  async stop(): Promise<void> {
    await this.signal('SIGTERM');
  }

  private async signal(sig: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(sig);
    await exited;
    this.child = null;
  }

  /** CPU seconds (user + system) the server process has used so far, from /proc (Linux). */
  cpuSeconds(): number {
    return processCpuSeconds(this.pid);
  }

  /** Resident set size in MB, from /proc (Linux). */
  rssMb(): number {
    const status = readFileSync(`/proc/${this.pid}/status`, 'utf8');
    const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? Number.NaN);
    return kb / 1024;
  }
}

/** /proc/<pid>/stat fields after the command name: state is [0], ppid [1], utime [11], stime [12]. */
function statFields(pid: number | string): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS = 100;

export function processCpuSeconds(pid: number | string): number {
  const f = statFields(pid);
  return (Number(f[11]) + Number(f[12])) / TICKS;
}

/** The CPU of a process's live children (PostgreSQL's backends under its postmaster). */
function childrenCpuSeconds(parent: number): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const f = statFields(entry);
      if (Number(f[1]) === parent) total += (Number(f[11]) + Number(f[12])) / TICKS;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

const fromSource = () => process.env.LOAD_SERVER === 'source';
let built = false;

/** Node's arguments after the caller's own: the compiled server with production's flags, or the source. */
function serverEntry(): string[] {
  if (fromSource()) return ['--import', 'tsx', 'src/server/main.ts'];
  // Inside the project: the bundle imports its packages from node_modules.
  const outDir = 'dist-load-server';
  if (!built) {
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], {
      env: { ...process.env, SERVER_OUT_DIR: outDir },
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('building the server failed');
    built = true;
  }
  // npm start's own command, less the node executable the harness spawns itself.
  return serverCommand(outDir).slice(1);
}

/** `--name value` or `--name=value` from argv, else the fallback. */
export function numberArg(name: string, fallback: number): number {
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === `--${name}` && argv[i + 1] !== undefined) return Number(argv[i + 1]);
    if (argv[i].startsWith(`--${name}=`)) return Number(argv[i].slice(name.length + 3));
  }
  return fallback;
}

/** A left-aligned first column, the others right-aligned. */
export function table(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, c) => Math.max(...cells.map((r) => r[c].length)));
  const line = (r: string[]) =>
    r.map((v, c) => (c === 0 ? v.padEnd(widths[c]) : v.padStart(widths[c]))).join('  ');
  return [line(cells[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join(
    '\n',
  );
}

/** The p-th percentile (0–100) of a numeric list, nearest rank. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export async function json<T>(res: Response, what: string): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what}: HTTP ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}
