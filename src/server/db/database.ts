import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import { PreparingClient } from './prepared-client.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
/** Repositories take either the pool-backed Db or a transaction. */
export type DbOrTx = Kysely<Database> | Transaction<Database>;

// numeric and bigint arrive as strings; counts are cast in SQL or converted with Number().
export function createDb(connectionString: string, max = 10): Db {
  // Kysely's statements run prepared (prepared-client.ts).
  const pool = new pg.Pool({ connectionString, max, Client: PreparingClient });
  // An idle client whose connection the server ends (restart, shutdown) emits 'error' on
  // the pool; unhandled, that would crash the process. The pool replaces the client.
  pool.on('error', (error) => {
    if (!/terminating connection/.test(error.message))
      console.error('[db] idle client error:', error.message);
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
