import { afterAll, describe, expect, inject, it } from 'vitest';
import { freshDatabase } from '../../../tests/helpers/server-process.ts';
import { createDb, type Db, migrateToLatest } from './database.ts';
import { type IdJobOptions, IdJobQueue, startJobBoss } from './job-boss.ts';

/**
 * Instances starting together create their pg-boss queues at the same moment (the CI run
 * of the two-instance test lost a server to a 40P01 deadlock in create_queue): here
 * three "instances", each with its own pool, start two queues each at once.
 */
const pools: Db[] = [];
afterAll(async () => {
  await Promise.all(pools.map((db) => db.destroy()));
});

describe('startJobBoss', () => {
  it('starts every queue of instances starting at once, none failing', async () => {
    const url = await freshDatabase(inject('pgBaseUrl'));
    const first = createDb(url, 4);
    pools.push(first);
    await migrateToLatest(first);
    for (let i = 0; i < 2; i++) pools.push(createDb(url, 4));
    const starts = pools.flatMap((db) =>
      ['larvae-count', 'report-build'].map((queue) => startJobBoss(db, queue, () => {})),
    );
    const results = await Promise.allSettled(starts);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    await Promise.all(
      results.map((r) => (r.status === 'fulfilled' ? r.value.stop({ graceful: false, wait: true }) : null)),
    );
  });
});

/**
 * Issue 32 (a small server): an idle server runs no pg-boss. A queue with nothing waiting
 * stays stopped at start and its first job starts it (the job still runs); a queue with a
 * job left by a stopped server starts at once and runs that job.
 */
describe('IdJobQueue start on demand', () => {
  const queueOf = (db: Db, queue: string, ran: (id: string) => void) => {
    const options: IdJobOptions = {
      db,
      queue,
      retries: 0,
      expireInSeconds: 60,
      log: () => {},
      run: async (id) => ran(id),
      giveUp: async () => {},
    };
    return new IdJobQueue(options);
  };
  const nextRun = () => {
    let done: (id: string) => void = () => {};
    const ran = new Promise<string>((resolve) => {
      done = resolve;
    });
    return { ran, done };
  };

  it('stays stopped with nothing waiting, then runs its first job', async () => {
    const url = await freshDatabase(inject('pgBaseUrl'));
    const db = createDb(url, 4);
    pools.push(db);
    await migrateToLatest(db);
    const { ran, done } = nextRun();
    const jobs = queueOf(db, 'idle-queue', done);
    expect(await jobs.startIfPending()).toBe(false);
    expect(jobs.started).toBe(false);
    await jobs.enqueue('row-1');
    expect(jobs.started).toBe(true);
    expect(await ran).toBe('row-1');
    await jobs.stop();
  });

  it('starts at once when a stopped server left a job waiting, and runs it', async () => {
    const url = await freshDatabase(inject('pgBaseUrl'));
    const db = createDb(url, 4);
    pools.push(db);
    await migrateToLatest(db);
    // The "stopped server": a job sent, nobody working the queue.
    const boss = await startJobBoss(db, 'left-queue', () => {});
    await boss.send('left-queue', { id: 'row-2' });
    await boss.stop({ graceful: false, wait: true });
    const { ran, done } = nextRun();
    const jobs = queueOf(db, 'left-queue', done);
    expect(await jobs.startIfPending()).toBe(true);
    expect(await ran).toBe('row-2');
    await jobs.stop();
  });
});
