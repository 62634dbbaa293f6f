import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gompertz } from '#shared/domain/forecast/index';
import {
  createFarm,
  type FarmSetup,
  ownerWithFarm,
  type QuickUser,
  stockWithSampling,
} from '#test/helpers/farm-fixtures';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from '../../app.ts';
import { farmToday } from '../../kernel/farm-clock.ts';

let app: App;
let owner: QuickUser;
let farm: FarmSetup;
let other: FarmSetup;
let cycleId: string;
const get = (url: string, lang = 'en') =>
  app.inject({
    method: 'GET',
    url: `${url}${url.includes('?') ? '&' : '?'}lang=${lang}`,
    headers: owner.auth,
  });
const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** A sampling of 100 shrimp weighing `weight` g of the first pond's cycle. */
const sampled = (sampledOn: string, weight: number) =>
  app.ctx.db
    .insertInto('samplings')
    .values({
      id: uuidv7(),
      farm_id: farm.farmId,
      pond_id: farm.pondIds[0] as string,
      cycle_id: cycleId,
      sampled_on: sampledOn,
      shrimp_count: 100,
      sample_weight: weight,
    })
    .execute();

beforeAll(async () => {
  ({ app, owner, farm } = await ownerWithFarm(2, createTestApp));
  other = await createFarm(app, owner);
  const today = farmToday();
  const start = addDays(today, -62);
  const post = async (url: string, payload: Record<string, unknown>) => {
    const res = await app.inject({ method: 'POST', url, headers: owner.auth, payload });
    if (res.statusCode !== 201) throw new Error(`${url}: ${res.body}`);
    return res.json().data;
  };
  const stock = await post('/api/stock', {
    stock_id: uuidv7(),
    pond_id: farm.pondIds[0],
    stock_date: start,
    seed_net: 100_000,
    seed_actual: 100_000,
  });
  const row = await app.ctx.db
    .selectFrom('stocks')
    .select('cycle_id')
    .where('id', '=', stock.stock_id)
    .executeTakeFirstOrThrow();
  cycleId = row.cycle_id;
  const truth = { winf: 38, b: 5.2, k: 0.019 };
  for (const doc of [21, 28, 35, 42, 49, 56]) {
    const weight = Math.round(100 * gompertz(truth, doc) * 10) / 10;
    await sampled(addDays(start, doc - 1), weight);
  }
  await post('/api/death', { stock_id: stock.stock_id, died_on: addDays(today, -3), count: 700 });
});
afterAll(() => app?.close());

describe('GET /api/forecast', () => {
  it('forecasts every running pond of the farm from its samplings', async () => {
    const res = await get(`/api/forecast?farm_id=${farm.farmId}&sizes=100,70,50`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(1);
    const pond = body.data[0];
    expect(pond.basis).toBe('fit');
    expect(pond.notice).toBeNull();
    expect(pond.samplings).toBe(6);
    // The samplings themselves, for the chart of the overview embed (ADR 0078): DOC and ABW.
    expect(pond.points.map((p: { doc: number }) => p.doc)).toEqual([21, 28, 35, 42, 49, 56]);
    expect(pond.points[5].abw).toBeCloseTo(gompertz({ winf: 38, b: 5.2, k: 0.019 }, 56), 2);
    expect(pond.targets.map((t: { size: number }) => t.size)).toEqual([100, 70, 50]);
    const size50 = pond.targets[2];
    expect(size50.status).toBe('ok');
    // The known curve reaches 20 g at DOC 110; today is DOC 63: 47 days.
    expect(size50.days).toBeGreaterThanOrEqual(43);
    expect(size50.days).toBeLessThanOrEqual(51);
    expect(size50.days_early).toBeLessThanOrEqual(size50.days);
    expect(size50.days_late).toBeGreaterThanOrEqual(size50.days);
    // Population falls with the deaths trend (700 in the last 14 days).
    expect(size50.projection.population).toBeLessThan(100_000 - 700);
    expect(pond.curve[0].doc).toBe(56);
  });

  it('a pond with fewer than two samplings forecasts from the farm prior and says so, in Indonesian and English', async () => {
    const stockDate = addDays(farmToday(), -30);
    await stockWithSampling(
      app,
      owner,
      { farmId: other.farmId, pondId: other.pondIds[0] as string },
      { stockDate, seed: 80_000 },
      { sampledOn: addDays(farmToday(), -2), count: 100, weight: 180 },
    );
    const en = (await get(`/api/forecast?farm_id=${other.farmId}&sizes=50`)).json().data[0];
    expect(en.basis).toBe('prior');
    expect(en.prior_source).toBe('default');
    expect(en.samplings).toBe(1);
    expect(en.notice).toMatch(/Fewer than two samplings/);
    // Still a forecast: the day of size 50, with a wide band (the late end may lie past DOC 250).
    const t = en.targets[0];
    expect(t.status).toBe('ok');
    expect(t.days_early).toBeLessThan(t.days);
    if (t.days_late !== null) expect(t.days_late).toBeGreaterThan(t.days);
    const id = (await get(`/api/forecast?farm_id=${other.farmId}&sizes=50`, 'id')).json().data[0];
    expect(id.notice).toMatch(/Sampling kurang dari dua/);
  });

  it('refuses a bad farm id or size with a translated 400', async () => {
    const bad = await get('/api/forecast?farm_id=nope', 'id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.farm_id[0]).toBe('ID tidak valid.');
    const size = await get(`/api/forecast?farm_id=${farm.farmId}&sizes=50,abc`);
    expect(size.statusCode).toBe(400);
    expect(size.json().errors.sizes[0]).toMatch(/whole number/);
  });
});

describe('GET /api/forecast/cycle/:cycle_id', () => {
  it('projects a harvest on a chosen day', async () => {
    const date = addDays(farmToday(), 20);
    const res = await get(`/api/forecast/cycle/${cycleId}?farm_id=${farm.farmId}&date=${date}`);
    expect(res.statusCode).toBe(200);
    const h = res.json().data[0].harvest;
    expect(h.date).toBe(date);
    expect(h.doc).toBe(83);
    expect(h.abw).toBeGreaterThan(gompertz({ winf: 38, b: 5.2, k: 0.019 }, 83) * 0.9);
    expect(h.feed_kg).toBeGreaterThan(0);
  });

  it('refuses a date before today, and a size already passed, saving nothing', async () => {
    const past = await get(`/api/forecast/cycle/${cycleId}?farm_id=${farm.farmId}&date=2020-01-01`);
    expect(past.statusCode).toBe(400);
    expect(past.json().errors.date[0]).toMatch(/before today/);
    const passed = await get(`/api/forecast/cycle/${cycleId}?farm_id=${farm.farmId}&sizes=900`);
    expect(passed.statusCode).toBe(400);
    expect(passed.json().errors.sizes[0]).toMatch(/already passed/);
    // The same in Indonesian.
    const pastId = await get(`/api/forecast/cycle/${cycleId}?farm_id=${farm.farmId}&date=2020-01-01`, 'id');
    expect(pastId.statusCode).toBe(400);
    expect(pastId.json().errors.date[0]).toMatch(/sebelum hari ini/);
  });

  it('answers 404 for a cycle of another farm, 400 for a malformed id', async () => {
    expect((await get(`/api/forecast/cycle/${cycleId}?farm_id=${other.farmId}`)).statusCode).toBe(404);
    expect((await get(`/api/forecast/cycle/${uuidv7()}?farm_id=${farm.farmId}`)).statusCode).toBe(404);
    expect((await get(`/api/forecast/cycle/x1?farm_id=${farm.farmId}`)).statusCode).toBe(400);
  });
});

describe('the attention board', () => {
  it('names the pond reaching its next target size within two weeks, with the band in days', async () => {
    const res = await get(`/api/attention?farm_id=${farm.farmId}`, 'id');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.checked).toContain('harvest_size');
    const item = data.items.find((i: { kind: string }) => i.kind === 'harvest_size');
    // The known curve reaches 10 g (size 100) at DOC 72: 9 days after today (DOC 63).
    expect(item).toMatchObject({ pond_id: farm.pondIds[0], reason: 'reaches', figures: { size: 100 } });
    expect(item.figures.early).toBeLessThanOrEqual(9);
    expect(item.figures.late).toBeGreaterThanOrEqual(9);
    expect(item.figures.late).toBeLessThan(16);
  });

  it("reads the forecast's own target days, and reads them again after a new sampling", async () => {
    const forecastDays = async () => {
      const data = (await get(`/api/forecast?farm_id=${farm.farmId}`)).json().data;
      return data.map((p: { pond_id: string; basis: string; targets: { projection: unknown }[] }) => ({
        pond_id: p.pond_id,
        basis: p.basis,
        targets: p.targets.map(({ projection: _, ...days }) => days),
      }));
    };
    const before = await app.ctx.forecast.fittedTargets(owner.id, farm.farmId);
    expect(before).toEqual(await forecastDays());
    // Today's sampling, well above the curve: the pond is nearer its sizes.
    await sampled(farmToday(), 1200);
    const after = await app.ctx.forecast.fittedTargets(owner.id, farm.farmId);
    expect(after).toEqual(await forecastDays());
    expect(after).not.toEqual(before);
  });
});
