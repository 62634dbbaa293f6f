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
 * A small farm whose figures are worked out by hand (DOMAIN.md): day D = 2026-03-01.
 * Pond 0: cycle from 2026-02-01 (DOC 29), three water slots, feed and lime used, one anco
 * check, samplings of ABW 2 g (02-20) and 4 g (D). Pond 1: cycle from 2026-02-20, one
 * morning reading. Pond 2: no cycle. The farm's pH standard is stored as 7.5–8.5.
 */
let app: App;
let owner: QuickUser;
let farm: FarmSetup;
let p0: string;
let p1: string;
let p2: string;
let c0: string;
const D = '2026-03-01';
const FEED = STARTER_PRODUCTS[0].id;
const LIME = STARTER_PRODUCTS.find((p) => p.en_name.startsWith('Agricultural lime'))?.id as string;

const get = (url: string, user: QuickUser = owner) =>
  app.inject({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}lang=en`, headers: user.auth });
const day = () => `farm_id=${farm.farmId}&start_date=${D}`;

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
  usedOn: string,
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
      cycle_id: pondId === p0 ? c0 : null,
      used_on: usedOn,
      time,
    })
    .execute();
}

beforeAll(async () => {
  ({ app, owner, farm } = await ownerWithFarm(3, createTestApp));
  [p0, p1, p2] = farm.pondIds;
  c0 = uuidv7();
  const c1 = uuidv7();
  await app.ctx.db
    .insertInto('cycles')
    .values([
      { id: c0, farm_id: farm.farmId, pond_id: p0, cycle_number: 1, start_date: '2026-02-01' },
      { id: c1, farm_id: farm.farmId, pond_id: p1, cycle_number: 1, start_date: '2026-02-20' },
    ])
    .execute();
  await app.ctx.db
    .insertInto('water_settings')
    .values({ id: uuidv7(), farm_id: farm.farmId, parameter: 'ph', min: 7.5, max: 8.5 })
    .execute();

  const reading = (pond_id: string, measured_at: string, values: Record<string, number>) => ({
    id: uuidv7(),
    pond_id,
    measured_at,
    ...values,
  });
  const res = await app.inject({
    method: 'POST',
    url: '/api/water/general/bulk',
    headers: owner.auth,
    payload: {
      items: [
        reading(p0, '2026-03-01T06:00:00+07:00', { ph: 7.9, temperature: 29, do: 3.5 }),
        reading(p0, '2026-03-01T14:00:00+07:00', { ph: 8.6, temperature: -99 }),
        reading(p0, '2026-03-01T22:00:00+07:00', { ph: 8.0 }),
        reading(p1, '2026-03-01T06:30:00+07:00', { ph: 8.0 }),
        // The day before and after do not count.
        reading(p0, '2026-02-28T23:30:00+07:00', { ph: 9.9 }),
        reading(p0, '2026-03-02T00:10:00+07:00', { ph: 9.9 }),
      ],
    },
  });
  expect(res.json().data.results.map((r: { status: string }) => r.status)).toEqual(Array(6).fill('ok'));

  const feed = await item(FEED, 'Kg', 20_000);
  const lime = await item(LIME, 'Kg', 3000);
  await use(feed, p0, '2026-02-27', '07:00', '10', '200000');
  await use(feed, p0, D, '07:00', '5', '100000');
  await use(feed, p0, D, '16:00', '6.5', '130000');
  await use(lime, p0, D, '08:00', '20', '60000');
  await use(feed, p0, '2026-03-02', '07:00', '9', '180000');

  await app.ctx.db
    .insertInto('anco_checks')
    .values({
      id: uuidv7(),
      farm_id: farm.farmId,
      pond_id: p0,
      cycle_id: c0,
      check_date: D,
      feeding_time: 1,
      checked_at: '08:30',
      data_anco: JSON.stringify(
        ['habis', 'habis', 'habis', 'sisa_sedikit'].map((status, i) => ({ tray: i + 1, status })),
      ),
    })
    .execute();

  const sampling = (sampled_on: string, shrimp_count: number, sample_weight: number) => ({
    id: uuidv7(),
    farm_id: farm.farmId,
    pond_id: p0,
    cycle_id: c0,
    sampled_on,
    shrimp_count,
    sample_weight,
  });
  await app.ctx.db
    .insertInto('samplings')
    .values([sampling('2026-02-20', 100, 200), sampling(D, 100, 400)])
    .execute();

  const stockId = uuidv7();
  await app.ctx.db
    .insertInto('stocks')
    .values({
      id: stockId,
      farm_id: farm.farmId,
      pond_id: p0,
      cycle_id: c0,
      stock_date: '2026-02-01',
      seed_net: 100_000,
      seed_actual: 100_000,
    })
    .execute();
  const death = (died_on: string, count: number) => ({
    id: uuidv7(),
    farm_id: farm.farmId,
    pond_id: p0,
    cycle_id: c0,
    stock_id: stockId,
    died_on,
    count,
  });
  await app.ctx.db
    .insertInto('deaths')
    .values([death('2026-02-25', 50), death('2026-03-01', 20), death('2026-03-02', 30)])
    .execute();
});
afterAll(() => app.close());

describe('farm analysis of one day', () => {
  it('/farm/water lists each pond’s readings of the farm day, -99 as null', async () => {
    const res = await get(`/api/farm/water?${day()}`);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data;
    expect(rows.map((r: { pond_id: string }) => r.pond_id)).toEqual([p0, p1, p2]);
    const [r0, r1, r2] = rows;
    expect(r0.readings.map((r: { time: string; time_of_day: string }) => [r.time, r.time_of_day])).toEqual([
      ['06:00', 'morning'],
      ['14:00', 'afternoon'],
      ['22:00', 'evening'],
    ]);
    expect(r0.readings[0].values).toMatchObject({ ph: 7.9, temperature: 29, do: 3.5, salinity: null });
    expect(r0.readings[1].values.temperature).toBeNull();
    expect(r1.readings).toHaveLength(1);
    expect(r2.readings).toEqual([]);
  });

  it('/farm/water/standar counts readings per parameter and lists those outside the farm’s standard', async () => {
    const rows = (await get(`/api/farm/water/standar?${day()}`)).json().data;
    const ph = rows.find((r: { parameter: string }) => r.parameter === 'ph');
    expect(ph).toMatchObject({ min: 7.5, max: 8.5, readings: 4 });
    expect(ph.out).toEqual([
      expect.objectContaining({ pond_id: p0, time: '14:00', value: 8.6, status: 'high' }),
    ]);
    const dissolved = rows.find((r: { parameter: string }) => r.parameter === 'do');
    expect(dissolved).toMatchObject({ min: 4, max: null, readings: 1, unit: 'mg/L' });
    expect(dissolved.out[0]).toMatchObject({ value: 3.5, status: 'low', time_of_day: 'morning' });
    expect(rows.find((r: { parameter: string }) => r.parameter === 'temperature').readings).toBe(1);
  });

  it('/farm/product sums the day’s uses per product; cumulative from the cycle start; weekly per day', async () => {
    const [r0, r1] = (await get(`/api/farm/product?${day()}`)).json().data;
    expect(
      r0.products.map((p: { product_id: string; qty: number; value: string }) => [
        p.product_id,
        p.qty,
        p.value,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [FEED, 11.5, '230000'],
        [LIME, 20, '60000'],
      ]),
    );
    expect(r0.total_value).toBe('290000');
    expect(r1).toMatchObject({ products: [], total_value: '0' });

    const cum = (await get(`/api/farm/product/cumulative?${day()}&category_ids=5`)).json().data[0];
    expect(cum).toMatchObject({ cycle_id: c0, cycle_start: '2026-02-01', total_value: '430000' });
    expect(cum.products).toEqual([expect.objectContaining({ product_id: FEED, qty: 21.5, value: '430000' })]);
    const all = (await get(`/api/farm/product/cumulative?${day()}&ponds=${p2},${p0}`)).json().data;
    expect(all.map((r: { pond_id: string }) => r.pond_id)).toEqual([p2, p0]);
    expect(all[0]).toMatchObject({ cycle_id: null, products: [] });
    expect(all[1].total_value).toBe('490000');

    const week = (await get(`/api/farm/product/weekly?${day()}&ponds=${p0}`)).json().data[0];
    expect(week.days).toEqual([
      '2026-02-23',
      '2026-02-24',
      '2026-02-25',
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
    const feedRow = week.products.find((p: { product_id: string }) => p.product_id === FEED);
    expect(feedRow).toMatchObject({ qty_by_day: [0, 0, 0, 0, 10, 0, 11.5], qty: 21.5, value: '430000' });
  });

  it('/farm/anco counts the trays of each check and advises', async () => {
    const [r0, r1] = (await get(`/api/farm/anco?${day()}`)).json().data;
    expect(r0.checks).toEqual([
      {
        feeding_time: 1,
        checked_at: '08:30',
        trays: 4,
        habis: 3,
        sisa_sedikit: 1,
        sisa_banyak: 0,
        advice: 'raise',
      },
    ]);
    expect(r1.checks).toEqual([]);
  });

  it('/shrimData gives DOC, the last sampling’s ABW, ADG and size, deaths and harvest up to the day', async () => {
    const [r0, r1, r2] = (await get(`/api/shrimData?${day()}`)).json().data;
    // ABW 400/100 = 4 g; ADG (4 − 2) / 9 days = 0.222; size 1000/4 = 250; deaths 50 + 20.
    expect(r0).toMatchObject({ doc: 29, deaths: 70, harvest_kg: 0 });
    expect(r0.sampling).toEqual({
      day: D,
      shrimp_count: 100,
      sample_weight: 400,
      abw: 4,
      adg: 0.222,
      size: 250,
    });
    expect(r1).toMatchObject({ doc: 10, sampling: null, deaths: 0 });
    expect(r2).toMatchObject({ cycle_id: null, doc: null, sampling: null });
  });

  it('/farm/status says what each pond recorded, with labels in the asked language', async () => {
    const rows = (await get(`/api/farm/status?${day()}`)).json().data;
    expect(rows[0]).toMatchObject({
      pond_id: p0,
      water_slots: ['morning', 'afternoon', 'evening'],
      feed_kg: 11.5,
      anco_checks: 1,
      sampled: true,
      out_of_standard: 2,
      status: 'complete',
      status_label: 'Complete',
    });
    expect(rows[1]).toMatchObject({ water_slots: ['morning'], status: 'partial', sampled: false });
    expect(rows[2]).toMatchObject({ status: 'empty', doc: null });
    const id = await app.inject({
      method: 'GET',
      url: `/api/farm/status?${day()}&lang=id`,
      headers: owner.auth,
    });
    expect(id.json().data[2].status_label).toBe('Kolam kosong');
  });
});

describe('comparison', () => {
  const range = 'from=2026-02-27&to=2026-03-02';
  it('type 1 merges the same day: feed summed, pH averaged', async () => {
    const res = await get(
      `/api/multipleComparison?farm_id=${farm.farmId}&${range}&type=1&series=${p0}:feed,${p0}:ph,${p1}:ph`,
    );
    expect(res.statusCode).toBe(200);
    const [feed, ph, ph1] = res.json().data;
    expect(feed).toMatchObject({ metric: 'feed', unit: 'kg' });
    expect(feed.points.map((p: { day: string; value: number }) => [p.day, p.value])).toEqual([
      ['2026-02-27', 10],
      ['2026-03-01', 11.5],
      ['2026-03-02', 9],
    ]);
    // 03-01: (7.9 + 8.6 + 8.0) / 3 = 8.167; 02-28 23:30 and 03-02 00:10 are their own days.
    expect(ph.points.map((p: { day: string; value: number }) => [p.day, p.value])).toEqual([
      ['2026-02-28', 9.9],
      ['2026-03-01', 8.167],
      ['2026-03-02', 9.9],
    ]);
    expect(ph).toMatchObject({ standard_min: 7.5, standard_max: 8.5 });
    expect(ph1.points).toEqual([{ day: D, at: D, value: 8 }]);
  });

  it('type 0 keeps every reading; /farm/comparison crosses ponds and metrics', async () => {
    const res = await get(
      `/api/farm/comparison?farm_id=${farm.farmId}&${range}&type=0&ponds=${p0}&metrics=feed,death`,
    );
    const [feed, death] = res.json().data;
    expect(feed.points.filter((p: { day: string }) => p.day === D)).toEqual([
      { day: D, at: `${D}T07:00`, value: 5 },
      { day: D, at: `${D}T16:00`, value: 6.5 },
    ]);
    expect(death.points.map((p: { value: number }) => p.value)).toEqual([20, 30]);
  });

  it('refuses bad ranges, too many series, unknown metrics and malformed lists with clear messages', async () => {
    const base = `/api/multipleComparison?farm_id=${farm.farmId}`;
    const after = await get(`${base}&from=2026-03-02&to=2026-03-01&series=${p0}:ph`);
    expect(after.statusCode).toBe(400);
    expect(after.json()).toMatchObject({ code: 'chart-range-invalid' });
    expect(after.json().errors.to[0]).toContain('2026-03-02');
    const long = await get(`${base}&from=2026-01-01&to=2026-06-01&type=0&series=${p0}:ph`);
    expect(long.json()).toMatchObject({ code: 'chart-range-too-long' });
    expect(long.json().errors.to[0]).toContain('at most 92 days');
    const metrics = ['ph', 'do', 'temperature', 'salinity', 'feed', 'abw', 'adg', 'size', 'death'];
    const many = await get(`${base}&${range}&series=${metrics.map((m) => `${p0}:${m}`).join(',')}`);
    expect(many.json()).toMatchObject({ code: 'comparison-too-many-series' });
    expect(many.json().errors.series[0]).toBe('9 lines chosen; at most 8.');
    const metric = await get(`${base}&${range}&series=${p0}:color`);
    expect(metric.statusCode).toBe(400);
    expect(metric.json().errors.series[0]).toContain('"color"');
    expect((await get(`${base}&${range}&series=${p0}`)).statusCode).toBe(400);
    expect((await get(`${base}&${range}&series=nope:ph`)).statusCode).toBe(404);
    expect((await get(`${base}&${range}&type=2&series=${p0}:ph`)).statusCode).toBe(400);
  });
});

describe('analysis bad input and permissions', () => {
  it('refuses a malformed day, unknown ponds and categories; wrong types are not coerced', async () => {
    const bad = await get(`/api/farm/water?farm_id=${farm.farmId}&start_date=2026-02-30`);
    expect(bad.statusCode).toBe(400);
    expect((await get(`/api/farm/water?farm_id=${farm.farmId}&start_date=20260301`)).statusCode).toBe(400);
    expect((await get(`/api/farm/water?${day()}&ponds=${uuidv7()}`)).statusCode).toBe(404);
    expect((await get(`/api/farm/water?${day()}&ponds=x`)).statusCode).toBe(404);
    expect((await get(`/api/farm/water?${day()}&kind=soil`)).statusCode).toBe(400);
    const category = await get(`/api/farm/product/cumulative?${day()}&category_ids=99`);
    expect(category.statusCode).toBe(400);
    expect(category.json().errors.category_ids[0]).toBe('Unknown warehouse category.');
    expect((await get(`/api/farm/anco?farm_id=1&start_date=${D}`)).statusCode).toBe(400);
  });

  it('never answers 5xx to odd query values (NUL, lone surrogates, 1e309, huge lists)', async () => {
    const urls = [
      'farm/water',
      'farm/water/standar',
      'farm/product',
      'farm/product/cumulative',
      'farm/product/weekly',
      'farm/anco',
      'shrimData',
      'farm/status',
    ];
    const odd = ['%00', '%ED%A0%80', '1e309', '-1', 'null', ',,,', `${p0},`.repeat(120), '9999-99-99'];
    for (const url of urls) {
      for (const v of odd) {
        for (const q of [
          `farm_id=${farm.farmId}&start_date=${v}`,
          `${day()}&ponds=${v}`,
          `farm_id=${v}&start_date=${D}`,
          `${day()}&category_ids=${v}&kind=${v}`,
        ]) {
          const res = await get(`/api/${url}?${q}`);
          expect(res.statusCode, `${url}?${q}`).toBeLessThan(500);
        }
      }
    }
    for (const v of odd) {
      const res = await get(`/api/multipleComparison?farm_id=${farm.farmId}&from=${D}&to=${D}&series=${v}`);
      expect(res.statusCode).toBeLessThan(500);
    }
  });

  it('a restricted member sees only their ponds; another farm’s pond is unknown; a feature at none is 403', async () => {
    const keeper = await quickUser(app, 'keeper');
    await addMember(app, farm.farmId, keeper, 4, { [p1]: 0 });
    const rows = (await get(`/api/farm/status?${day()}`, keeper)).json().data;
    expect(rows.map((r: { pond_id: string }) => r.pond_id)).toEqual([p1]);
    expect((await get(`/api/farm/water?${day()}&ponds=${p0}`, keeper)).statusCode).toBe(404);
    expect(
      (await get(`/api/multipleComparison?farm_id=${farm.farmId}&from=${D}&to=${D}&series=${p0}:ph`, keeper))
        .statusCode,
    ).toBe(404);
    await setPermission(app, farm.farmId, 4, 'warehouse', -1);
    expect((await get(`/api/farm/product?${day()}`, keeper)).statusCode).toBe(403);
    expect(
      (
        await get(
          `/api/multipleComparison?farm_id=${farm.farmId}&from=${D}&to=${D}&series=${p1}:feed`,
          keeper,
        )
      ).statusCode,
    ).toBe(403);

    const stranger = await quickUser(app, 'stranger');
    expect((await get(`/api/farm/water?${day()}`, stranger)).statusCode).toBe(404);
  });

  it('a restricted member’s comparison template takes only ponds they see, the comparison’s own rule', async () => {
    const keeper = await quickUser(app, 'keeper');
    await addMember(app, farm.farmId, keeper, 4, { [p1]: 0 });
    const save = (pondId: string) =>
      app.inject({
        method: 'POST',
        url: '/api/comparisonTemplate',
        headers: keeper.auth,
        payload: {
          template_id: uuidv7(),
          farm_id: farm.farmId,
          name: 'pH',
          type: 1,
          fields: [{ pond_id: pondId, metric: 'ph' }],
        },
      });
    const hidden = await save(p0);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().errors).toEqual({
      fields: ['Kolam tidak ditemukan atau Anda tidak punya akses ke kolam ini.'],
    });
    expect((await save(p1)).statusCode).toBe(201);
  });
});

describe('comparison templates', () => {
  it('creates once per device id, lists, edits per field, deletes; another person’s is 404', async () => {
    const template_id = uuidv7();
    const body = {
      template_id,
      farm_id: farm.farmId,
      name: ' Feed and pH ',
      type: 1,
      fields: [
        { pond_id: p0, metric: 'feed' },
        { pond_id: p0, metric: 'ph' },
      ],
    };
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/comparisonTemplate',
        headers: owner.auth,
        payload: body,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ template_id, name: 'Feed and pH', version: 1 });
    }
    const list = (await get(`/api/comparisonTemplate?farm_id=${farm.farmId}`)).json().data;
    expect(list.filter((t: { template_id: string }) => t.template_id === template_id)).toHaveLength(1);

    const repeated = await app.inject({
      method: 'POST',
      url: '/api/comparisonTemplate',
      headers: owner.auth,
      payload: { ...body, template_id: uuidv7(), fields: [body.fields[0], body.fields[0]] },
    });
    expect(repeated.statusCode).toBe(400);

    const edit = await app.inject({
      method: 'PUT',
      url: `/api/comparisonTemplate/${template_id}/update`,
      headers: owner.auth,
      payload: { name: 'pH only', fields: [{ pond_id: p0, metric: 'ph' }] },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data).toMatchObject({
      name: 'pH only',
      type: 1,
      version: 2,
      fields: [{ pond_id: p0, metric: 'ph' }],
    });

    const other = await quickUser(app, 'other');
    await addMember(app, farm.farmId, other, 2);
    expect((await get(`/api/comparisonTemplate?farm_id=${farm.farmId}`, other)).json().data).toEqual([]);
    const steal = await app.inject({
      method: 'DELETE',
      url: `/api/comparisonTemplate/${template_id}/delete`,
      headers: other.auth,
    });
    expect(steal.statusCode).toBe(404);

    const del = await app.inject({
      method: 'DELETE',
      url: `/api/comparisonTemplate/${template_id}/delete`,
      headers: owner.auth,
    });
    expect(del.statusCode).toBe(200);
    const pulled = (
      await get(`/api/comparisonTemplate?farm_id=${farm.farmId}&since=2000-01-01T00:00:00Z`)
    ).json().data;
    expect(
      pulled.find((t: { template_id: string }) => t.template_id === template_id).deleted_at,
    ).not.toBeNull();
  });

  it('refuses a template naming another farm’s pond or a pond that does not exist (404, nothing stored)', async () => {
    const elsewhere = await quickUser(app, 'elsewhere');
    const theirs = await createFarm(app, elsewhere, 1);
    const before = (await get(`/api/comparisonTemplate?farm_id=${farm.farmId}`)).json().data.length;
    for (const pond_id of [theirs.pondIds[0], uuidv7()]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/comparisonTemplate?lang=en',
        headers: owner.auth,
        payload: { farm_id: farm.farmId, name: 'Foreign', type: 0, fields: [{ pond_id, metric: 'ph' }] },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().errors.fields[0]).toMatch(/Pond not found/);
    }
    expect((await get(`/api/comparisonTemplate?farm_id=${farm.farmId}`)).json().data).toHaveLength(before);

    const template_id = uuidv7();
    const made = await app.inject({
      method: 'POST',
      url: '/api/comparisonTemplate',
      headers: owner.auth,
      payload: {
        template_id,
        farm_id: farm.farmId,
        name: 'Mine',
        type: 0,
        fields: [{ pond_id: p0, metric: 'ph' }],
      },
    });
    expect(made.statusCode).toBe(201);
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/comparisonTemplate/${template_id}/update`,
      headers: owner.auth,
      payload: { fields: [{ pond_id: theirs.pondIds[0], metric: 'ph' }] },
    });
    expect(edit.statusCode).toBe(404);
    const kept = (await get(`/api/comparisonTemplate?farm_id=${farm.farmId}`)).json().data;
    expect(kept.find((t: { template_id: string }) => t.template_id === template_id).fields).toEqual([
      { pond_id: p0, metric: 'ph' },
    ]);
  });
});
