import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_ID } from '#shared/domain/finance';
import {
  addMember,
  type FarmSetup,
  ownerWithFarm,
  type QuickUser,
  quickUser,
} from '#test/helpers/farm-fixtures';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from './app.ts';
import { STARTER_PRODUCTS } from './db/migrations/data/starter-products-0016.ts';

/**
 * The seams between the domains, through the routes with the real readers (context.ts):
 * finance HPP / productivity / proposals from harvests, warehouse uses and received
 * orders; FCR in the overview from feed use; the ration from deaths, harvests and anco;
 * death, disease and low-stock alerts. Each figure is computed by hand in the comments.
 */
let app: App;
let owner: QuickUser;
let manager: QuickUser;
let tech: QuickUser;
let outsider: QuickUser;
let farm: FarmSetup;
const FEED = STARTER_PRODUCTS[0].id;
const LIME = STARTER_PRODUCTS.find((p) => p.en_name.startsWith('Agricultural lime'))?.id as string;

type Body = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Body, user = owner) =>
  app.inject({ method, url, headers: user.auth, payload });
const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Body, user = owner) => {
  const res = await call(method, url, payload, user);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data;
};
const stock = (pondId: string, seed: number) =>
  ok('POST', '/api/stock', {
    pond_id: pondId,
    stock_date: '2025-01-01',
    seed_net: seed,
    seed_actual: seed,
    seed_source: 'Hatchery',
    pl_age: 10,
    bags: 10,
  }) as Promise<{ stock_id: string; cycle_id: string }>;
const sampling = (pondId: string, cycleId: string, day: string, grams: number) =>
  app.ctx.db
    .insertInto('samplings')
    .values({
      id: uuidv7(),
      farm_id: farm.farmId,
      pond_id: pondId,
      cycle_id: cycleId,
      sampled_on: day,
      shrimp_count: 100,
      sample_weight: grams,
    })
    .execute();
const notes = (user: QuickUser, kind: string) =>
  app.ctx.db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', user.id)
    .where('kind', '=', kind)
    .execute();
/** Alerts are evaluated after the write answered: wait until the condition holds. */
async function until<T>(read: () => Promise<T>, holds: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 200; i++) {
    await app.ctx.alerts.idle();
    const v = await read();
    if (holds(v)) return v;
    await new Promise((r) => setImmediate(r));
  }
  throw new Error('condition never held');
}

beforeAll(async () => {
  ({ app, owner, farm } = await ownerWithFarm(4, createTestApp));
  manager = await quickUser(app, 'Manajer');
  tech = await quickUser(app, 'Teknisi');
  outsider = await quickUser(app, 'Luar');
  await addMember(app, farm.farmId, manager, 2);
  // The technician sees pond 2 only.
  await addMember(app, farm.farmId, tech, 3, { [farm.pondIds[1]]: 1 });
  await app.ctx.db.updateTable('users').set({ language: 'en' }).where('id', '=', manager.id).execute();
});
afterAll(() => app.close());

describe('finance HPP, productivity and proposals; FCR in the overview', () => {
  let s: { stock_id: string; cycle_id: string };
  let account: string;
  let feedItem: string;
  beforeAll(async () => {
    s = await stock(farm.pondIds[0], 100_000);
    // 500 dead; a partial harvest of 100 kg at size 100 (10,000 shrimp) for Rp 55,000/kg = Rp 5,500,000.
    await ok('POST', '/api/death', { stock_id: s.stock_id, died_on: '2025-01-10', count: 500 });
    await ok('POST', '/api/harvest', {
      stock_id: s.stock_id,
      harvested_on: '2025-02-01',
      type: 'partial',
      weight_kg: 100,
      size: 100,
      price_per_kg: 55_000,
    });
    // Feed: 1,000 kg in at Rp 15,000/kg, 800 kg used in the pond = Rp 12,000,000.
    feedItem = (await ok('POST', '/api/warehouse', { farm_id: farm.farmId, product_id: FEED })).warehouse_id;
    await ok('POST', `/api/warehouse/${feedItem}/store`, {
      id: uuidv7(),
      qty: 1000,
      price: 15_000,
      used_on: '2025-01-02',
    });
    const used = await ok('POST', '/api/useitem/bulk', {
      items: [
        {
          id: uuidv7(),
          warehouse_id: feedItem,
          pond_id: farm.pondIds[0],
          qty: 800,
          used_on: '2025-01-20',
          time: '07:00',
        },
      ],
    });
    expect(used.results ?? used).toMatchObject([{ status: 'ok' }]);
    // An expense of Rp 1,000,000 booked in finance (electricity: a cost, not warehouse stock).
    account = (
      await ok('POST', '/api/account', { farm_id: farm.farmId, name: 'Kas', created_at: '2025-01-01' })
    ).account_id;
    await ok('POST', '/api/transaction', {
      account_id: account,
      category_transaction_id: BUILT_IN_ID.electricity,
      metode: 'cash',
      nominal: 1_000_000,
      transaction_date: '2025-01-10',
    });
  });

  it('/analysHpp = (Rp 1,000,000 expenses + Rp 12,000,000 usage) ÷ 100 kg = Rp 130,000/kg', async () => {
    const hpp = await ok('GET', `/api/analysHpp?farm_id=${farm.farmId}&from=2025-01-01&to=2025-02-28`);
    expect(hpp).toMatchObject({
      expenses: '1000000',
      stock_purchases: '0',
      usage_cost: '12000000',
      total_cost: '13000000',
      harvested_kg: 100,
      revenue: '5500000',
      hpp_per_kg: '130000',
    });
    const byCycle = await ok('GET', `/api/analysHpp?farm_id=${farm.farmId}&cycle_id=${s.cycle_id}`);
    expect(byCycle).toMatchObject({ usage_cost: '12000000', harvested_kg: 100 });
    // Before the harvest: nothing harvested, HPP "–".
    const january = await ok('GET', `/api/analysHpp?farm_id=${farm.farmId}&from=2025-01-01&to=2025-01-31`);
    expect(january).toMatchObject({ harvested_kg: 0, usage_cost: '12000000', hpp_per_kg: null });
  });

  it('/getProductivitas: 100 kg on 0.1 ha = 1,000 kg/ha; the farm 100 kg over 0.4 ha = 250 kg/ha', async () => {
    const p = await ok('GET', `/api/getProductivitas?farm_id=${farm.farmId}`);
    const pond = p.ponds.find((r: { pond_id: string }) => r.pond_id === farm.pondIds[0]);
    expect(pond).toMatchObject({ harvested_kg: 100, kg_per_ha: 1000 });
    expect(p.farm).toMatchObject({ area_m2: 4000, harvested_kg: 100, kg_per_ha: 250 });
    // One cycle: over its own pond's 0.1 ha, not the farm's 0.4 ha.
    const cycle = await ok('GET', `/api/getProductivitas?farm_id=${farm.farmId}&cycle_id=${s.cycle_id}`);
    expect(cycle.ponds.map((r: { pond_id: string }) => r.pond_id)).toEqual([farm.pondIds[0]]);
    expect(cycle.farm).toMatchObject({ area_m2: 1000, harvested_kg: 100, kg_per_ha: 1000 });
  });

  it('overview FCR = 800 kg feed ÷ (biomass 716 kg + 100 kg harvested)', async () => {
    await sampling(farm.pondIds[0], s.cycle_id, '2025-02-02', 800);
    const res = await ok('GET', `/api/overview?farm_id=${farm.farmId}&pond_id=${farm.pondIds[0]}`);
    const [row] = res.ponds;
    // population 100,000 − 500 − 10,000 = 89,500 at 8 g → 716 kg.
    expect(row).toMatchObject({ population: 89_500, feed_kg: 800 });
    expect(row.biomass_kg).toBeCloseTo(716);
    expect(row.fcr).toBeCloseTo(800 / 816, 6);
  });

  it('a harvest sale and a received purchase order are proposed and book once', async () => {
    const order = await ok('POST', '/api/farm/purchase-order', {
      farm_id: farm.farmId,
      supplier_name: 'Toko Pakan Jaya',
      supplier_phone: '0812-3456-7890',
      items: [{ product_id: FEED, qty: 10 }],
    });
    await ok('POST', `/api/farm/purchase-order/${order.id}/receive`, {
      received_on: '2025-02-03',
      items: [{ product_id: FEED, price: 14_500 }],
    });
    const proposals = await ok('GET', `/api/transaction/proposal?farm_id=${farm.farmId}`);
    const harvestId = (
      await app.ctx.db
        .selectFrom('harvests')
        .select('id')
        .where('stock_id', '=', s.stock_id)
        .executeTakeFirstOrThrow()
    ).id;
    expect(proposals).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          source_type: 'harvest',
          source_id: harvestId,
          type: 'in',
          category_transaction_id: BUILT_IN_ID['harvest-sale'],
          nominal: 5_500_000,
          transaction_date: '2025-02-01',
        }),
        // 10 kg × Rp 14,500 = Rp 145,000, all feed.
        expect.objectContaining({
          source_type: 'purchase-order',
          source_id: order.id,
          type: 'out',
          category_transaction_id: BUILT_IN_ID.feed,
          nominal: 145_000,
          transaction_date: '2025-02-03',
        }),
      ]),
    );
    expect(proposals).toHaveLength(2);
    const accept = () =>
      call('POST', '/api/transaction', {
        account_id: account,
        category_transaction_id: BUILT_IN_ID['harvest-sale'],
        metode: 'transfer',
        nominal: 5_500_000,
        transaction_date: '2025-02-01',
        source_type: 'harvest',
        source_id: harvestId,
      });
    expect((await accept()).statusCode).toBe(201);
    const again = await accept();
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('finance-already-booked');
    const left = await ok('GET', `/api/transaction/proposal?farm_id=${farm.farmId}`);
    expect(left.map((p: { source_type: string }) => p.source_type)).toEqual(['purchase-order']);
  });
});

describe('ration inputs: population after deaths and harvests, anco adjustment', () => {
  it('ration at DOC 41 = 193,000 × 10 g × FR × (1 − 10 % for a lot left in the trays)', async () => {
    const s = await stock(farm.pondIds[2], 200_000);
    await ok('POST', '/api/death', { stock_id: s.stock_id, died_on: '2025-01-10', count: 2_000 });
    // 50 kg at size 100 = 5,000 shrimp out.
    await ok('POST', '/api/harvest', {
      stock_id: s.stock_id,
      harvested_on: '2025-02-05',
      type: 'partial',
      weight_kg: 50,
      size: 100,
      price_per_kg: 50_000,
    });
    await sampling(farm.pondIds[2], s.cycle_id, '2025-02-05', 1000);
    const before = (await ok('GET', `/api/feed/ration?farm_id=${farm.farmId}&on=2025-02-10`)).find(
      (r: { pond_id: string }) => r.pond_id === farm.pondIds[2],
    );
    expect(before).toMatchObject({
      population: 193_000,
      anco: null,
      anco_pct: 0,
      mode: 'fr',
      biomass_kg: 1930,
    });
    const tray = (status: string) => [1, 2, 3, 4].map((n) => ({ tray: n, status }));
    const saved = await ok('POST', '/api/anco/bulk', {
      items: [
        {
          id: uuidv7(),
          pond_id: farm.pondIds[2],
          check_date: '2025-02-09',
          feeding_time: 1,
          checked_at: '08:00',
          data_anco: tray('habis'),
        },
        {
          id: uuidv7(),
          pond_id: farm.pondIds[2],
          check_date: '2025-02-09',
          feeding_time: 2,
          checked_at: '12:00',
          data_anco: tray('sisa_banyak'),
        },
      ],
    });
    expect(saved.results.map((r: { status: string }) => r.status)).toEqual(['ok', 'ok']);
    const after = (await ok('GET', `/api/feed/ration?farm_id=${farm.farmId}&on=2025-02-10`)).find(
      (r: { pond_id: string }) => r.pond_id === farm.pondIds[2],
    );
    expect(after).toMatchObject({ population: 193_000, anco: 'lot', anco_pct: -10 });
    // Same FR (same ABW): the anco cut alone makes the difference.
    expect(after.daily_kg).toBeCloseTo(before.daily_kg * 0.9, 2);
  });
});

describe('alerts from deaths, diseases and the warehouse', () => {
  it('deaths of a pond on a day at the farm threshold alert who sees the pond, once', async () => {
    await ok('PUT', '/api/alertSetting', { farm_id: farm.farmId, death_threshold: 250 });
    const s = await stock(farm.pondIds[3], 50_000);
    await ok('POST', '/api/death', { stock_id: s.stock_id, died_on: '2025-01-15', count: 200 });
    await ok('POST', '/api/death', { stock_id: s.stock_id, died_on: '2025-01-15', count: 100 });
    const pond3 = async (user: QuickUser) =>
      (await notes(user, 'death')).filter((n) => n.pond_id === farm.pondIds[3]);
    const mine = await until(
      () => pond3(owner),
      (n) => n.length > 0,
    );
    // 200 alone stayed under 250; the day's 300 fired one alert.
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ pond_id: farm.pondIds[3], title: 'Kematian udang tinggi' });
    expect(mine[0].body).toContain('300');
    const his = await until(
      () => pond3(manager),
      (n) => n.length > 0,
    );
    expect(his[0].title).toBe('High shrimp deaths');
    expect(his[0].body).toContain('300 dead (threshold 250)');
    expect(await notes(tech, 'death')).toHaveLength(0);
    expect(await notes(outsider, 'death')).toHaveLength(0);
  });

  it('a disease recorded alerts who sees the pond, naming it in their language', async () => {
    await stock(farm.pondIds[1], 10_000);
    await ok('POST', '/api/disease', {
      id: uuidv7(),
      pond_id: farm.pondIds[1],
      disease_date: '2025-02-08',
      master_disease_id: 1,
    });
    const techs = await until(
      () => notes(tech, 'disease'),
      (n) => n.length > 0,
    );
    expect(techs[0]).toMatchObject({ title: 'Penyakit tercatat', pond_id: farm.pondIds[1] });
    expect(techs[0].body).toContain('Bintik putih');
    const his = await until(
      () => notes(manager, 'disease'),
      (n) => n.length > 0,
    );
    expect(his[0].body).toContain('White spot disease');
    expect(await notes(outsider, 'disease')).toHaveLength(0);
  });

  it('a removal below the minimum stock and a use into negative stock alert the warehouse', async () => {
    const lime = (
      await ok('POST', '/api/warehouse', { farm_id: farm.farmId, product_id: LIME, minimum_stock: 10 })
    ).warehouse_id;
    await ok('POST', `/api/warehouse/${lime}/store`, {
      id: uuidv7(),
      qty: 12,
      price: 2_600,
      used_on: '2025-03-01',
    });
    expect(await notes(owner, 'stock')).toHaveLength(0);
    await ok('POST', `/api/warehouse/${lime}/remove`, { id: uuidv7(), qty: 5, used_on: '2025-03-01' });
    const low = await until(
      () => notes(owner, 'stock'),
      (n) => n.length > 0,
    );
    expect(low[0]).toMatchObject({ title: 'Stok di bawah minimum', pond_id: null });
    expect(low[0].body).toMatch(/sisa 7 Kg \(minimum 10 Kg\)/);
    // The use takes 9 kg of the 7 left: −2, a second alert (another day).
    await ok('POST', '/api/useitem/bulk', {
      items: [
        {
          id: uuidv7(),
          warehouse_id: lime,
          pond_id: farm.pondIds[1],
          qty: 9,
          used_on: '2025-03-02',
          time: '07:00',
        },
      ],
    });
    const negative = await until(
      () => notes(manager, 'stock'),
      (n) => n.length > 1,
    );
    expect(negative.map((n) => n.body)).toEqual(
      expect.arrayContaining([expect.stringContaining('-2 Kg left (minimum 10 Kg)')]),
    );
    expect(await notes(outsider, 'stock')).toHaveLength(0);
  });
});
