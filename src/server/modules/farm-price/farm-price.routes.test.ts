import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createFarm,
  type FarmSetup,
  ownerWithFarm,
  type QuickUser,
  quickUser,
  stockWithSampling,
} from '#test/helpers/farm-fixtures';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from '../../app.ts';
import { farmToday } from '../../kernel/farm-clock.ts';

let app: App;
let owner: QuickUser;
let technician: QuickUser;
let stranger: QuickUser;
let farm: FarmSetup;
let other: FarmSetup;

beforeAll(async () => {
  ({ app, owner, farm } = await ownerWithFarm(1, createTestApp));
  other = await createFarm(app, owner, 0);
  technician = await quickUser(app, 'tech');
  await addMember(app, farm.farmId, technician, 3);
  stranger = await quickUser(app, 'stranger');
  await createFarm(app, stranger, 0);
});
afterAll(() => app?.close());

const sixtyDaysAgo = () => {
  const d = new Date(`${farmToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 60);
  return d.toISOString().slice(0, 10);
};
const savePrices = (user: QuickUser, payload: object, lang = 'en') =>
  app.inject({ method: 'POST', url: `/api/farmPrice?lang=${lang}`, headers: user.auth, payload });
const list = (user: QuickUser, farmId = farm.farmId) =>
  app.inject({ method: 'GET', url: `/api/farmPrice?farm_id=${farmId}`, headers: user.auth });
const saveSizes = (user: QuickUser, payload: object, lang = 'en') =>
  app.inject({ method: 'POST', url: `/api/forecastSetting?lang=${lang}`, headers: user.auth, payload });

describe('POST /api/farmPrice', () => {
  it('saves a dated list whole: a size left out next time is gone, the others updated', async () => {
    const first = await savePrices(owner, {
      farm_id: farm.farmId,
      valid_from: '2026-01-01',
      prices: [
        { size: 50, price_per_kg: 70_000 },
        { size: 100, price_per_kg: 52_000 },
      ],
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.map((r: { size: number }) => r.size)).toEqual([50, 100]);
    const second = await savePrices(owner, {
      farm_id: farm.farmId,
      valid_from: '2026-01-01',
      prices: [{ size: 50, price_per_kg: 72_000 }],
    });
    expect(second.statusCode).toBe(200);
    const rows = (await list(owner)).json().data;
    expect(rows).toEqual([
      expect.objectContaining({
        valid_from: '2026-01-01',
        size: 50,
        price_per_kg: 72_000,
        farm_id: farm.farmId,
      }),
    ]);
    // A member reads it (the forecast shows revenue to whoever sees the ponds).
    expect((await list(technician)).statusCode).toBe(200);
  });

  it.each([
    [
      'a price with decimals',
      { size: 50, price_per_kg: 70_000.5 },
      'prices.0.price_per_kg',
      /without decimals/,
    ],
    ['a negative price', { size: 50, price_per_kg: -5 }, 'prices.0.price_per_kg', /from 1 to/],
    ['a price as text', { size: 50, price_per_kg: 'NaN' }, 'prices.0.price_per_kg', /.+/],
    ['a size out of range', { size: 5, price_per_kg: 70_000 }, 'prices.0.size', /whole number/],
    ['a size with decimals', { size: 50.5, price_per_kg: 70_000 }, 'prices.0.size', /whole number/],
  ])('refuses %s with a translated 400, saving nothing', async (_name, price, field, message) => {
    const res = await savePrices(owner, { farm_id: farm.farmId, valid_from: '2026-02-01', prices: [price] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field][0]).toMatch(message);
    const rows = (await list(owner)).json().data;
    expect(rows.some((r: { valid_from: string }) => r.valid_from === '2026-02-01')).toBe(false);
  });

  it('refuses a size twice, a bad day and wrong types, in Indonesian too', async () => {
    const twice = await savePrices(
      owner,
      {
        farm_id: farm.farmId,
        valid_from: '2026-02-01',
        prices: [
          { size: 50, price_per_kg: 70_000 },
          { size: 50, price_per_kg: 71_000 },
        ],
      },
      'id',
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors['prices.1.size'][0]).toMatch(/dua kali/);
    const decimals = await savePrices(
      owner,
      { farm_id: farm.farmId, valid_from: '2026-02-01', prices: [{ size: 50, price_per_kg: 1.5 }] },
      'id',
    );
    expect(decimals.json().errors['prices.0.price_per_kg'][0]).toMatch(/tanpa desimal/);
    const day = await savePrices(owner, { farm_id: farm.farmId, valid_from: '2026-13-40', prices: [] });
    expect(day.statusCode).toBe(400);
    const types = await savePrices(owner, { farm_id: farm.farmId, valid_from: '2026-02-01', prices: 'x' });
    expect(types.statusCode).toBe(400);
    const notUuid = await savePrices(owner, { farm_id: 'x', valid_from: '2026-02-01', prices: [] });
    expect(notUuid.statusCode).toBe(400);
  });

  it('needs edit on finance or harvest (403), and another farm is 404', async () => {
    const body = {
      farm_id: farm.farmId,
      valid_from: '2026-03-01',
      prices: [{ size: 60, price_per_kg: 60_000 }],
    };
    expect((await savePrices(technician, body)).statusCode).toBe(403);
    expect((await savePrices(stranger, body)).statusCode).toBe(404);
    expect((await list(stranger)).statusCode).toBe(404);
    expect((await list(owner, uuidv7())).statusCode).toBe(404);
  });
});

describe('target sizes: GET/POST /api/forecastSetting', () => {
  it('answers the defaults, then the farm own, largest count first', async () => {
    const get = () =>
      app.inject({ method: 'GET', url: `/api/forecastSetting?farm_id=${other.farmId}`, headers: owner.auth });
    expect((await get()).json().data[0]).toEqual({
      farm_id: other.farmId,
      target_sizes: [100, 70, 50],
      is_default: true,
    });
    const saved = await saveSizes(owner, { farm_id: other.farmId, target_sizes: [40, 80] });
    expect(saved.statusCode).toBe(200);
    expect((await get()).json().data[0]).toEqual({
      farm_id: other.farmId,
      target_sizes: [80, 40],
      is_default: false,
    });
  });

  it('refuses a size every running pond has passed, a size twice and a bad size, saving nothing', async () => {
    // The farm's one running pond is at 25 g (size 40).
    await stockWithSampling(
      app,
      owner,
      { farmId: farm.farmId, pondId: farm.pondIds[0] as string },
      { stockDate: sixtyDaysAgo(), seed: 1000 },
      { sampledOn: farmToday(), count: 10, weight: 250 },
    );
    const passed = await saveSizes(owner, { farm_id: farm.farmId, target_sizes: [100, 30] });
    expect(passed.statusCode).toBe(400);
    expect(passed.json().errors.target_sizes[0]).toMatch(/already passed/);
    const passedId = await saveSizes(owner, { farm_id: farm.farmId, target_sizes: [100] }, 'id');
    expect(passedId.json().errors.target_sizes[0]).toMatch(/sudah terlewati/);
    const twice = await saveSizes(owner, { farm_id: farm.farmId, target_sizes: [30, 30] });
    expect(twice.json().errors.target_sizes[0]).toMatch(/twice/);
    const bad = await saveSizes(owner, { farm_id: farm.farmId, target_sizes: [30.5] });
    expect(bad.statusCode).toBe(400);
    const text = await saveSizes(owner, { farm_id: farm.farmId, target_sizes: ['abc'] });
    expect(text.statusCode).toBe(400);
    const setting = await app.inject({
      method: 'GET',
      url: `/api/forecastSetting?farm_id=${farm.farmId}`,
      headers: owner.auth,
    });
    expect(setting.json().data[0].is_default).toBe(true);
    expect((await saveSizes(technician, { farm_id: farm.farmId, target_sizes: [30] })).statusCode).toBe(403);
    expect((await saveSizes(stranger, { farm_id: farm.farmId, target_sizes: [30] })).statusCode).toBe(404);
  });
});

describe('the forecast at the farm price list', () => {
  it('uses the farm list for revenue and the target sizes for the targets', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/forecast?farm_id=${farm.farmId}&sizes=30&lang=en`,
      headers: owner.auth,
    });
    expect(res.statusCode).toBe(200);
    const pond = res.json().data[0];
    expect(pond.price_source).toBe('farm');
    expect(pond.price_notice).toBeNull();
    expect(pond.cost_to_date).toBe(0);
    const p = pond.targets[0].projection;
    // Size 30 lies past the list's only size (50): that size's price.
    expect(p.price_per_kg).toBe(72_000);
    expect(p.revenue).toBe(Math.round(p.biomass_kg * 72_000));
    expect(p.hpp).toBe(0);
  });
});
