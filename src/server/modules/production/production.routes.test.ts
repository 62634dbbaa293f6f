import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  type FarmSetup,
  ownerWithFarm,
  type QuickUser,
  quickUser,
} from '#test/helpers/farm-fixtures';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from '../../app.ts';
import { farmToday } from '../../kernel/farm-clock.ts';

let app: App;
let owner: QuickUser;
let farm: FarmSetup;
beforeAll(async () => {
  ({ app, owner, farm } = await ownerWithFarm(9, createTestApp));
});
afterAll(() => app.close());

type Body = Record<string, unknown>;
const call = (user: QuickUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Body) =>
  app.inject({ method, url: `${url}${url.includes('?') ? '&' : '?'}lang=en`, headers: user.auth, payload });
const stockBody = (pondId: string, extra: Body = {}) => ({
  pond_id: pondId,
  stock_date: '2025-01-01',
  seed_net: 100_000,
  seed_actual: 100_000,
  seed_source: 'Hatchery Sumber Benur',
  pl_age: 10,
  bags: 50,
  ...extra,
});
const stock = async (pondId: string, extra: Body = {}) => {
  const res = await call(owner, 'POST', '/api/stock', stockBody(pondId, extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { stock_id: string; cycle_id: string };
};
const harvest = (stockId: string, extra: Body = {}, user = owner) =>
  call(user, 'POST', '/api/harvest', {
    stock_id: stockId,
    harvested_on: '2025-02-01',
    type: 'partial',
    weight_kg: 100,
    size: 100,
    price_per_kg: 55_000,
    ...extra,
  });
const death = (stockId: string, extra: Body = {}, user = owner) =>
  call(user, 'POST', '/api/death', { stock_id: stockId, died_on: '2025-01-10', count: 100, ...extra });

describe('stocking', () => {
  it('stocks a pond: a cycle starts on the stock date, density from the area (1000 m²)', async () => {
    const s = await stock(farm.pondIds[0]);
    const res = await call(owner, 'GET', `/api/stock?pond_id=${farm.pondIds[0]}`);
    expect(res.json().data[0]).toMatchObject({
      stock_id: s.stock_id,
      is_harvest: false,
      density: 100,
      seed_photo: null,
      seed_source: 'Hatchery Sumber Benur',
    });
    const cycles = await call(owner, 'GET', `/api/cycle?pond_id=${farm.pondIds[0]}`);
    expect(cycles.json().data).toMatchObject([
      { cycle_id: s.cycle_id, start_date: '2025-01-01', is_active: true },
    ]);
  });

  it("refuses a seed photo that is not one of the server's files or an https address, stores nothing", async () => {
    const bad = await call(
      owner,
      'POST',
      '/api/stock',
      stockBody(farm.pondIds[2], { seed_photo: 'javascript:alert(1)' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors ?? {})).toContain('seed_photo');
    const none = await call(owner, 'GET', `/api/stock?pond_id=${farm.pondIds[2]}`);
    expect(none.json().data).toEqual([]);
  });

  it('refuses a second active stocking with a translated 409, stores nothing', async () => {
    await stock(farm.pondIds[1]);
    const again = await call(
      owner,
      'POST',
      '/api/stock',
      stockBody(farm.pondIds[1], { stock_date: '2025-01-05' }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'stock-active-exists' });
    expect(again.json().message).toMatch(/active stocking/);
    const count = await app.ctx.db
      .selectFrom('stocks')
      .select('id')
      .where('pond_id', '=', farm.pondIds[1])
      .execute();
    expect(count).toHaveLength(1);
  });

  it('a replayed create stores one copy', async () => {
    const id = uuidv7();
    const first = await call(owner, 'POST', '/api/stock', stockBody(farm.pondIds[2], { stock_id: id }));
    const replay = await call(owner, 'POST', '/api/stock', stockBody(farm.pondIds[2], { stock_id: id }));
    expect([first.statusCode, replay.statusCode]).toEqual([201, 200]);
    expect(replay.json().data).toEqual(first.json().data);
    const rows = await app.ctx.db.selectFrom('stocks').select('id').where('id', '=', id).execute();
    expect(rows).toHaveLength(1);
  });

  it('400 with field errors: future date, zero seed, wrong types', async () => {
    const future = await call(
      owner,
      'POST',
      '/api/stock',
      stockBody(farm.pondIds[3], { stock_date: '2999-01-01' }),
    );
    expect(future.statusCode).toBe(400);
    expect(future.json().errors.stock_date).toEqual(['The date cannot be in the future.']);
    const zero = await call(owner, 'POST', '/api/stock', stockBody(farm.pondIds[3], { seed_actual: 0 }));
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors.seed_actual).toBeDefined();
    const text = await call(owner, 'POST', '/api/stock', stockBody(farm.pondIds[3], { seed_net: '100' }));
    expect(text.statusCode).toBe(400);
  });

  it('edits merge per field; lowering the seed below the dead and harvested is refused', async () => {
    const s = await stock(farm.pondIds[3], { seed_actual: 1_000 });
    expect((await death(s.stock_id, { count: 600 })).statusCode).toBe(201);
    const ok = await call(owner, 'PUT', `/api/stock/${s.stock_id}/update`, { bags: 7 });
    expect(ok.json().data).toMatchObject({ bags: 7, seed_actual: 1_000, version: 2 });
    const low = await call(owner, 'PUT', `/api/stock/${s.stock_id}/update`, { seed_actual: 500 });
    expect(low.statusCode).toBe(400);
    expect(low.json().errors.seed_actual).toEqual(['More shrimp dead and harvested than were stocked.']);
    const late = await call(owner, 'PUT', `/api/stock/${s.stock_id}/update`, { stock_date: '2025-01-20' });
    expect(late.json().errors.stock_date).toBeDefined();
  });

  it('stock-cycle update moves the cycle start; stock-cycle delete removes both', async () => {
    const s = await stock(farm.pondIds[4]);
    const res = await call(owner, 'PUT', `/api/stock-cycle/${s.stock_id}/update`, {
      stock_date: '2024-12-20',
    });
    expect(res.statusCode, res.body).toBe(200);
    const cycle = await call(owner, 'GET', `/api/cycle?cycle_id=${s.cycle_id}`);
    expect(cycle.json().data[0].start_date).toBe('2024-12-20');
    const plain = await call(owner, 'PUT', `/api/stock/${s.stock_id}/update`, { stock_date: '2024-12-01' });
    expect(plain.json().errors.stock_date).toEqual(['The stocking date cannot be before the cycle started.']);
    expect((await call(owner, 'DELETE', `/api/stock-cycle/${s.stock_id}/delete`)).statusCode).toBe(200);
    expect((await call(owner, 'GET', `/api/cycle?cycle_id=${s.cycle_id}`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `/api/stock?stock_id=${s.stock_id}`)).statusCode).toBe(404);
  });
});

describe('harvest and deaths', () => {
  let s: { stock_id: string; cycle_id: string };
  beforeAll(async () => {
    s = await stock(farm.pondIds[5], { seed_actual: 50_000 });
  });

  it('a partial harvest: revenue computed server-side in integer rupiah', async () => {
    const res = await harvest(s.stock_id, { weight_kg: 100.5, size: 120, price_per_kg: 55_001 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ revenue: Math.round(100.5 * 55_001), harvested_count: 12_060 });
  });

  it('refuses dates before stocking or in the future, and counts that are not whole', async () => {
    const before = await death(s.stock_id, { died_on: '2024-12-31' });
    expect(before.json().errors.died_on).toEqual(['The date cannot be before the stocking date.']);
    const future = await harvest(s.stock_id, { harvested_on: '2999-01-01' });
    expect(future.json().errors.harvested_on).toEqual(['The date cannot be in the future.']);
    const half = await death(s.stock_id, { count: 2.5 });
    expect(half.statusCode).toBe(400);
    const zero = await harvest(s.stock_id, { weight_kg: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors.weight_kg).toEqual(['Must be more than 0.']);
    const light = await death(s.stock_id, { total_weight_kg: 0 });
    expect(light.json().errors.total_weight_kg).toEqual(['Must be more than 0.']);
  });

  it('refuses more dead than stocked, and an edit that would make it so', async () => {
    const over = await death(s.stock_id, { count: 50_000 });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors.count).toEqual(['More shrimp dead and harvested than were stocked.']);
    const d = (await death(s.stock_id, { count: 1_000 })).json().data;
    const edit = await call(owner, 'PUT', `/api/death/${d.death_id}/update`, { count: 40_000 });
    expect(edit.statusCode).toBe(400);
    const ok = await call(owner, 'PUT', `/api/death/${d.death_id}/update`, { count: 1_200 });
    expect(ok.json().data.count).toBe(1_200);
  });

  it('a replayed death stores one copy', async () => {
    const id = uuidv7();
    const first = await death(s.stock_id, { death_id: id });
    // The list (its JSON written by PostgreSQL) holds the death as the write answered it.
    const listed = await call(owner, 'GET', `/api/death?stock_id=${s.stock_id}`);
    expect(listed.json().data.find((d: { death_id: string }) => d.death_id === id)).toEqual(
      first.json().data,
    );
    const replay = await death(s.stock_id, { death_id: id });
    expect(replay.statusCode).toBe(200);
    const rows = await app.ctx.db.selectFrom('deaths').select('id').where('id', '=', id).execute();
    expect(rows).toHaveLength(1);
  });

  it('farm deaths per day and cumulative before a date', async () => {
    const days = await call(owner, 'GET', `/api/death/farm?farm_id=${farm.farmId}&start_date=2025-01-01`);
    const mine = days.json().data.filter((r: { stock_id: string }) => r.stock_id === s.stock_id);
    expect(mine).toEqual([
      {
        pond_id: farm.pondIds[5],
        stock_id: s.stock_id,
        died_on: '2025-01-10',
        count: 1_300,
        total_weight_kg: null,
      },
    ]);
    const before = await call(
      owner,
      'GET',
      `/api/death/farm/cumulative/before?farm_id=${farm.farmId}&start_date=2025-01-11`,
    );
    expect(before.json().data.find((r: { stock_id: string }) => r.stock_id === s.stock_id).count).toBe(1_300);
  });

  it('the overview of the pond equals the hand-computed figures', async () => {
    await app.ctx.db
      .insertInto('samplings')
      .values([
        {
          id: uuidv7(),
          farm_id: farm.farmId,
          pond_id: farm.pondIds[5],
          cycle_id: s.cycle_id,
          sampled_on: '2025-01-20',
          shrimp_count: 100,
          sample_weight: 500,
        },
        {
          id: uuidv7(),
          farm_id: farm.farmId,
          pond_id: farm.pondIds[5],
          cycle_id: s.cycle_id,
          sampled_on: '2025-01-30',
          shrimp_count: 100,
          sample_weight: 800,
        },
      ])
      .execute();
    const res = await call(owner, 'GET', `/api/overview?farm_id=${farm.farmId}&pond_id=${farm.pondIds[5]}`);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = res.json().data.ponds;
    const population = 50_000 - 1_300 - 12_060;
    expect(row).toMatchObject({
      abw: 8,
      size: 125,
      population,
      death_count: 1_300,
      // No feed used yet (the warehouse's feed source answers 0 kg): no FCR.
      fcr: null,
      feed_kg: 0,
    });
    expect(row.adg).toBeCloseTo(0.3);
    // The 12,060 shrimp harvested alive survived (DOMAIN.md): (population + harvested) ÷ stocked.
    expect(row.sr).toBeCloseTo(((population + 12_060) / 50_000) * 100);
    expect(row.biomass_kg).toBeCloseTo((population * 8) / 1000);
    expect(row.productivity_kg_ha).toBeCloseTo(100.5 / 0.1);
    expect(res.json().data.summary.ponds).toBe(1);
  });

  it('a total harvest closes stocking and cycle; records are then refused; deleting it reopens', async () => {
    const total = await harvest(s.stock_id, {
      type: 'total',
      harvested_on: '2025-02-10',
      weight_kg: 200,
      size: 80,
    });
    expect(total.statusCode, total.body).toBe(201);
    const closed = (await call(owner, 'GET', `/api/stock?stock_id=${s.stock_id}`)).json().data[0];
    expect(closed.is_harvest).toBe(true);
    const cycle = (await call(owner, 'GET', `/api/cycle?cycle_id=${s.cycle_id}`)).json().data[0];
    expect(cycle.end_date).toBe('2025-02-10');
    const late = await death(s.stock_id, { died_on: '2025-02-10' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'cycle-harvested' });
    const id = total.json().data.harvest_id;
    expect((await call(owner, 'DELETE', `/api/harvest/${id}/delete`)).statusCode).toBe(200);
    const reopened = (await call(owner, 'GET', `/api/cycle?cycle_id=${s.cycle_id}`)).json().data[0];
    expect(reopened.is_active).toBe(true);
  });

  it('deleting a total harvest is refused once the pond has a newer cycle', async () => {
    const p = await stock(farm.pondIds[6], { seed_actual: 10_000 });
    const t = (await harvest(p.stock_id, { type: 'total', weight_kg: 50, size: 100 })).json().data;
    await stock(farm.pondIds[6], { stock_date: '2025-02-05' });
    const res = await call(owner, 'DELETE', `/api/harvest/${t.harvest_id}/delete`);
    expect(res.statusCode).toBe(409);
  });
});

describe("a new device's first pull (live=true, ADR 0086)", () => {
  it('lists the deaths of running cycles only; the whole list keeps the finished ones', async () => {
    const old = await stock(farm.pondIds[8], { seed_actual: 10_000 });
    const oldDeath = (await death(old.stock_id)).json().data.death_id as string;
    expect((await harvest(old.stock_id, { type: 'total', weight_kg: 50, size: 100 })).statusCode).toBe(201);
    const now = await stock(farm.pondIds[8], { stock_date: '2025-02-05' });
    const newDeath = (await death(now.stock_id, { died_on: '2025-02-06' })).json().data.death_id as string;
    const ids = async (query: string) => {
      const res = await call(owner, 'GET', `/api/death?farm_id=${farm.farmId}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { death_id: string }[]).map((d) => d.death_id);
    };
    const live = await ids('&live=true');
    expect(live).toContain(newDeath);
    expect(live).not.toContain(oldDeath);
    expect(await ids('')).toEqual(expect.arrayContaining([oldDeath, newDeath]));
    expect(await ids('&live=false')).toEqual(expect.arrayContaining([oldDeath, newDeath]));
    const wrong = await call(owner, 'GET', `/api/death?farm_id=${farm.farmId}&live=yes`);
    expect(wrong.statusCode).toBe(400);
  });
});

describe('permissions', () => {
  it('a viewer (role 4) may read but not stock, harvest or record deaths (403); other farms are 404', async () => {
    const viewer = await quickUser(app, 'viewer');
    await addMember(app, farm.farmId, viewer, 4, { [farm.pondIds[7]]: 0 });
    const s = await stock(farm.pondIds[7]);
    expect((await call(viewer, 'GET', `/api/stock?pond_id=${farm.pondIds[7]}`)).statusCode).toBe(200);
    const add = await call(viewer, 'POST', '/api/stock', stockBody(farm.pondIds[7]));
    expect(add.statusCode).toBe(403);
    expect((await death(s.stock_id, {}, viewer)).statusCode).toBe(403);
    expect((await harvest(s.stock_id, {}, viewer)).statusCode).toBe(403);
    const outsider = await quickUser(app, 'outsider');
    expect((await death(s.stock_id, {}, outsider)).statusCode).toBe(404);
    expect((await call(outsider, 'GET', `/api/overview?farm_id=${farm.farmId}`)).statusCode).toBe(404);
  });

  it('a technician (role 3) may fix their own death record within 24 h, not another’s', async () => {
    const tech = await quickUser(app, 'tech');
    await addMember(app, farm.farmId, tech, 3, { [farm.pondIds[7]]: 1 });
    const [s] = (await call(owner, 'GET', `/api/stock?pond_id=${farm.pondIds[7]}`)).json().data;
    const own = (await death(s.stock_id, { count: 3 }, tech)).json().data;
    expect((await call(tech, 'PUT', `/api/death/${own.death_id}/update`, { count: 4 })).statusCode).toBe(200);
    const others = (await death(s.stock_id, { count: 3 })).json().data;
    expect((await call(tech, 'PUT', `/api/death/${others.death_id}/update`, { count: 4 })).statusCode).toBe(
      403,
    );
    expect(farmToday()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
