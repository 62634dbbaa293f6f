import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quickUser } from '#test/helpers/farm-fixtures';
import { type App, createTestApp } from '#test/helpers/test-app';
import { loadDemo } from '../../scripts/demo/load.ts';

let app: App;
// 8 ponds: the fewest a demo has (DEMO_MIN_PONDS), so every pond a seeded problem names exists.
const options = { seed: 7, ponds: 8, days: 240, today: '2026-11-20' };

const TABLES = [
  'ponds',
  'cycles',
  'water_general',
  'water_chemical',
  'water_biological',
  'stocks',
  'samplings',
  'deaths',
  'harvests',
  'finance_transactions',
  'warehouse_movements',
  'purchase_orders',
  'anco_checks',
  'water_changes',
  'notes',
] as const;

async function counts() {
  const row = async (table: (typeof TABLES)[number]) =>
    Number(
      (
        await app.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const all: Record<string, number> = {};
  for (const table of TABLES) all[table] = await row(table);
  return all;
}

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('the demo farm', () => {
  it('is not offered before it is loaded', async () => {
    const visitor = await quickUser(app, 'early');
    const status = await app.inject({ method: 'GET', url: '/api/demo', headers: visitor.auth });
    expect(status.json().data).toEqual({ available: false, farm_id: null, joined: false });
    const join = await app.inject({ method: 'POST', url: '/api/demo/join?lang=en', headers: visitor.auth });
    expect(join.statusCode).toBe(404);
    expect(join.json()).toMatchObject({
      code: 'demo-unavailable',
      message: 'The demo farm is not loaded on this server.',
    });
  });

  it('loads deterministically, and a second run with the same seed stores nothing twice', async () => {
    const first = await loadDemo(app, app.ctx.db, options);
    const after = await counts();
    expect(after.ponds).toBe(8);
    expect(after.cycles).toBeGreaterThanOrEqual(6);
    expect(after.water_general).toBeGreaterThan(8 * 100);
    // Every domain has its records: a stocking per cycle, samplings, deaths, harvests,
    // transactions and warehouse movements.
    expect(after.stocks).toBe(after.cycles);
    for (const table of [
      'samplings',
      'deaths',
      'harvests',
      'finance_transactions',
      'warehouse_movements',
    ] as const)
      expect(after[table], table).toBeGreaterThan(0);
    const again = await loadDemo(app, app.ctx.db, options);
    expect(again.farmId).toBe(first.farmId);
    expect(await counts()).toEqual(after);
    const active = await app.ctx.db
      .selectFrom('cycles')
      .select('id')
      .where('end_date', 'is', null)
      .where('farm_id', '=', first.farmId)
      .execute();
    expect(active.length).toBeGreaterThan(0);
  }, 180_000);

  it('opens read-only to any user, and its visitors are not chat contacts of each other', async () => {
    const ani = await quickUser(app, 'Ani');
    const budi = await quickUser(app, 'Budi');
    const status = (await app.inject({ method: 'GET', url: '/api/demo', headers: ani.auth })).json().data;
    expect(status).toMatchObject({ available: true, joined: false });
    for (const user of [ani, budi, ani]) {
      const join = await app.inject({ method: 'POST', url: '/api/demo/join', headers: user.auth });
      expect(join.statusCode).toBe(200);
      expect(join.json().data).toEqual({ available: true, farm_id: status.farm_id, joined: true });
    }
    const memberships = await app.ctx.db
      .selectFrom('user_farms')
      .select(['role_id'])
      .where('farm_id', '=', status.farm_id)
      .where('user_id', '=', ani.id)
      .where('deleted_at', 'is', null)
      .execute();
    expect(memberships).toEqual([{ role_id: 4 }]);

    const farms = (await app.inject({ method: 'GET', url: '/api/farm', headers: ani.auth })).json().data;
    expect(farms.map((f: { farm_id: string }) => f.farm_id)).toContain(status.farm_id);
    const ponds = (
      await app.inject({ method: 'GET', url: `/api/pond?farm_id=${status.farm_id}`, headers: ani.auth })
    ).json().data;
    expect(ponds).toHaveLength(8);
    const readings = await app.inject({
      method: 'GET',
      url: `/api/water/general?farm_id=${status.farm_id}&pond_id=${ponds[0].pond_id}`,
      headers: ani.auth,
    });
    expect(readings.statusCode).toBe(200);
    expect(readings.json().data.length).toBeGreaterThan(0);

    const write = await app.inject({
      method: 'POST',
      url: '/api/water/general/bulk?lang=en',
      headers: ani.auth,
      payload: {
        items: [{ id: uuidv7(), pond_id: ponds[0].pond_id, measured_at: '2026-11-19T06:00:00+07:00', ph: 8 }],
      },
    });
    expect(write.json().data.results[0]).toMatchObject({ status: 'error' });
    const pond = await app.inject({
      method: 'PUT',
      url: `/api/pond/${ponds[0].pond_id}/update`,
      headers: ani.auth,
      payload: { name: 'Mine now' },
    });
    expect([403, 404]).toContain(pond.statusCode);

    const contact = await app.inject({ method: 'GET', url: `/api/chat/users/${budi.id}`, headers: ani.auth });
    expect(contact.statusCode).toBe(404);
  });
});
