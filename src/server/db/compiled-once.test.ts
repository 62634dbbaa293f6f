import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from '../app.ts';
import { createFarmFixture, quickUser } from '../authz/fixture.ts';
import type { FarmFixture } from '../authz/types.ts';
import { CompiledOnce } from './compiled-once.ts';
import type { Db } from './database.ts';

let app: App;
let farm: FarmFixture;
let other: FarmFixture;
beforeAll(async () => {
  app = await createTestApp();
  const owner = await quickUser(app, 'owner');
  farm = await createFarmFixture(app, owner, 'C');
  other = await createFarmFixture(app, owner, 'D');
});
afterAll(() => app.close());

/** Pond names of a farm, optionally only some ids; counts how often the query is built. */
function pondNames(spread: boolean) {
  let built = 0;
  const query = new CompiledOnce((db, farmId: string, ids: string[] | undefined) => {
    built += 1;
    let q = (db as Db).selectFrom('ponds').select('name').where('farm_id', '=', farmId).orderBy('name');
    if (ids) q = spread ? q.where('id', 'in', ids) : q.where('id', '=', sql<string>`any(${ids}::uuid[])`);
    return q;
  }) as CompiledOnce<[string, string[] | undefined], { name: string }>;
  return { query, built: () => built };
}

describe('CompiledOnce', () => {
  it('builds a shape once and binds each run’s own values', async () => {
    const { query, built } = pondNames(false);
    const fresh = (farmId: string) =>
      app.ctx.db.selectFrom('ponds').select('name').where('farm_id', '=', farmId).orderBy('name').execute();
    expect(await query.execute(app.ctx.db, farm.farmId, undefined)).toEqual(await fresh(farm.farmId));
    expect(await query.execute(app.ctx.db, other.farmId, undefined)).toEqual(await fresh(other.farmId));
    expect(await query.execute(app.ctx.db, farm.farmId, undefined)).toEqual(await fresh(farm.farmId));
    // Learnt once: built with stand-ins and with the first run's values, to compare the texts.
    expect(built()).toBe(2);
    // Another shape (an input given) is learnt once more, and kept.
    expect(await query.execute(app.ctx.db, farm.farmId, [farm.pondId])).toHaveLength(1);
    expect(await query.execute(app.ctx.db, farm.farmId, [other.pondId])).toEqual([]);
    expect(built()).toBe(4);
  });

  it('does not keep a shape whose text depends on an input (a list spread into in (…))', async () => {
    const { query, built } = pondNames(true);
    expect(await query.execute(app.ctx.db, farm.farmId, [farm.pondId])).toHaveLength(1);
    expect(await query.execute(app.ctx.db, farm.farmId, [farm.pondId, other.pondId])).toHaveLength(1);
    expect(await query.execute(app.ctx.db, other.farmId, [farm.pondId])).toEqual([]);
    // Learnt once (two builds, found not to be kept), then built by every run.
    expect(built()).toBe(5);
  });

  it('runs inside a transaction given as the executor', async () => {
    const { query } = pondNames(false);
    const names = await app.ctx.db.transaction().execute((tx) => query.execute(tx, farm.farmId, undefined));
    expect(names.length).toBeGreaterThan(0);
  });
});
