/**
 * `npm run backup [-- --out DIR]`: a consistent copy of the database the server uses and
 * of DATA_DIR/uploads, with a manifest (migration, row counts, sha256 of every file).
 *
 * Database: every table of schemas public and pgboss (BACKUP_SCHEMAS) is read inside ONE repeatable-read, read-only
 * transaction (the snapshot pg_dump also uses), so the copy is consistent while the
 * server keeps writing. Rows are stored as PostgreSQL row literals (exact for every type),
 * one JSON string a line, gzip. The schema itself is not copied: restore rebuilds it with
 * the app's own migrations up to the one recorded here, then checks every column.
 * Uploads are copied after the snapshot, so every file a copied row refers to is there.
 */
import { createWriteStream, existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { loadConfig } from '../src/server/config.ts';
import {
  BACKUP_SCHEMAS,
  displayName,
  type FileEntry,
  fileSize,
  formatBytes,
  listColumns,
  listFiles,
  listTables,
  MANIFEST_FORMAT,
  MANIFEST_VERSION,
  type Manifest,
  manifestChecksum,
  openTarget,
  qualified,
  runScript,
  setDumpSettings,
  sha256File,
  type TableEntry,
  type TableName,
  UserError,
} from './backup-lib.ts';

const FETCH_ROWS = 2000;

function stamp(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
}

async function* tableRows(client: pg.Client, table: TableName): AsyncGenerator<string> {
  const cursor = `c_${displayName(table).replace(/\W/g, '_')}`;
  await client.query(
    `DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT r::text AS r FROM ${qualified(table)} AS r`,
  );
  for (;;) {
    const { rows } = await client.query<{ r: string }>(`FETCH ${FETCH_ROWS} FROM ${cursor}`);
    for (const row of rows) yield `${JSON.stringify(row.r)}\n`;
    if (rows.length < FETCH_ROWS) break;
  }
  await client.query(`CLOSE ${cursor}`);
}

async function dumpDatabase(client: pg.Client, outDir: string) {
  await setDumpSettings(client);
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
  try {
    const tables = await listTables(client);
    if (!tables.some((t) => t.schema === 'public' && t.name === 'kysely_migration')) {
      throw new UserError('the database has no migration table: is this a Tambak database?');
    }
    const migration = (
      await client.query<{ name: string }>('SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1')
    ).rows[0]?.name;
    if (!migration) throw new UserError('the database has no migration applied yet');
    const serverVersion = (await client.query<{ v: string }>('SHOW server_version')).rows[0]!.v;
    const entries: TableEntry[] = [];
    await mkdir(join(outDir, 'db'), { recursive: true });
    for (const table of tables) {
      const file = `db/${displayName(table)}.jsonl.gz`;
      let rows = 0;
      const counted = async function* (source: AsyncGenerator<string>) {
        for await (const line of source) {
          rows += 1;
          yield line;
        }
      };
      await pipeline(counted(tableRows(client, table)), createGzip(), createWriteStream(join(outDir, file)));
      entries.push({ ...table, columns: await listColumns(client, table), rows, file });
    }
    const { rows: seqNames } = await client.query<TableName>(
      `SELECT n.nspname AS schema, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = ANY($1) AND c.relkind = 'S' ORDER BY n.nspname <> 'public', 1, 2`,
      [BACKUP_SCHEMAS],
    );
    const sequences: Manifest['sequences'] = [];
    for (const seq of seqNames) {
      const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
        `SELECT last_value::text AS last_value, is_called FROM ${qualified(seq)}`,
      );
      sequences.push({
        ...seq,
        last_value: rows[0]?.last_value ?? null,
        is_called: rows[0]?.is_called ?? false,
      });
    }
    await client.query('COMMIT');
    return { tables: entries, migration, serverVersion, sequences };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' } }, allowPositionals: false });
  const started = Date.now();
  const config = loadConfig();
  const outDir = resolve(values.out ?? join('backups', `tambak-${stamp(new Date(started))}`));
  if (existsSync(outDir) && (await readdir(outDir)).length > 0) {
    throw new UserError(`${outDir} exists and is not empty; choose another --out`);
  }
  // Written beside the target and renamed at the end: a half-written backup never looks complete.
  const work = `${outDir}.partial-${process.pid}`;
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });

  const target = await openTarget(config, 'backup');
  let dump: Awaited<ReturnType<typeof dumpDatabase>>;
  try {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      dump = await dumpDatabase(client, work);
    } finally {
      await client.end();
    }
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  } finally {
    await target.close();
  }

  const uploadsDir = join(config.dataDir, 'uploads');
  const uploads = await listFiles(uploadsDir);
  await mkdir(join(work, 'uploads'), { recursive: true });
  for (const rel of uploads) {
    const dest = join(work, 'uploads', rel);
    await mkdir(dirname(dest), { recursive: true });
    await copyFile(join(uploadsDir, rel), dest);
  }

  const files: FileEntry[] = [];
  for (const rel of await listFiles(work)) {
    const full = join(work, rel);
    files.push({ path: rel, size: await fileSize(full), sha256: await sha256File(full) });
  }
  const uploadFiles = files.filter((f) => f.path.startsWith('uploads/'));
  const manifest: Omit<Manifest, 'checksum'> = {
    format: MANIFEST_FORMAT,
    version: MANIFEST_VERSION,
    created_at: new Date(started).toISOString(),
    duration_ms: Date.now() - started,
    source: {
      kind: target.kind,
      database: new URL(target.url).pathname.slice(1),
      server_version: dump.serverVersion,
    },
    migration: dump.migration,
    tables: dump.tables,
    sequences: dump.sequences,
    uploads: { files: uploadFiles.length, bytes: uploadFiles.reduce((s, f) => s + f.size, 0) },
    files,
  };
  const full: Manifest = { ...manifest, checksum: manifestChecksum(manifest) };
  await writeFile(join(work, 'manifest.json'), `${JSON.stringify(full, null, 2)}\n`);
  if (existsSync(outDir)) await rmdir(outDir); // empty, checked above
  await mkdir(dirname(outDir), { recursive: true });
  await rename(work, outDir);

  const totalBytes = files.reduce((s, f) => s + f.size, 0);
  const totalRows = dump.tables.reduce((s, t) => s + t.rows, 0);
  console.log(`Backup written to ${outDir}`);
  console.log(`  source     ${target.label}`);
  console.log(`  migration  ${dump.migration}`);
  console.log(`  tables     ${dump.tables.length}, ${totalRows} rows`);
  for (const t of dump.tables) console.log(`    ${displayName(t).padEnd(24)} ${String(t.rows).padStart(8)}`);
  console.log(`  uploads    ${manifest.uploads.files} files, ${formatBytes(manifest.uploads.bytes)}`);
  console.log(`  size       ${formatBytes(totalBytes)} in ${files.length + 1} files`);
  console.log(`  time       ${Date.now() - started} ms`);
}

runScript(main);
