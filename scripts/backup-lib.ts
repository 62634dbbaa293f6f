import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import pg from 'pg';
import type { Config } from '../src/server/config.ts';
import { type EmbeddedCluster, startEmbeddedPostgres } from '../src/server/db/embedded.ts';

/**
 * What `npm run backup` and `npm run restore` share: the manifest format, hashing, and
 * how to reach the database the server uses (DATABASE_URL, else the embedded cluster).
 */

export const MANIFEST_FORMAT = 'tambak-backup';
export const MANIFEST_VERSION = 1;
/** The database main.ts creates in the embedded cluster. */
export const EMBEDDED_DATABASE = 'tambak';

/** A refusal or a wrong input: printed as a message, exit code 1, no stack trace. */
export class UserError extends Error {}

export interface ColumnInfo {
  name: string;
  type: string;
  /** Generated columns are recomputed on restore, never written. */
  generated: boolean;
}

export interface TableEntry {
  /** Absent in backups made before other schemas than public were copied. */
  schema?: string;
  name: string;
  columns: ColumnInfo[];
  rows: number;
  /** The data file, relative to the backup folder (JSON lines of row literals, gzip). */
  file: string;
}

export interface FileEntry {
  path: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  version: number;
  created_at: string;
  duration_ms: number;
  source: { kind: 'database-url' | 'embedded'; database: string; server_version: string };
  /** The last schema migration applied: restore rebuilds the schema up to this one. */
  migration: string;
  tables: TableEntry[];
  sequences: { schema?: string; name: string; last_value: string | null; is_called: boolean }[];
  uploads: { files: number; bytes: number };
  files: FileEntry[];
  /** sha256 of this manifest without this field (JSON, two-space indent). */
  checksum: string;
}

export function manifestChecksum(manifest: Omit<Manifest, 'checksum'> & { checksum?: string }): string {
  const { checksum: _ignored, ...rest } = manifest;
  return createHash('sha256')
    .update(JSON.stringify(rest, null, 2))
    .digest('hex');
}

export function sha256File(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** Every regular file under `root`, as paths relative to it with forward slashes, sorted. */
export async function listFiles(root: string): Promise<string[]> {
  if (!existsSync(root)) return [];
  const out: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) out.push(relative(root, full).split(sep).join('/'));
    }
  };
  await walk(root);
  return out.sort();
}

export async function fileSize(path: string): Promise<number> {
  return (await stat(path)).size;
}

/** Session settings that make row literals unambiguous across machines (as pg_dump sets them). */
export async function setDumpSettings(client: pg.Client | pg.PoolClient): Promise<void> {
  await client.query(
    "SET DateStyle = 'ISO, YMD'; SET IntervalStyle = 'postgres'; SET TimeZone = 'UTC'; SET extra_float_digits = 3; SET client_encoding = 'UTF8'",
  );
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * The schemas the app's migrations make, copied whole: public, and pgboss (the job queue
 * of larvae counts and reports: its queues and the jobs waiting in them).
 */
export const BACKUP_SCHEMAS = ['public', 'pgboss'];

export interface TableName {
  schema: string;
  name: string;
}

/** `"schema"."table"`, for SQL. */
export function qualified(t: { schema?: string; name: string }): string {
  return `${quoteIdent(t.schema ?? 'public')}.${quoteIdent(t.name)}`;
}

/** `table` for schema public, `schema.table` otherwise: how backups name tables to people and files. */
export function displayName(t: { schema?: string; name: string }): string {
  return (t.schema ?? 'public') === 'public' ? t.name : `${t.schema}.${t.name}`;
}

/** Ordinary and partitioned tables of BACKUP_SCHEMAS (partitions are read through their parent). */
export async function listTables(client: pg.Client | pg.PoolClient): Promise<TableName[]> {
  const { rows } = await client.query<TableName>(
    `SELECT n.nspname AS schema, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ANY($1) AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      ORDER BY n.nspname <> 'public', 1, 2`,
    [BACKUP_SCHEMAS],
  );
  return rows;
}

export async function listColumns(
  client: pg.Client | pg.PoolClient,
  table: TableName,
): Promise<ColumnInfo[]> {
  const { rows } = await client.query<{ name: string; type: string; generated: boolean }>(
    `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, a.attgenerated <> '' AS generated
       FROM pg_attribute a
      WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY a.attnum`,
    [qualified(table)],
  );
  return rows;
}

export interface Target {
  url: string;
  kind: 'database-url' | 'embedded';
  /** Human description without the password. */
  label: string;
  /** Stops the embedded cluster if this process started it; otherwise nothing. */
  close(): Promise<void>;
}

function withoutPassword(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * The database the server uses, as main.ts picks it: DATABASE_URL when set; else the
 * embedded cluster under DATA_DIR/postgres on EMBEDDED_PG_PORT. When that cluster already
 * answers (a server is running), it is used as it is, never started a second time; when
 * it does not, it is started here (and stopped by `close()`).
 */
export async function openTarget(config: Config, mode: 'backup' | 'restore'): Promise<Target> {
  if (config.databaseUrl) {
    const url = config.databaseUrl;
    return { url, kind: 'database-url', label: withoutPassword(url), close: async () => {} };
  }
  const base = `postgres://postgres:postgres@127.0.0.1:${config.embeddedPgPort}/`;
  const dir = join(config.dataDir, 'postgres');
  let cluster: EmbeddedCluster | null = null;
  if (!(await answers(`${base}postgres`))) {
    if (mode === 'backup' && !existsSync(join(dir, 'PG_VERSION'))) {
      throw new UserError(
        `no database to back up: DATABASE_URL is not set and there is no embedded PostgreSQL under ${dir}`,
      );
    }
    cluster = await startEmbeddedPostgres(dir, config.embeddedPgPort, true);
  }
  const admin = new pg.Client({ connectionString: `${base}postgres` });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [EMBEDDED_DATABASE]);
    if (exists.rowCount === 0) {
      if (mode === 'backup') {
        await cluster?.stop();
        throw new UserError(
          `the embedded PostgreSQL under ${dir} has no database "${EMBEDDED_DATABASE}" yet`,
        );
      }
      await admin.query(`CREATE DATABASE ${quoteIdent(EMBEDDED_DATABASE)}`);
    }
  } finally {
    await admin.end();
  }
  const url = `${base}${EMBEDDED_DATABASE}`;
  return {
    url,
    kind: 'embedded',
    label: `embedded PostgreSQL ${dir} (port ${config.embeddedPgPort}${cluster ? ', started for this run' : ', already running'}), database ${EMBEDDED_DATABASE}`,
    close: async () => {
      await cluster?.stop();
    },
  };
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / 1024 / 1024).toFixed(1)} MiB`;
}

/** Runs a script's main, printing UserErrors plainly. */
export function runScript(main: () => Promise<void>): void {
  main().catch((error) => {
    if (error instanceof UserError) {
      console.error(`error: ${error.message}`);
      process.exit(1);
    }
    console.error(error);
    process.exit(2);
  });
}
