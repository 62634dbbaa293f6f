import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import pg from 'pg';

/** How long a hook that starts server processes may take: see ServerProcess.start. */
export const SERVER_START_TIMEOUT_MS = 200_000;

/** A free loopback port, asked of the OS. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** A fresh database cloned from the migrated template of the test cluster. */
export async function freshDatabase(baseUrl: string): Promise<string> {
  const name = `p_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: `${baseUrl}postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE tambak_template`);
  await admin.end();
  return `${baseUrl}${name}`;
}

/**
 * The real server as its own process (src/server/main.ts), so a test can SIGKILL it like
 * a power cut and start it again on the same database.
 */
export class ServerProcess {
  private child: ChildProcess | null = null;
  constructor(
    readonly databaseUrl: string,
    readonly port: number,
    /** Extra environment over the defaults below (e.g. STATIC_DIR to serve a build). */
    private readonly env: Record<string, string> = {},
  ) {}

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: this.databaseUrl,
        PORT: String(this.port),
        STATIC_DIR: '',
        LOG_LEVEL: 'error',
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        RATE_LIMIT_PER_MINUTE: '100000',
        ...this.env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    // Wait for the condition (health answers), not for a fixed time. A cold clone compiles
    // the whole server through tsx first, which under a loaded 2-core CI takes far longer
    // than on a warm machine: the deadline is generous, and a child that exits fails at once.
    const child = this.child;
    const deadline = Date.now() + SERVER_START_TIMEOUT_MS - 10_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        const res = await fetch(`${this.baseUrl}/api/health`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('server did not start');
  }

  /** SIGKILL: no graceful shutdown, in-flight requests are cut. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    this.child = null;
  }
}
