import { CompiledQuery, sql } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Db } from './database.ts';

/**
 * A started pg-boss over the app's own pool (its schema comes with our migrations), with
 * `queue` created. Instances that start together (a rolling deploy; the two-instance
 * test) create their queues at the same moment, and pg-boss's create_queue then deadlocks
 * between one instance's partition DDL and the other's queue row (40P01): the creations
 * take turns under one advisory lock, so no instance fails its start.
 */
export async function startJobBoss(db: Db, queue: string, log: (line: string) => void): Promise<PgBoss> {
  // pg-boss (and cron-parser, luxon under it) in its own chunk of the built server, read on
  // the first job rather than by every idle server (issue 32: ≤ 100 MB at idle).
  const { default: Boss } = await import('pg-boss');
  const boss = new Boss({
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

export interface IdJobOptions {
  db: Db;
  queue: string;
  /** Tries after the first; the last failure calls `giveUp`. */
  retries: number;
  expireInSeconds: number;
  log: (line: string) => void;
  /** One job: the id of the row it works on. Throwing lets pg-boss try again. */
  run: (id: string) => Promise<void>;
  /** After the last try failed: leave the row with an answer, never "running" for ever. */
  giveUp: (id: string) => Promise<void>;
}

/**
 * A queue of jobs that each work on one row by its id, one at a time (larvae counts,
 * reports): started by its first job, or with the app when jobs wait in it (a server
 * stopped with work queued), stopped with the app. An idle server runs no pg-boss: no
 * worker polling twice a second, no supervisor, no pg-boss code loaded.
 */
export class IdJobQueue {
  private boss: PgBoss | null = null;
  private starting: Promise<void> | null = null;

  constructor(private readonly o: IdJobOptions) {}

  start(): Promise<void> {
    this.starting ??= this.startBoss().catch((error) => {
      this.starting = null;
      throw error;
    });
    return this.starting;
  }

  /**
   * Starts the queue when jobs wait in it (queued, retrying or left active by a stopped
   * server; one indexed read); otherwise its first job starts it. True when started.
   */
  async startIfPending(): Promise<boolean> {
    const { db, queue } = this.o;
    const waiting = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM (
        SELECT 1 FROM pgboss.job WHERE name = ${queue} AND state IN ('created', 'retry', 'active') LIMIT 1
      ) AS j
    `.execute(db);
    if ((waiting.rows[0]?.n ?? 0) === 0) return false;
    await this.start();
    return true;
  }

  /** Whether pg-boss runs for this queue (started, or starting). */
  get started(): boolean {
    return this.starting !== null;
  }

  private async startBoss(): Promise<void> {
    const { db, queue, log } = this.o;
    const boss = await startJobBoss(db, queue, log);
    await boss.work<{ id: string }>(
      queue,
      { batchSize: 1, pollingIntervalSeconds: 0.5, includeMetadata: true },
      async ([job]) => {
        if (!job) return;
        try {
          await this.o.run(job.data.id);
        } catch (error) {
          log(`[${queue}] ${job.data.id}: ${String(error)}`);
          if ((job as { retryCount?: number }).retryCount === this.o.retries)
            await this.o.giveUp(job.data.id);
          throw error;
        }
      },
    );
    this.boss = boss;
  }

  async enqueue(id: string): Promise<void> {
    if (!this.boss) await this.start();
    await this.boss?.send(
      this.o.queue,
      { id },
      { retryLimit: this.o.retries, retryDelay: 1, expireInSeconds: this.o.expireInSeconds },
    );
  }

  async stop(): Promise<void> {
    // A start under way finishes first, or its boss would outlive the stop.
    await this.starting?.catch(() => undefined);
    const boss = this.boss;
    this.boss = null;
    this.starting = null;
    if (boss) await boss.stop({ graceful: true, wait: true, timeout: 15_000 });
  }
}
