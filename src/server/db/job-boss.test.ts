import { afterAll, describe, expect, inject, it } from 'vitest';
import { freshDatabase } from '../../../tests/helpers/server-process.ts';
import { createDb, type Db, migrateToLatest } from './database.ts';
import { startJobBoss } from './job-boss.ts';

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
