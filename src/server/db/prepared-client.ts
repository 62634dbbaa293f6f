import { createHash } from 'node:crypto';
import pg from 'pg';
import { sawStatement } from './table-writes.ts';

/** Distinct statement texts prepared at most (per process; each connection prepares those it runs). */
const MAX_PREPARED = 1000;
const names = new Map<string, string>();

/** The prepared-statement name of a text, or none once MAX_PREPARED texts have one. */
function nameOf(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined || names.size >= MAX_PREPARED) return known;
  const name = `k${createHash('sha1').update(text).digest('base64url')}`;
  names.set(text, name);
  return name;
}

/**
 * The pool's client: a statement with parameters (what Kysely sends for every query it
 * builds) runs as a named prepared statement, so PostgreSQL parses it once per connection
 * and, after a few runs, plans it once too, instead of on every request. Statements
 * without parameters (BEGIN, COMMIT, migrations' DDL, which may hold several statements)
 * go as they are. The set of names is bounded: texts that vary with their input (an
 * `in ($1, …, $n)` list) stop being prepared once MAX_PREPARED texts are known. Every text
 * is shown to the table-write watchers first (table-writes.ts).
 */
export class PreparingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query() has a dozen overloads; this forwards them
  override query(config: any, values?: any, callback?: any): any {
    const text = typeof config === 'string' ? config : config?.text;
    if (typeof text === 'string') sawStatement(text);
    if (typeof config === 'string' && Array.isArray(values) && values.length > 0) {
      const name = nameOf(config);
      if (name) return super.query({ name, text: config, values }, callback);
    }
    return super.query(config, values, callback);
  }
}
