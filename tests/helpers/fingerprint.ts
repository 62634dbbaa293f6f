import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { listFiles, quoteIdent, setDumpSettings } from '../../scripts/backup-lib.ts';

/**
 * What a database and an uploads folder hold, as row counts and hashes, to compare a
 * restore with its source. The tables and sequences are found in pg_catalog (every schema
 * but PostgreSQL's own), never from a list, so a table the backup leaves out shows up.
 */

export interface Fingerprint {
  /** `schema.table` → rows and md5 of the rows' md5s in primary-key order. */
  tables: Map<string, { rows: number; hash: string }>;
  /** `schema.sequence` → `last_value/is_called`. */
  sequences: Map<string, string>;
}

const USER_SCHEMAS = `n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'`;

const qualified = (schema: string, name: string) => `${quoteIdent(schema)}.${quoteIdent(name)}`;

/** Ordinary and partitioned tables (a partition's rows are read through its parent). */
async function tables(client: pg.Client) {
  const { rows } = await client.query<{ schema: string; name: string; pk: string[] | null }>(
    `SELECT n.nspname AS schema, c.relname AS name,
            (SELECT array_agg(a.attname::text ORDER BY k.ord)
               FROM pg_index i, unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord), pg_attribute a
              WHERE i.indrelid = c.oid AND i.indisprimary AND a.attrelid = c.oid AND a.attnum = k.attnum) AS pk
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE ${USER_SCHEMAS} AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      ORDER BY 1, 2`,
  );
  return rows;
}

/**
 * Every table's row count and content hash: md5 over the md5 of each row's text, rows in
 * primary-key order (the whole row's text where a table has none). Row text is taken with
 * the backup's session settings (UTC, ISO dates, exact floats) on both sides.
 */
export async function fingerprintDatabase(url: string): Promise<Fingerprint> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await setDumpSettings(client);
    const out: Fingerprint = { tables: new Map(), sequences: new Map() };
    for (const t of await tables(client)) {
      const order = t.pk?.length ? t.pk.map((c) => `r.${quoteIdent(c)}`).join(', ') : 'r::text COLLATE "C"';
      const { rows } = await client.query<{ n: string; h: string }>(
        `SELECT count(*) AS n, md5(coalesce(string_agg(md5(r::text), '' ORDER BY ${order}), '')) AS h
           FROM ${qualified(t.schema, t.name)} AS r`,
      );
      out.tables.set(`${t.schema}.${t.name}`, { rows: Number(rows[0]!.n), hash: rows[0]!.h });
    }
    const { rows: seqs } = await client.query<{ schema: string; name: string }>(
      `SELECT n.nspname AS schema, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE ${USER_SCHEMAS} AND c.relkind = 'S' ORDER BY 1, 2`,
    );
    for (const s of seqs) {
      const { rows } = await client.query<{ v: string }>(
        `SELECT last_value::text || '/' || is_called::text AS v FROM ${qualified(s.schema, s.name)}`,
      );
      out.sequences.set(`${s.schema}.${s.name}`, rows[0]!.v);
    }
    return out;
  } finally {
    await client.end();
  }
}

/** The next value of every sequence (advances them: call it last). */
export async function nextValues(url: string, sequences: Iterable<string>): Promise<Map<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const out = new Map<string, string>();
    for (const name of sequences) {
      const [schema, seq] = name.split('.') as [string, string];
      const { rows } = await client.query<{ v: string }>('SELECT nextval($1::regclass)::text AS v', [
        qualified(schema, seq),
      ]);
      out.set(name, rows[0]!.v);
    }
    return out;
  } finally {
    await client.end();
  }
}

/** The files under `root` (an uploads folder): count, bytes, and sha256 over `path sha256` lines. */
export async function fingerprintFiles(
  root: string,
): Promise<{ files: number; bytes: number; hash: string }> {
  const all = createHash('sha256');
  let bytes = 0;
  const rels = await listFiles(root);
  for (const rel of rels) {
    const data = readFileSync(join(root, rel));
    bytes += data.length;
    all.update(`${rel} ${createHash('sha256').update(data).digest('hex')}\n`);
  }
  return { files: rels.length, bytes, hash: all.digest('hex') };
}

/** One line per table and sequence, source beside restore; `identical` when every one matches. */
export function compareFingerprints(source: Fingerprint, restored: Fingerprint) {
  const lines: string[] = [];
  const differ: string[] = [];
  const names = [...new Set([...source.tables.keys(), ...restored.tables.keys()])].sort();
  const width = Math.max(24, ...names.map((n) => n.length));
  lines.push(`${'table'.padEnd(width)} ${'rows'.padStart(9)} ${'md5'.padEnd(32)}  restored`);
  for (const name of names) {
    const a = source.tables.get(name);
    const b = restored.tables.get(name);
    const same = a !== undefined && b !== undefined && a.rows === b.rows && a.hash === b.hash;
    if (!same) differ.push(name);
    const side = (x?: { rows: number; hash: string }) =>
      x ? `${String(x.rows).padStart(9)} ${x.hash}` : `${'missing'.padStart(9)} ${''.padEnd(32)}`;
    lines.push(`${name.padEnd(width)} ${side(a)}  ${same ? 'same' : `DIFFERS:${side(b)}`}`);
  }
  const seqs = [...new Set([...source.sequences.keys(), ...restored.sequences.keys()])].sort();
  for (const name of seqs) {
    const a = source.sequences.get(name);
    const b = restored.sequences.get(name);
    if (a !== b) differ.push(name);
    lines.push(
      `sequence ${name.padEnd(width - 9)} ${a ?? 'missing'}  ${a === b ? 'same' : `DIFFERS: ${b ?? 'missing'}`}`,
    );
  }
  return { lines, differ, identical: differ.length === 0 };
}
