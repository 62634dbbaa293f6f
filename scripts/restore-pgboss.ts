import { type Kysely, sql } from 'kysely';

/**
 * pg-boss keeps the jobs of each queue in a partition of pgboss.job that it makes at run
 * time (pgboss.create_queue: the table, its policy indexes, ATTACH PARTITION), not in a
 * migration. Before the backup's jobs are loaded, each queue of the backup gets its
 * partition the same way; the queue rows it writes are then replaced by the backup's.
 * `queueRows` are the backup's pgboss.queue row literals.
 */
export async function makeQueuePartitions(
  // biome-ignore lint/suspicious/noExplicitAny: the restore works on any schema
  trx: Kysely<any>,
  queueRows: string[],
): Promise<void> {
  if (queueRows.length === 0) return;
  const { rows } = await sql<{ ok: boolean }>`
    SELECT to_regprocedure('pgboss.create_queue(text, json)') IS NOT NULL AS ok`.execute(trx);
  if (!rows[0]?.ok) throw new Error('the backup holds pg-boss queues, but pgboss.create_queue is missing');
  await sql`SELECT pgboss.create_queue(q.name, '{}'::json)
              FROM unnest(${queueRows}::text[]::pgboss.queue[]) AS q
             WHERE NOT EXISTS (SELECT 1 FROM pgboss.queue e WHERE e.name = q.name)`.execute(trx);
}
