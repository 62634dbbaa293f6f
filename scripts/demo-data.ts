// `npm run demo [-- --seed 1 --ponds 50 --days 730]`: loads the demo farm into the
// database `npm start` uses (embedded PostgreSQL in DATA_DIR, or DATABASE_URL), through
// the public API in process. Stop `npm start` first when it uses the embedded database.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { createDb, migrateToLatest } from '../src/server/db/database.ts';
import { type EmbeddedCluster, startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { loadDemo } from './demo/load.ts';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    ponds: { type: 'string', default: '50' },
    days: { type: 'string', default: '730' },
    // The instant the demo is loaded at (ISO 8601), so a test knows which slots it holds.
    now: { type: 'string' },
    // The readings, checks and movements straight into PostgreSQL by the server's own
    // parsers and statements (ADR 0079): minutes instead of an hour for 50 ponds × 2 years.
    bulk: { type: 'boolean', default: false },
  },
});
const now = values.now === undefined ? new Date() : new Date(values.now);
const seed = Number(values.seed);
const ponds = Number(values.ponds);
const days = Number(values.days);
if (
  !Number.isInteger(seed) ||
  !Number.isInteger(ponds) ||
  ponds < 1 ||
  ponds > 200 ||
  !Number.isInteger(days) ||
  days < 30 ||
  Number.isNaN(now.getTime())
) {
  console.error(
    'Usage: npm run demo -- [--seed <integer>] [--ponds 1..200] [--days >=30] [--now <ISO 8601 instant>] [--bulk]',
  );
  process.exit(2);
}

const started = performance.now();
// The loader's own app never listens: the per-minute limit guards a socket it does not open.
const config = { ...loadConfig(), logLevel: 'warn' as const, rateLimitPerMinute: 1_000_000 };
let cluster: EmbeddedCluster | null = null;
let databaseUrl = config.databaseUrl;
if (!databaseUrl) {
  const dir = join(config.dataDir, 'postgres');
  console.log(`Starting the database in ${dir}`);
  try {
    cluster = await startEmbeddedPostgres(dir, config.embeddedPgPort, true);
  } catch (error) {
    console.error(
      `Could not start the database (${(error as Error).message}). Is "npm start" running? Stop it first.`,
    );
    process.exit(1);
  }
  await cluster.createDatabase('tambak');
  databaseUrl = cluster.url('tambak');
}
const db = createDb(databaseUrl);
await migrateToLatest(db);
const app = await buildApp(config, { db, databaseUrl });
await app.ready();
try {
  console.log(`Loading the demo farm: seed ${seed}, ${ponds} ponds, ${days} days`);
  const result = await loadDemo(app, db, {
    seed,
    ponds,
    days,
    now,
    bulk: values.bulk,
    log: (line) => console.log(`  ${line}`),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Demo farm ${result.farmId}: ${result.records} records in ${result.requests} requests, ${seconds} s`,
  );
  // The farm's day so far: nothing is recorded at a time still to come.
  console.log(
    `Recorded up to ${result.until.toISOString()}, last water slot ${result.slotDay} ${result.lastSlot}.`,
  );
  console.log('Every signed-in user can open it read-only from the farm list ("Buka tambak demo").');
} finally {
  await app.close();
  await db.destroy();
  await cluster?.stop();
}
