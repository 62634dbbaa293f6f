import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createFarm,
  type FarmSetup,
  ownerWithFarm,
  type QuickUser,
  quickUser,
  setPermission,
} from '#test/helpers/farm-fixtures';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from '../../app.ts';
import { STARTER_PRODUCTS } from '../../db/migrations/data/starter-products-0016.ts';

/**
 * Figures computed by hand (DOMAIN.md): ABW = weight ÷ count, size = 1000 ÷ ABW,
 * ADG = ΔABW ÷ days; feed in kg (Gram ÷ 1000); cost = the uses' stored value (qty × price).
 */
let app: App;
let owner: QuickUser;
let farm: FarmSetup;
let cycleId: string;
const FEED = STARTER_PRODUCTS[0].id;
const LIME = STARTER_PRODUCTS.find((p) => p.en_name.startsWith('Agricultural lime'))?.id as string;
const FEED_GRAM = STARTER_PRODUCTS.find((p, i) => i > 0 && p.category_id === 5)?.id as string;
const range = 'from=2026-03-01&to=2026-03-03';

const get = (url: string, user: QuickUser = owner) =>
  app.inject({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}lang=en`, headers: user.auth });

async function item(productId: string, unit: string, price: number): Promise<string> {
  const id = uuidv7();
  await app.ctx.db
    .insertInto('warehouse_items')
    .values({ id, farm_id: farm.farmId, product_id: productId, unit, price, qty: '1000' })
    .execute();
  return id;
}

async function use(
  warehouseId: string,
  pondId: string,
  day: string,
  time: string,
  qty: string,
  value: string,
) {
  await app.ctx.db
    .insertInto('warehouse_movements')
    .values({
      id: uuidv7(),
      farm_id: farm.farmId,
      warehouse_id: warehouseId,
      kind: 'use',
      qty,
      unit_price: 0,
      value,
      pond_id: pondId,
      cycle_id: pondId === farm.pondIds[0] ? cycleId : null,
      used_on: day,
      time,
    })
    .execute();
}

beforeAll(async () => {
  ({ app, owner, farm } = await ownerWithFarm(3, createTestApp));
  const [p0] = farm.pondIds;
  cycleId = uuidv7();
  await app.ctx.db
    .insertInto('cycles')
    .values({ id: cycleId, farm_id: farm.farmId, pond_id: p0, cycle_number: 1, start_date: '2026-01-01' })
    .execute();

  // Water through the API: -99 is "not measured"; 23:30 WIB on 03-03 is still that farm day.
  const reading = (measured_at: string, values: Record<string, number>) => ({
    id: uuidv7(),
    pond_id: p0,
    measured_at,
    ...values,
  });
  const res = await app.inject({
    method: 'POST',
    url: '/api/water/general/bulk',
    headers: owner.auth,
    payload: {
      items: [
        reading('2026-02-28T23:30:00+07:00', { ph: 8.0 }),
        reading('2026-03-01T06:00:00+07:00', { ph: 7.9, temperature: 29 }),
        reading('2026-03-01T14:00:00+07:00', { ph: -99, temperature: 33 }),
        reading('2026-03-02T06:00:00+07:00', { ph: 9.1 }),
        reading('2026-03-03T23:30:00+07:00', { ph: 8.2 }),
        reading('2026-03-04T00:10:00+07:00', { ph: 8.3 }),
      ],
    },
  });
  expect(res.json().data.results.map((r: { status: string }) => r.status)).toEqual(Array(6).fill('ok'));

  // Samplings: ABW 2 g (before the range), 4 g, then 5 g.
  const sampling = (sampled_on: string, shrimp_count: number, sample_weight: number) => ({
    id: uuidv7(),
    farm_id: farm.farmId,
    pond_id: p0,
    cycle_id: cycleId,
    sampled_on,
    shrimp_count,
    sample_weight,
  });
  await app.ctx.db
    .insertInto('samplings')
    .values([
      sampling('2026-02-20', 100, 200),
      sampling('2026-03-01', 100, 400),
      sampling('2026-03-03', 50, 250),
    ])
    .execute();

  const feedKg = await item(FEED, 'Kg', 20_000);
  const feedGram = await item(FEED_GRAM, 'Gram', 25);
  const lime = await item(LIME, 'Kg', 3000);
  await use(feedKg, p0, '2026-02-27', '07:00', '10', '200000');
  await use(feedKg, p0, '2026-03-01', '07:00', '5', '100000');
  await use(feedKg, p0, '2026-03-01', '16:00', '6.5', '130000');
  await use(feedGram, p0, '2026-03-01', '16:00', '500', '12500');
  await use(feedKg, p0, '2026-03-02', '07:00', '4', '80000');
  await use(lime, p0, '2026-03-02', '08:00', '20', '60000');
  await use(feedKg, p0, '2026-03-04', '07:00', '9', '180000');
  // A deleted use counts nowhere.
  await use(feedKg, p0, '2026-03-02', '16:00', '100', '2000000');
  await app.ctx.db
    .updateTable('warehouse_movements')
    .set({ deleted_at: new Date() })
    .where('qty', '=', '100')
    .execute();
  // Pond 2: two uses whose sum passes 2^53 rupiah.
  await use(lime, farm.pondIds[1], '2026-03-02', '08:00', '1', '9007199254740993');
  await use(lime, farm.pondIds[1], '2026-03-03', '08:00', '1', '9007199254740993');
});
afterAll(() => app.close());

describe('GET /api/chart/water', () => {
  it('plots measured values of the range only: -99 and readings outside the farm days are no points', async () => {
    const res = await get(`/api/chart/water?${range}&ponds=${farm.pondIds[0]}&parameter=ph`);
    expect(res.statusCode).toBe(200);
    const [series] = res.json().data;
    expect(series).toMatchObject({
      pond_id: farm.pondIds[0],
      pond_name: 'Kolam 1',
      unit: '',
      parameter: 'ph',
    });
    expect(series.points.map((p: { value: number }) => p.value)).toEqual([7.9, 9.1, 8.2]);
    expect(series.points.map((p: { day: string }) => p.day)).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
    ]);
    expect(series.points[0]).toMatchObject({
      time_of_day: 'morning',
      measured_at: '2026-03-01T06:00:00.000+07:00',
    });
    // The default vannamei standard until the farm stores its own.
    expect([series.standard_min, series.standard_max]).toEqual([7.8, 8.5]);
    expect(res.json().server_time).toMatch(/^\d{4}-/);
  });

  it('shades the farm’s own standard and keeps an out-of-standard value', async () => {
    await app.ctx.db
      .insertInto('water_settings')
      .values({ id: uuidv7(), farm_id: farm.farmId, parameter: 'temperature', min: 27, max: 31 })
      .execute();
    const res = await get(`/api/chart/water?${range}&ponds=${farm.pondIds[0]}&parameter=temperature`);
    const [series] = res.json().data;
    expect(series.points.map((p: { value: number }) => p.value)).toEqual([29, 33]);
    expect(series.points[1].time_of_day).toBe('afternoon');
    expect([series.standard_min, series.standard_max, series.unit]).toEqual([27, 31, '°C']);
  });

  it('answers every pond of the farm (by name) for farm_id, empty series included', async () => {
    const res = await get(`/api/chart/water?${range}&farm_id=${farm.farmId}&parameter=ph`);
    expect(
      res.json().data.map((s: { pond_name: string; points: unknown[] }) => [s.pond_name, s.points.length]),
    ).toEqual([
      ['Kolam 1', 3],
      ['Kolam 2', 0],
      ['Kolam 3', 0],
    ]);
  });

  it('refuses an unknown parameter and option fields (colour) with a field error', async () => {
    for (const parameter of ['nope', 'color', 'constructor']) {
      const res = await get(`/api/chart/water?${range}&ponds=${farm.pondIds[0]}&parameter=${parameter}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.parameter[0]).toMatch(/Unknown water-quality parameter/);
    }
  });
});

describe('GET /api/chart/sampling', () => {
  it('answers ABW, size and ADG against the previous sampling even before the range', async () => {
    const res = await get(`/api/chart/sampling?${range}&ponds=${farm.pondIds[0]}`);
    const points = res.json().data[0].points;
    expect(points.map((p: { day: string }) => p.day)).toEqual(['2026-03-01', '2026-03-03']);
    // 400 g / 100 = 4 g; 1000 / 4 = 250 /kg; (4 − 2) / 9 days = 0.2222 g/day.
    expect(points[0].abw).toBe(4);
    expect(points[0].size).toBe(250);
    expect(points[0].adg).toBeCloseTo(2 / 9, 10);
    // 250 g / 50 = 5 g; 200 /kg; (5 − 4) / 2 days = 0.5 g/day.
    expect([points[1].abw, points[1].size, points[1].adg]).toEqual([5, 200, 0.5]);
  });
});

describe('feed charts', () => {
  const pond = () => `${range}&ponds=${farm.pondIds[0]}`;

  it('/chart/feed: kg per feeding time (Gram items in kg), the cycle’s running total from before the range', async () => {
    for (const url of ['/api/chart/feed', '/api/chart/feedAccumulative']) {
      const [series] = (await get(`${url}?${pond()}`)).json().data;
      expect(
        series.points.map((p: { day: string; time: string; kg: number; cumulative_kg: number }) => [
          p.day,
          p.time,
          p.kg,
          p.cumulative_kg,
        ]),
      ).toEqual([
        ['2026-03-01', '07:00', 5, 15],
        ['2026-03-01', '16:00', 7, 22],
        ['2026-03-02', '07:00', 4, 26],
      ]);
      expect([series.total_kg, series.unit]).toEqual([16, 'kg']);
    }
  });

  it('/chart/feed/daily and /chart/feed/accumulative/daily: kg per day', async () => {
    for (const url of ['/api/chart/feed/daily', '/api/chart/feed/accumulative/daily']) {
      const [series] = (await get(`${url}?${pond()}`)).json().data;
      expect(
        series.points.map((p: { day: string; time: null; kg: number; cumulative_kg: number }) => [
          p.day,
          p.time,
          p.kg,
          p.cumulative_kg,
        ]),
      ).toEqual([
        ['2026-03-01', null, 12, 22],
        ['2026-03-02', null, 4, 26],
      ]);
    }
  });
});

describe('GET /api/chart/usagePrice', () => {
  it('sums the value of every item used per pond and day, exact past 2^53', async () => {
    const res = await get(`/api/chart/usagePrice?${range}&ponds=${farm.pondIds[0]},${farm.pondIds[1]}`);
    const [p0, p1] = res.json().data;
    // 03-01: 100.000 + 130.000 + 12.500; 03-02: 80.000 feed + 60.000 lime.
    expect(p0.points).toEqual([
      { day: '2026-03-01', value: '242500' },
      { day: '2026-03-02', value: '140000' },
    ]);
    expect(p0.total).toBe('382500');
    expect(p1.total).toBe('18014398509481986');
  });
});

describe('bad input', () => {
  const p0 = () => farm.pondIds[0];

  it('refuses from after to', async () => {
    const res = await get(`/api/chart/feed?from=2026-03-05&to=2026-03-01&ponds=${p0()}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'chart-range-invalid',
      message: 'The start date cannot be after the end date.',
      errors: { to: ['The start date (2026-03-05) is after the end date (2026-03-01).'] },
    });
  });

  it('refuses a range longer than 366 days, accepts exactly 366', async () => {
    const long = await get(`/api/chart/sampling?from=2025-01-01&to=2026-01-02&ponds=${p0()}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      code: 'chart-range-too-long',
      errors: { to: ['The range is 367 days; at most 366 days.'] },
    });
    expect((await get(`/api/chart/sampling?from=2025-01-01&to=2026-01-01&ponds=${p0()}`)).statusCode).toBe(
      200,
    );
  });

  it('refuses more than 20 ponds before reading any', async () => {
    const ponds = Array.from({ length: 21 }, () => uuidv7()).join(',');
    const res = await get(`/api/chart/usagePrice?${range}&ponds=${ponds}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'chart-too-many-ponds',
      errors: { ponds: ['21 ponds chosen; at most 20.'] },
    });
  });

  it('refuses the whole call for one unknown, malformed or foreign pond: no partial answer', async () => {
    const stranger = await quickUser(app, 'stranger');
    const { pondIds: theirs } = await createFarm(app, stranger, 1);
    for (const ponds of [`${p0()},${uuidv7()}`, `${p0()},not-a-uuid`, `${p0()},${theirs[0]}`]) {
      const res = await get(`/api/chart/feed?${range}&ponds=${ponds}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().errors.ponds).toEqual(['Pond not found, or you have no access to it.']);
      expect(res.json().data).toBeUndefined();
    }
  });

  it('asks for ponds or a farm', async () => {
    const res = await get(`/api/chart/feed?${range}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.ponds).toEqual(['Choose ponds or a farm.']);
  });
});

describe('permissions', () => {
  it('needs the feature’s view level: a member without warehouse view gets 403 on feed, water still works', async () => {
    const keeper = await quickUser(app, 'keeper');
    await addMember(app, farm.farmId, keeper, 4, { [farm.pondIds[0]]: 0 });
    await setPermission(app, farm.farmId, 4, 'warehouse', -1);
    expect((await get(`/api/chart/feed?${range}&ponds=${farm.pondIds[0]}`, keeper)).statusCode).toBe(403);
    const water = await get(`/api/chart/water?${range}&ponds=${farm.pondIds[0]}&parameter=ph`, keeper);
    expect(water.statusCode).toBe(200);
    // A restricted member: a pond outside their access is unknown; farm_id shows only theirs.
    const other = await get(`/api/chart/water?${range}&ponds=${farm.pondIds[1]}&parameter=ph`, keeper);
    expect(other.statusCode).toBe(404);
    const all = await get(`/api/chart/water?${range}&farm_id=${farm.farmId}&parameter=ph`, keeper);
    expect(all.json().data.map((s: { pond_id: string }) => s.pond_id)).toEqual([farm.pondIds[0]]);
  });
});

describe('odd queries never reach the database as 5xx', () => {
  it('answers 400 for impossible days, huge years, NUL and lone surrogates', async () => {
    const p0 = farm.pondIds[0];
    const urls = [
      `/api/chart/feed?from=2026-02-30&to=2026-03-01&ponds=${p0}`,
      `/api/chart/feed?from=2026-02-01&to=2026-13-01&ponds=${p0}`,
      `/api/chart/feed?from=0000-01-01&to=0000-01-02&ponds=${p0}`,
      `/api/chart/water?${range}&ponds=${p0}&parameter=p%00h`,
      `/api/chart/water?${range}&ponds=${p0}&parameter=%ED%A0%80`,
      `/api/chart/feed?${range}&ponds=${p0}%00`,
      `/api/chart/feed?${range}&ponds=,,,`,
      `/api/chart/feed?${range}&farm_id=${p0}&farm_id=${p0}`,
    ];
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });
});
