import { CompiledQuery, sql } from 'kysely';
import PgBoss from 'pg-boss';
import type { Db } from './database.ts';

/**
 * A started pg-boss over the app's own pool (its schema comes with our migrations), with
 * `queue` created. Instances that start together (a rolling deploy; the two-instance
 * test) create their queues at the same moment, and pg-boss's create_queue then deadlocks
 * between one instance's partition DDL and the other's queue row (40P01): the creations
 * take turns under one advisory lock, so no instance fails its start.
 */
export async function startJobBoss(db: Db, queue: string, log: (line: string) => void): Promise<PgBoss> {
  const boss = new PgBoss({
    db: {
      executeSql: async (text: string, values: unknown[]) =>
        db.executeQuery(CompiledQuery.raw(text, values ?? [])) as Promise<{ rows: unknown[] }>,
    },
    schema: 'pgboss',
    migrate: false,
    supervise: true,
    schedule: false,
  });
  boss.on('error', (error: Error) => log(`[${queue}] ${error.message}`));
  await boss.start();
  await db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtext('tambak:pg-boss-queues'))`.execute(tx);
    await boss.createQueue(queue);
  });
  return boss;
}
