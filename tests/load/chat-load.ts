/**
 * Chat load (issue 4): one server process, `--users` users (default 2,000) in groups of
 * 20 (100 groups), one socket each, `--rate` group messages per second (default 500, each
 * delivered to 19 others) for `--seconds` (default 20). Prints delivery latency
 * p50/p95/p99, deliveries/s, acks and errors. Then the kill test: the same load again,
 * the server SIGKILLed mid-run and restarted on the same database, and every message
 * that was acknowledged looked up by client_id: stored exactly once?
 *
 * The sockets live in a separate generator process (chat-load-client.ts), but on this
 * machine it shares the CPU cores with the server and PostgreSQL. Figures only; by hand:
 *
 *   npm run load:chat -- [--users 2000] [--rate 500] [--seconds 20] [--kill-after 5]
 */
import { fork } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { ClientPlan, ClientReport } from './chat-load-client.ts';
import { type ChatLoadUser, createGroup, insertUsers } from './chat-seed.ts';
import { type LoadDatabase, LoadServer, numberArg, percentile, startDatabase, table } from './harness.ts';

const USERS = numberArg('users', 2000);
const GROUP_SIZE = 20;
const RATE = numberArg('rate', 500);
const SECONDS = numberArg('seconds', 20);
const KILL_AFTER = numberArg('kill-after', 5);

/** Runs the generator process; `onSending` is called when it starts sending. */
function generate(plan: ClientPlan, onSending?: () => void): Promise<ClientReport> {
  const child = fork(fileURLToPath(new URL('./chat-load-client.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.on('message', (m) => {
      if ((m as { sending?: boolean }).sending) onSending?.();
      else resolve(m as ClientReport);
    });
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the load generator exited with ${code}`));
    });
    child.send(plan);
  });
}

function figures(label: string, r: ClientReport, rate: number): (string | number)[] {
  const secs = r.elapsedMs / 1000;
  return [
    label,
    r.connected,
    r.sent,
    r.acked.length,
    r.deliveries,
    Math.round(r.deliveries / secs),
    percentile(r.latencies, 50),
    percentile(r.latencies, 95),
    percentile(r.latencies, 99),
    r.errors,
    `${rate}/s`,
  ];
}

async function storedOnce(database: LoadDatabase, clientIds: string[]) {
  const counts = new Map<string, number>();
  for (let i = 0; i < clientIds.length; i += 5000) {
    const rows = await database.db
      .selectFrom('chat_messages')
      .select(['client_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('client_id', 'in', clientIds.slice(i, i + 5000))
      .groupBy('client_id')
      .execute();
    for (const r of rows) counts.set(r.client_id, Number(r.n));
  }
  const missing = clientIds.filter((id) => !counts.has(id)).length;
  const duplicated = [...counts.values()].filter((n) => n > 1).length;
  return { missing, duplicated, once: clientIds.length - missing - duplicated };
}

async function main() {
  const database = await startDatabase();
  // LOAD_SERVER_PROF=<dir>: a V8 CPU profile of the server over the steady run.
  const profDir = process.env.LOAD_SERVER_PROF;
  const server = new LoadServer(
    database.url,
    profDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profDir}`] } : {},
  );
  try {
    await server.start();
    const seedStarted = Date.now();
    const users: ChatLoadUser[] = await insertUsers(database.db, USERS, 'Petambak');
    const groups: ClientPlan['groups'] = [];
    for (let g = 0; g * GROUP_SIZE < USERS; g++) {
      const members = Array.from({ length: GROUP_SIZE }, (_, k) => g * GROUP_SIZE + k).filter(
        (i) => i < USERS,
      );
      groups.push({
        guid: await createGroup(
          server.url,
          `Grup ${g + 1}`,
          members.map((i) => users[i]),
        ),
        members,
      });
    }
    console.log(
      `Chat load: ${USERS} users and sessions (straight into the database), ${groups.length} groups of ` +
        `${GROUP_SIZE} (chat REST API), seeded in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s. ` +
        `One server process (pid ${server.pid}); the sockets in a separate generator process; ` +
        `${cpus().length} cores shared by server, PostgreSQL and generator (load average before: ${loadavg()[0].toFixed(1)}).`,
    );
    const plan = (runId: string, seconds: number): ClientPlan => ({
      wsUrl: server.url.replace('http', 'ws'),
      users,
      groups,
      rate: RATE,
      seconds,
      runId,
    });

    const steady = await generate(plan('steady', SECONDS));
    console.log(
      `\nsteady run: ${SECONDS} s at ${RATE} messages/s, ${steady.connected} sockets connected in ` +
        `${(steady.connectMs / 1000).toFixed(1)} s; ${steady.echoes} own-message echoes not counted as deliveries`,
    );
    if (steady.errorSamples.length) console.log(`  error frames: ${steady.errorSamples.join(' | ')}`);
    if (profDir) {
      // A clean stop writes the profile; the kill run gets a fresh process.
      await server.stop();
      await server.start();
      console.log(`server CPU profile of the steady run written to ${profDir}`);
    }

    // The kill test: SIGKILL while messages are in flight, restart on the same database.
    let killedAt = 0;
    const killRun = await generate(plan('kill', SECONDS), () => {
      setTimeout(() => {
        killedAt = Date.now();
        void server.kill();
      }, KILL_AFTER * 1000);
    });
    const downSince = Date.now();
    await server.start();
    const check = await storedOnce(database, killRun.acked);
    const storedUnacked = await database.db
      .selectFrom('chat_messages')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('client_id', 'like', 'kill-%')
      .executeTakeFirstOrThrow();
    console.log(
      `\nkill run: server SIGKILLed ${killedAt ? 'mid-run' : 'NOT (run ended first)'}, restarted in ` +
        `${((Date.now() - downSince) / 1000).toFixed(1)} s on the same database; ${killRun.closed} sockets closed by the kill`,
    );

    console.log(
      `\n${table(
        [
          'run',
          'sockets',
          'sent',
          'acked',
          'deliveries',
          'deliv/s',
          'p50 ms',
          'p95 ms',
          'p99 ms',
          'errors',
          'rate',
        ],
        [figures('steady', steady, RATE), figures('kill (until the kill)', killRun, RATE)],
      )}`,
    );
    console.log(
      `\n${table(
        ['kill test', 'value'],
        [
          ['messages acknowledged before the kill', killRun.acked.length],
          ['acknowledged and stored exactly once', check.once],
          ['acknowledged but missing (lost)', check.missing],
          ['acknowledged and stored more than once', check.duplicated],
          ['stored in all (acked + committed whose ack was cut)', Number(storedUnacked.n)],
        ],
      )}`,
    );
    console.log(
      `\nGoals: p99 delivery < 100 ms; 0 acknowledged messages lost. Load average after: ${loadavg()[0].toFixed(1)}.`,
    );
  } finally {
    await server.stop();
    await database.stop();
  }
}

await main();
