/**
 * `npm run restore -- DIR [--force]`: puts a backup made by scripts/backup.ts back.
 *
 * 1. Verifies the manifest's own checksum and the size and sha256 of every file it lists;
 *    a damaged backup is refused before anything is touched.
 * 2. Refuses a database that already has tables (or an uploads folder with files) unless
 *    --force, which then replaces them.
 * 3. In ONE transaction: (with --force) drops schemas public and pgboss, rebuilds them
 *    with the app's migrations up to the backup's, checks every table's columns against
 *    the manifest, makes pg-boss's queue partitions, empties the tables and loads the rows
 *    (parents before children, so foreign keys are checked), and sets the sequences. Any
 *    error rolls it all back.
 * 4. Puts the uploads in place (copied beside, then swapped) and prints the row counts
 *    compared with the manifest.
 *
 * Stop the server first: a server writing during a restore would mix its rows in.
 */
import { createReadStream, existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { createGunzip } from 'node:zlib';
import { type Kysely, sql, type Transaction } from 'kysely';
import { Migrator } from 'kysely/migration';
import { loadConfig } from '../src/server/config.ts';
import { createDb } from '../src/server/db/database.ts';
import { migrations } from '../src/server/db/migrations/index.ts';
import {
  BACKUP_SCHEMAS,
  displayName,
  fileSize,
  formatBytes,
  listFiles,
  MANIFEST_FORMAT,
  MANIFEST_VERSION,
  type Manifest,
  manifestChecksum,
  openTarget,
  qualified,
  quoteIdent,
  runScript,
  sha256File,
  type TableEntry,
  UserError,
} from './backup-lib.ts';
import { makeQueuePartitions } from './restore-pgboss.ts';

const INSERT_BATCH = 500;
// biome-ignore lint/suspicious/noExplicitAny: the restore works on any schema
type AnyDb = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: the restore works on any schema
type AnyTx = Transaction<any>;

/** Reads and checks the manifest and every file; throws a UserError naming what is wrong. */
async function verifyBackup(dir: string): Promise<Manifest> {
  const path = join(dir, 'manifest.json');
  if (!existsSync(path)) throw new UserError(`${dir} is not a backup: manifest.json is missing`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(path, 'utf8'));
  } catch {
    throw new UserError(`backup ${dir} is damaged: manifest.json is not valid JSON`);
  }
  if (manifest.format !== MANIFEST_FORMAT || manifest.version !== MANIFEST_VERSION) {
    throw new UserError(`${dir} is not a Tambak backup of format version ${MANIFEST_VERSION}`);
  }
  if (manifestChecksum(manifest) !== manifest.checksum) {
    throw new UserError(`backup ${dir} is damaged: manifest.json does not match its checksum`);
  }
  const problems: string[] = [];
  for (const file of manifest.files) {
    const full = join(dir, file.path);
    if (file.path.split('/').includes('..')) problems.push(`${file.path}: path leaves the backup`);
    else if (!existsSync(full)) problems.push(`${file.path}: missing`);
    else if ((await fileSize(full)) !== file.size) problems.push(`${file.path}: size differs`);
    else if ((await sha256File(full)) !== file.sha256) problems.push(`${file.path}: sha256 differs`);
  }
  const listed = new Set(manifest.files.map((f) => f.path));
  for (const t of manifest.tables) {
    if (!listed.has(t.file)) problems.push(`${t.file}: data of table ${t.name} not listed`);
  }
  if (problems.length > 0) {
    throw new UserError(`backup ${dir} is damaged, nothing was restored:\n  ${problems.join('\n  ')}`);
  }
  return manifest;
}

async function* lines(path: string): AsyncGenerator<string> {
  const input = createReadStream(path).pipe(createGunzip());
  for await (const line of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
    if (line) yield JSON.parse(line) as string;
  }
}

/**
 * References checked by a statement trigger instead of a foreign key (migration 0045,
 * ADR 0101): the water readings name a pond, a cycle and a user. pg_constraint does not
 * list them, so they are named here; the restore test fails when a reading is loaded
 * before what it names.
 */
const TRIGGER_CHECKED_REFERENCES: Record<string, string[]> = Object.fromEntries(
  ['water_general', 'water_chemical', 'water_biological'].map((t) => [t, ['ponds', 'cycles', 'users']]),
);

/**
 * Tables (by displayName) ordered so that a referenced table comes before the tables that
 * refer to it. A partition's foreign keys count as its parent's.
 */
async function loadOrder(trx: AnyTx, tables: string[]): Promise<string[]> {
  const { rows } = await sql<{ child: string; parent: string }>`
    WITH rel AS (
      SELECT c.oid, CASE WHEN n.nspname = 'public' THEN '' ELSE n.nspname || '.' END || c.relname AS name
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    ), top AS (
      SELECT rel.oid, coalesce((SELECT r2.name FROM pg_inherits i JOIN rel r2 ON r2.oid = i.inhparent
                                 WHERE i.inhrelid = rel.oid), rel.name) AS name
        FROM rel
    )
    SELECT c.name AS child, p.name AS parent
      FROM pg_constraint k JOIN top c ON c.oid = k.conrelid JOIN top p ON p.oid = k.confrelid
     WHERE k.contype = 'f'`.execute(trx);
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set()]));
  const references = [
    ...rows,
    ...Object.entries(TRIGGER_CHECKED_REFERENCES).flatMap(([child, named]) =>
      named.map((parent) => ({ child, parent })),
    ),
  ];
  for (const { child, parent } of references) {
    if (child !== parent && parents.has(child) && parents.has(parent)) parents.get(child)!.add(parent);
  }
  const order: string[] = [];
  const left = new Set(tables);
  while (left.size > 0) {
    const ready = [...left].filter((t) => [...parents.get(t)!].every((p) => !left.has(p))).sort();
    if (ready.length === 0) throw new Error(`foreign keys form a cycle among: ${[...left].join(', ')}`);
    for (const t of ready) {
      order.push(t);
      left.delete(t);
    }
  }
  return order;
}

async function targetColumns(trx: AnyTx, table: TableEntry) {
  const { rows } = await sql<{ name: string; type: string; generated: boolean }>`
    SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, a.attgenerated <> '' AS generated
      FROM pg_attribute a
     WHERE a.attrelid = to_regclass(${qualified(table)}) AND a.attnum > 0 AND NOT a.attisdropped
     ORDER BY a.attnum`.execute(trx);
  return rows;
}

async function loadTable(trx: AnyTx, dir: string, table: TableEntry): Promise<number> {
  const cols = table.columns.filter((c) => !c.generated).map((c) => quoteIdent(c.name));
  const rel = sql.raw(qualified(table));
  const list = sql.raw(cols.join(', '));
  const picked = sql.raw(cols.map((c) => `r.${c}`).join(', '));
  let batch: string[] = [];
  let n = 0;
  const run = async () => {
    // Each element is a row literal; the cast parses it with the table's own row type.
    await sql`INSERT INTO ${rel} (${list}) OVERRIDING SYSTEM VALUE
      SELECT ${picked} FROM unnest(${batch}::text[]::${rel}[]) AS r`.execute(trx);
    n += batch.length;
    batch = [];
  };
  for await (const row of lines(join(dir, table.file))) {
    batch.push(row);
    if (batch.length >= INSERT_BATCH) await run();
  }
  if (batch.length > 0) await run();
  return n;
}

async function restoreDatabase(db: AnyDb, dir: string, manifest: Manifest, force: boolean): Promise<void> {
  const names = Object.keys(migrations).sort();
  if (!names.includes(manifest.migration)) {
    throw new UserError(
      `the backup's schema is at migration ${manifest.migration}, which this version of Tambak does not know (newest here: ${names.at(-1)}); restore it with the version that made it or a newer one`,
    );
  }
  const upTo = Object.fromEntries(
    names.filter((n) => n <= manifest.migration).map((n) => [n, migrations[n]!]),
  );
  await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL TimeZone = 'UTC'; SET LOCAL DateStyle = 'ISO, YMD'; SET LOCAL IntervalStyle = 'postgres'`.execute(
      trx,
    );
    if (force) {
      for (const schema of BACKUP_SCHEMAS) {
        await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(trx);
      }
      await sql`CREATE SCHEMA public`.execute(trx);
      await sql`ALTER SCHEMA public OWNER TO pg_database_owner`.execute(trx);
      await sql`GRANT USAGE ON SCHEMA public TO PUBLIC`.execute(trx);
    }
    const migrator = new Migrator({ db: trx, provider: { getMigrations: async () => upTo } });
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (error || failed) throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);

    const mismatches: string[] = [];
    for (const table of manifest.tables) {
      const have = await targetColumns(trx, table);
      const want = table.columns;
      const same =
        have.length === want.length &&
        have.every(
          (c, i) =>
            c.name === want[i]!.name && c.type === want[i]!.type && c.generated === want[i]!.generated,
        );
      if (!same) mismatches.push(displayName(table));
    }
    if (mismatches.length > 0) {
      throw new UserError(
        `the schema rebuilt by the migrations differs from the backup's in: ${mismatches.join(', ')}`,
      );
    }
    const queues = manifest.tables.find((t) => t.schema === 'pgboss' && t.name === 'queue');
    if (queues) {
      const rows: string[] = [];
      for await (const row of lines(join(dir, queues.file))) rows.push(row);
      await makeQueuePartitions(trx, rows);
    }
    // The migrations seed rows (roles, the migration log): the backup's rows replace them.
    await sql`TRUNCATE ${sql.raw(manifest.tables.map(qualified).join(', '))}`.execute(trx);
    const byName = new Map(manifest.tables.map((t) => [displayName(t), t]));
    const tables = [...byName.keys()];
    for (const name of await loadOrder(trx, tables)) {
      const table = byName.get(name)!;
      const loaded = await loadTable(trx, dir, table);
      if (loaded !== table.rows) {
        throw new UserError(
          `table ${name}: the backup holds ${loaded} rows, the manifest says ${table.rows}`,
        );
      }
    }
    for (const seq of manifest.sequences) {
      if (seq.last_value === null) continue;
      await sql`SELECT setval(${qualified(seq)}::regclass, ${seq.last_value}::bigint, ${seq.is_called})`.execute(
        trx,
      );
    }
  });
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: { force: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  if (positionals.length !== 1) throw new UserError('usage: npm run restore -- BACKUP_DIR [--force]');
  const started = Date.now();
  const dir = resolve(positionals[0]!);
  const force = values.force === true;
  const manifest = await verifyBackup(dir);
  console.log(`Backup ${dir} verified: ${manifest.files.length} files, made ${manifest.created_at}`);

  const config = loadConfig();
  const uploadsDir = resolve(config.dataDir, 'uploads');
  const existingUploads = await listFiles(uploadsDir);
  const target = await openTarget(config, 'restore');
  try {
    const db = createDb(target.url, 1) as AnyDb;
    try {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = ANY(${BACKUP_SCHEMAS}) AND c.relkind IN ('r', 'p')`.execute(db);
      const tablesThere = rows[0]?.n ?? 0;
      if (!force && (tablesThere > 0 || existingUploads.length > 0)) {
        throw new UserError(
          `${target.label} is not empty (${tablesThere} tables, ${existingUploads.length} uploaded files in ${uploadsDir}); nothing was restored. Use --force to replace its contents.`,
        );
      }
      await restoreDatabase(db, dir, manifest, force);

      // Uploads: copied beside the folder, then swapped in, so a failed copy leaves the old one.
      const fresh = `${uploadsDir}.restoring-${process.pid}`;
      await rm(fresh, { recursive: true, force: true });
      await mkdir(fresh, { recursive: true });
      for (const file of manifest.files.filter((f) => f.path.startsWith('uploads/'))) {
        const dest = join(fresh, file.path.slice('uploads/'.length));
        await mkdir(dirname(dest), { recursive: true });
        await copyFile(join(dir, file.path), dest);
      }
      const old = `${uploadsDir}.replaced-${process.pid}`;
      if (existsSync(uploadsDir)) await rename(uploadsDir, old);
      await mkdir(dirname(uploadsDir), { recursive: true });
      await rename(fresh, uploadsDir);
      await rm(old, { recursive: true, force: true });

      console.log(`Restored into ${target.label}`);
      console.log(`  migration  ${manifest.migration}`);
      console.log(`  ${'table'.padEnd(24)} ${'backup'.padStart(8)} ${'restored'.padStart(8)}`);
      let differ = 0;
      for (const t of manifest.tables) {
        const { rows: counted } = await sql<{ n: string }>`
          SELECT count(*) AS n FROM ${sql.raw(qualified(t))}`.execute(db);
        const n = Number(counted[0]?.n ?? 0);
        if (n !== t.rows) differ += 1;
        console.log(
          `  ${displayName(t).padEnd(24)} ${String(t.rows).padStart(8)} ${String(n).padStart(8)}${n === t.rows ? '' : '  DIFFERS'}`,
        );
      }
      console.log(
        `  uploads    ${manifest.uploads.files} files, ${formatBytes(manifest.uploads.bytes)} -> ${uploadsDir}`,
      );
      console.log(`  time       ${Date.now() - started} ms`);
      if (differ > 0) throw new UserError(`${differ} tables have other row counts than the backup`);
    } finally {
      await db.destroy();
    }
  } finally {
    await target.close();
  }
}

runScript(main);
