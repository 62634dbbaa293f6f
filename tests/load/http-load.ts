/**
 * HTTP load (issue 5): one real server process on an embedded PostgreSQL, seeded through
 * the API, then autocannon at 50 connections against each route for `--duration` seconds.
 * The server is the compiled one with production's flags (harness.ts; `LOAD_SERVER=source`
 * runs the TypeScript source instead). PostgreSQL counts the statements each route costs
 * (pg_stat_statements), and the write routes print their dearest ones.
 * The server is the compiled one with production's flags (harness.ts; `LOAD_SERVER=source`
 * runs the TypeScript source instead).
 * Prints figures, no pass/fail; run by hand:
 *
 *   npm run load -- [--duration 10] [--connections 50] [--pg-port 54391] [--port 3291]
 *
 * `--pg-port` / `--port` pin PostgreSQL's and the server's ports (default: free ones the
 * system picks), for a machine where other runs hold ports of their own.
 *
 * Goals (issue 32): the authorized farm and pond lists ≥ 40 % of the SELECT-1 route's
 * (GET /api/health) req/s in the same run and p99 ≤ 50 ms; bulk POST of 50 readings
 * ≥ 300 req/s and p99 ≤ 150 ms. On a shared machine req/s moves with the other work (the
 * load averages are printed before and after); the CPU the server and PostgreSQL spend
 * per request (from /proc) moves much less and says where the time goes.
 */
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { postReadings, readings, seedFarm, signUpOwner } from './api-seed.ts';
import { type LoadDatabase, LoadServer, numberArg, type Statement, startDatabase, table } from './harness.ts';

const DURATION = numberArg('duration', 10);
const CONNECTIONS = numberArg('connections', 50);
const PONDS = 50;
const SEED_READINGS = 5_000; // 100 per pond, Jan–Jul 2025
const JAN_2025 = Date.UTC(2025, 0, 1);
const JAN_2024 = Date.UTC(2024, 0, 1);
/** Enough 50-reading bodies for the warm-up and the run at 600 req/s, twice the goal. */
const BULK_BODIES = (DURATION + 2) * 600;

/** Bodies made ahead; past the last one, new ones are made as they are asked for. */
class BodyPool {
  private readonly bodies: string[];
  private used = 0;

  constructor(
    size: number,
    private readonly make: () => string,
  ) {
    this.bodies = Array.from({ length: size }, make);
  }

  next(): string {
    return this.used < this.bodies.length ? this.bodies[this.used++] : this.make();
  }
}

interface Scenario {
  name: string;
  what: string;
  path: string;
  opts?: Partial<autocannon.Options>;
}

interface Measured {
  result: autocannon.Result;
  /** CPU milliseconds per request: the server process, PostgreSQL's backends, this load generator. */
  serverMs: number;
  /** Statements per request (round trips to PostgreSQL), alert evaluations the writes started included. */
  statements: number;
  /** The dearest statements of the run: calls and milliseconds per request, rows per call. */
  dearest: Statement[];
  pgMs: number;
  loaderMs: number;
}

async function measure(
  base: string,
  s: Scenario,
  cpu: { server(): number; pg(): number },
  database: LoadDatabase,
): Promise<Measured> {
  const url = `${base}${s.path}`;
  const warm = await autocannon({ url, connections: CONNECTIONS, duration: 2, ...s.opts });
  if (warm.non2xx || warm.errors)
    throw new Error(
      `${s.name}: warm-up failed: ${JSON.stringify(warm.statusCodeStats)}, ${warm.errors} errors`,
    );
  await database.resetStatements();
  const [server, pg, loader] = [cpu.server(), cpu.pg(), process.cpuUsage()];
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, ...s.opts });
  const n = Math.max(1, result.requests.total);
  const used = process.cpuUsage(loader);
  const [serverAfter, pgAfter] = [cpu.server(), cpu.pg()];
  const statements = await database.statements();
  return {
    result,
    serverMs: (1000 * (serverAfter - server)) / n,
    pgMs: (1000 * (pgAfter - pg)) / n,
    statements: statements.reduce((sum, x) => sum + x.calls, 0) / n,
    dearest: statements.slice(0, 6).map((x) => ({
      query: x.query,
      calls: x.calls / n,
      totalMs: x.totalMs / n,
      rows: x.calls ? x.rows / x.calls : 0,
    })),
    loaderMs: (used.user + used.system) / 1000 / n,
  };
}

const loads = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');

async function main() {
  const database = await startDatabase(numberArg('pg-port', 0));
  const server = new LoadServer(
    database.url,
    process.env.LOAD_SERVER_PROF
      ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${process.env.LOAD_SERVER_PROF}`] }
      : undefined,
  );
  server.port = numberArg('port', 0);
  try {
    await server.start();
    const base = server.url;
    const token = await signUpOwner(base, 'owner');
    const farm = await seedFarm(base, token, PONDS);
    await postReadings(base, token, readings(farm.pondIds, SEED_READINGS, JAN_2025));
    const auth = { authorization: `Bearer ${token}` };
    const pond = farm.pondIds[0];
    // The bulk bodies are made before the clock starts, so building them takes no CPU from
    // the server on these shared cores; each still carries 50 new ids.
    const bulkBodies = new BodyPool(BULK_BODIES, () =>
      JSON.stringify({ items: readings(farm.pondIds, 50, JAN_2024) }),
    );

    const scenarios: Scenario[] = [
      {
        name: 'GET /api/config (bare)',
        what: 'public, no session, no database: the server’s floor',
        path: '/api/config',
      },
      {
        name: 'GET /api/health',
        what: 'public, one SELECT 1',
        path: '/api/health',
      },
      { name: 'GET /api/farm', what: 'authenticated farm list', path: '/api/farm', opts: { headers: auth } },
      {
        name: `GET /api/pond (${PONDS} rows)`,
        what: 'authenticated pond list',
        path: `/api/pond?farm_id=${farm.farmId}`,
        opts: { headers: auth },
      },
      {
        name: 'GET /api/water/general (1 pond, Jan 2025)',
        what: 'analysis-like read: one pond’s readings over a month (no analysis route exists yet)',
        path: `/api/water/general?farm_id=${farm.farmId}&pond_id=${pond}&from=2025-01-01&to=2025-01-31`,
        opts: { headers: auth },
      },
      {
        name: 'POST /api/water/general/bulk (50)',
        what: '50 new readings per request, fresh ids (rows really insert)',
        path: '/api/water/general/bulk',
        opts: {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          requests: [
            {
              method: 'POST',
              path: '/api/water/general/bulk',
              setupRequest: (req) => ({ ...req, body: bulkBodies.next() }),
            },
          ],
        },
      },
    ];

    console.log(
      `HTTP load: ${CONNECTIONS} connections, ${DURATION} s per route (after a 2 s warm-up), ` +
        `one server process (pid ${server.pid}) on ${cpus().length} cores shared with PostgreSQL and ` +
        `this load generator (autocannon in this process); load average (1, 5, 15 min) before: ${loads()}.`,
    );
    const rows: (string | number)[][] = [];
    const dearestOfWrites: [string, Statement[]][] = [];
    let bare: autocannon.Result | null = null;
    let select1: autocannon.Result | null = null;
    const cpu = { server: () => server.cpuSeconds(), pg: () => database.cpuSeconds() };
    // `--only pond` measures the bare and SELECT 1 routes and the scenarios whose name contains the word.
    const only = process.argv.find((_, i, all) => all[i - 1] === '--only');
    for (const s of scenarios.filter((x, i) => i <= 1 || !only || x.name.includes(only))) {
      const {
        result: r,
        serverMs,
        pgMs,
        loaderMs,
        statements,
        dearest,
      } = await measure(base, s, cpu, database);
      if (s.opts?.method === 'POST') dearestOfWrites.push([s.name, dearest]);
      bare ??= r;
      if (s.path === '/api/health') select1 = r;
      const failed = r.errors + r.timeouts + r.non2xx;
      const share = (of: autocannon.Result | null) =>
        of ? `${((100 * r.requests.average) / of.requests.average).toFixed(0)} %` : '–';
      // No answer inside the window (a slow route on a busy machine): no latency, no CPU
      // per request to print, rather than autocannon's zeros.
      const none = r.requests.total === 0;
      const figure = (value: number | string) => (none ? '–' : value);
      rows.push([
        none ? `${s.name} (no answer in ${DURATION} s)` : s.name,
        Math.round(r.requests.average),
        figure(r.latency.p50),
        figure(r.latency.p99),
        failed,
        share(bare),
        share(select1),
        figure(serverMs.toFixed(2)),
        figure(pgMs.toFixed(2)),
        figure(loaderMs.toFixed(2)),
        figure(statements.toFixed(2)),
      ]);
      console.log(`  ${s.name}: ${s.what}`);
    }
    console.log(
      `\n${table(
        [
          'route',
          'req/s',
          'p50 ms',
          'p99 ms',
          'errors+non2xx',
          'req/s vs bare',
          'req/s vs SELECT 1',
          'server CPU ms/req',
          'pg CPU ms/req',
          'load generator CPU ms/req',
          'pg statements/req',
        ],
        rows,
      )}`,
    );
    for (const [name, list] of dearestOfWrites) {
      console.log(`\n${name}: PostgreSQL's dearest statements, per request (execution time, not planning)`);
      console.log(
        table(
          ['statement', 'calls/req', 'ms/req', 'rows/call'],
          list.map((x) => [
            x.query.slice(0, 90),
            x.calls.toFixed(2),
            x.totalMs.toFixed(3),
            x.rows.toFixed(1),
          ]),
        ),
      );
    }
    const stored = await database.db
      .selectFrom('water_general')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    console.log(`\nwater_general rows after the run: ${stored.n} (seeded ${SEED_READINGS})`);
    console.log(
      `Load average (1, 5, 15 min) after: ${loads()} (other work on this machine shares the cores).`,
    );
    console.log(
      'Goals: farm and pond lists ≥ 40 % of the SELECT 1 route (GET /api/health) and p99 ≤ 50 ms; bulk (50) ≥ 300 req/s and p99 ≤ 150 ms.',
    );
  } finally {
    await server.stop();
    await database.stop();
  }
}

await main();
