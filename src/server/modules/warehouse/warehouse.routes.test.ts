import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createFarm,
  type FarmSetup,
  ownerWithFarm,
  type QuickUser,
  quickUser,
} from '#test/helpers/farm-fixtures';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from '../../app.ts';
import { STARTER_PRODUCTS } from '../../db/migrations/data/starter-products-0016.ts';
import { farmToday } from '../../kernel/farm-clock.ts';

let app: App;
let owner: QuickUser;
let farm: FarmSetup;
let other: FarmSetup;
const FEED = STARTER_PRODUCTS[0].id;
const LIME = STARTER_PRODUCTS.find((p) => p.en_name.startsWith('Agricultural lime'))?.id as string;
const day = '2026-03-01';

beforeAll(async () => {
  ({ app, owner, farm } = await ownerWithFarm(2, createTestApp));
  other = await createFarm(app, await quickUser(app, 'other'), 1);
});
afterAll(() => app.close());

type Inject = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown; user?: QuickUser };
const call = ({ method, url, payload, user = owner }: Inject) =>
  app.inject({ method, url, headers: user.auth, payload: payload as Record<string, unknown> });
const post = (url: string, payload: unknown, user?: QuickUser) =>
  call({ method: 'POST', url, payload, user });

async function newItem(productId = FEED, farmId = farm.farmId, extra: Record<string, unknown> = {}) {
  const res = await post('/api/warehouse?lang=en', { farm_id: farmId, product_id: productId, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { warehouse_id: string; qty: number; stock_state: string; price: number };
}
const item = async (id: string) => {
  const res = await call({ method: 'GET', url: `/api/warehouse?farm_id=${farm.farmId}` });
  return res.json().data.find((i: { warehouse_id: string }) => i.warehouse_id === id);
};
/** The invariant the ledger keeps: qty = stores − removals − uses over live movements. */
async function ledgerHolds(id: string) {
  const r = await sql<{ qty: string; sum: string }>`
    select w.qty::text as qty, coalesce(sum(case m.kind when 'store' then m.qty else -m.qty end), 0)::numeric(15,3)::text as sum
    from warehouse_items w left join warehouse_movements m on m.warehouse_id = w.id and m.deleted_at is null
    where w.id = ${id} group by w.qty`.execute(app.ctx.db);
  expect(r.rows[0].qty).toBe(r.rows[0].sum);
}
const use = (warehouse_id: string, pond_id: string, qty: unknown, extra: Record<string, unknown> = {}) => ({
  id: uuidv7(),
  warehouse_id,
  pond_id,
  qty,
  used_on: day,
  time: '07:00',
  ...extra,
});

describe('catalogue', () => {
  it('answers the categories in the spec’s order, translated', async () => {
    const res = await call({ method: 'GET', url: '/api/category?lang=en' });
    expect(res.json().data.map((c: { category_name: string }) => c.category_name)).toEqual([
      'Feed',
      'Probiotics',
      'Chemical',
      'Lab',
      'Equipment',
      'Electric',
      'More',
    ]);
    expect(res.json().data[0].category_id).toBe(5);
  });

  it('pages, searches and orders the starter products in both languages', async () => {
    const id = await call({
      method: 'GET',
      url: `/api/products?farm_id=${farm.farmId}&search=kapur&lang=id`,
    });
    expect(id.json().data.items.map((p: { product_name: string }) => p.product_name)).toContain(
      'Kapur pertanian (kaptan, CaCO₃)',
    );
    const en = await call({
      method: 'GET',
      url: `/api/products?farm_id=${farm.farmId}&search=dolomite&lang=en`,
    });
    expect(en.json().data.items[0]).toMatchObject({
      product_name: 'Dolomite (CaMg(CO₃)₂)',
      category_name: 'Chemical',
      unit: 'Kg',
    });
    const page2 = await call({
      method: 'GET',
      url: `/api/products?farm_id=${farm.farmId}&page=2&order=desc`,
    });
    expect(page2.json().data).toMatchObject({ page: 2, per_page: 20, total: STARTER_PRODUCTS.length });
    const byCategory = await call({
      method: 'GET',
      url: `/api/products?farm_id=${farm.farmId}&order_by=category&lang=en`,
    });
    expect(byCategory.json().data.items[0].category_id).toBe(5);
  });

  it('adds a farm product seen by that farm only; bad unit or category is a field error', async () => {
    const ok = await post('/api/products', {
      farm_id: farm.farmId,
      category_id: 3,
      product_name: 'Probiotik racikan',
      unit: 'Liter',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const mine = await call({ method: 'GET', url: `/api/products?farm_id=${farm.farmId}&search=racikan` });
    expect(mine.json().data.total).toBe(1);
    const bad = await post('/api/products?lang=en', {
      farm_id: farm.farmId,
      category_id: 99,
      product_name: 'X',
      unit: 'Bucket',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      unit: [expect.stringContaining('Unknown unit')],
      category_id: ['Unknown category.'],
    });
  });
});

describe('items, restock and removal', () => {
  it('restocks at a price, refuses a removal beyond the stock and changes nothing', async () => {
    const it0 = await newItem(LIME, farm.farmId, { minimum_stock: 10 });
    expect(it0).toMatchObject({ qty: 0, stock_state: 'below-minimum' });
    const store = await post(`/api/warehouse/${it0.warehouse_id}/store`, {
      id: uuidv7(),
      qty: 25.5,
      price: 2500,
      used_on: day,
    });
    expect(store.statusCode, store.body).toBe(200);
    expect(store.json().data).toMatchObject({ kind: 'store', qty: 25.5, unit_price: 2500, value: 63750 });
    expect(await item(it0.warehouse_id)).toMatchObject({ qty: 25.5, price: 2500, stock_state: 'ok' });
    // The answer carries the item as it stands after the restock, for the device's mirror.
    expect(store.json().related.warehouseItems).toEqual([await item(it0.warehouse_id)]);
    // The history (its JSON written by PostgreSQL) lists the movement as the write answered it.
    const listed = await call({
      method: 'GET',
      url: `/api/warehouse/history?farm_id=${farm.farmId}&warehouse_id=${it0.warehouse_id}`,
    });
    expect(listed.json().data).toEqual([store.json().data]);

    const beyond = await post(`/api/warehouse/${it0.warehouse_id}/remove?lang=en`, {
      id: uuidv7(),
      qty: 25.501,
      used_on: day,
    });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json()).toMatchObject({
      code: 'stock-insufficient',
      errors: { qty: ['More than the stock (25.5).'] },
    });
    expect((await item(it0.warehouse_id)).qty).toBe(25.5);

    const removal = await post(`/api/warehouse/${it0.warehouse_id}/remove`, {
      id: uuidv7(),
      qty: 20,
      used_on: day,
    });
    expect(removal.statusCode).toBe(200);
    expect(await item(it0.warehouse_id)).toMatchObject({ qty: 5.5, stock_state: 'below-minimum' });
    // Growing a removal past the stock is refused too.
    const grow = await call({
      method: 'PUT',
      url: `/api/warehouse/${it0.warehouse_id}/remove/${removal.json().data.id}/update`,
      payload: { qty: 26 },
    });
    expect(grow.statusCode).toBe(400);
    const shrink = await call({
      method: 'PUT',
      url: `/api/warehouse/${it0.warehouse_id}/remove/${removal.json().data.id}/update`,
      payload: { qty: 10 },
    });
    expect(shrink.statusCode, shrink.body).toBe(200);
    expect((await item(it0.warehouse_id)).qty).toBe(15.5);
    expect(shrink.json().related.warehouseItems).toMatchObject([
      { warehouse_id: it0.warehouse_id, qty: 15.5 },
    ]);
    const undo = await call({
      method: 'DELETE',
      url: `/api/warehouse/${it0.warehouse_id}/remove/${removal.json().data.id}/delete`,
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json().related.warehouseItems).toMatchObject([{ warehouse_id: it0.warehouse_id, qty: 25.5 }]);
    await ledgerHolds(it0.warehouse_id);
  });

  it('refuses negative, non-numeric and huge quantities and unknown items (nothing stored)', async () => {
    const it0 = await newItem(STARTER_PRODUCTS[1].id);
    for (const qty of [-1, 0, '12', 'abc', 1e12, null]) {
      const res = await post(`/api/warehouse/${it0.warehouse_id}/store?lang=en`, {
        id: uuidv7(),
        qty,
        used_on: day,
      });
      expect(res.statusCode, `${qty}: ${res.body}`).toBe(400);
      expect(res.json().message).toBeTypeOf('string');
    }
    expect((await item(it0.warehouse_id)).qty).toBe(0);
    const missing = await post(`/api/warehouse/${uuidv7()}/store`, { id: uuidv7(), qty: 1, used_on: day });
    expect(missing.statusCode).toBe(404);
  });

  it('one item per product: a second is 409, another farm’s product is a field error, a replayed create answers the stored item', async () => {
    const id = uuidv7();
    const first = await post('/api/warehouse', {
      warehouse_id: id,
      farm_id: farm.farmId,
      product_id: STARTER_PRODUCTS[2].id,
    });
    const replay = await post('/api/warehouse', {
      warehouse_id: id,
      farm_id: farm.farmId,
      product_id: STARTER_PRODUCTS[2].id,
    });
    expect(replay.json().data.warehouse_id).toBe(first.json().data.warehouse_id);
    const dup = await post('/api/warehouse?lang=en', {
      farm_id: farm.farmId,
      product_id: STARTER_PRODUCTS[2].id,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('item-exists');
    const theirs = await post(
      '/api/products',
      { farm_id: other.farmId, category_id: 3, product_name: 'Theirs', unit: 'Kg' },
      undefined,
    );
    expect(theirs.statusCode).toBe(404);
  });
});

describe('uses in ponds', () => {
  it('never refuses a use for stock: two devices outrun the stock, both kept, item negative and flagged first', async () => {
    const feed = await newItem(FEED, farm.farmId, { price: 15000 });
    await post(`/api/warehouse/${feed.warehouse_id}/store`, {
      id: uuidv7(),
      qty: 10,
      price: 15000,
      used_on: day,
    });
    const a = use(feed.warehouse_id, farm.pondIds[0], 6.25);
    const b = use(feed.warehouse_id, farm.pondIds[1], 5.5, { time: '07:30' });
    const [ra, rb] = await Promise.all([
      post('/api/useitem/bulk', { items: [a] }),
      post('/api/useitem/bulk', { items: [b] }),
    ]);
    expect(ra.json().data.results).toEqual([{ id: a.id, status: 'ok' }]);
    expect(rb.json().data.results).toEqual([{ id: b.id, status: 'ok' }]);
    const now = await item(feed.warehouse_id);
    expect(now).toMatchObject({ qty: -1.75, stock_state: 'negative' });
    const list = await call({ method: 'GET', url: `/api/warehouse?farm_id=${farm.farmId}` });
    expect(list.json().data[0].warehouse_id).toBe(feed.warehouse_id);

    // A replayed batch stores one copy.
    const again = await post('/api/useitem/bulk', { items: [a, b] });
    expect(again.json().data.results.map((r: { status: string }) => r.status)).toEqual(['ok', 'ok']);
    expect((await item(feed.warehouse_id)).qty).toBe(-1.75);

    const history = await call({
      method: 'GET',
      url: `/api/warehouse/history?farm_id=${farm.farmId}&warehouse_id=${feed.warehouse_id}&kind=use`,
    });
    expect(
      history
        .json()
        .data.map((m: { value: number }) => m.value)
        .sort(),
    ).toEqual([82500, 93750]);
    expect(
      await app.ctx.warehouseUsage.usageCost({ farmId: farm.farmId, from: day, to: day, categoryIds: [5] }),
    ).toBe(176250);
    const fed = await app.ctx.warehouseUsage.feedKgByPond(farm.pondIds, day, day);
    expect([...fed.values()]).toEqual([6.25, 5.5]);

    // Edit and delete keep the stock equal to its movements.
    const edit = await call({ method: 'PUT', url: `/api/useitem/${a.id}/update`, payload: { qty: 1.25 } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data).toMatchObject({ qty: 1.25, value: 18750 });
    expect((await item(feed.warehouse_id)).qty).toBe(3.25);
    await call({ method: 'DELETE', url: `/api/useitem/${b.id}/delete` });
    expect((await item(feed.warehouse_id)).qty).toBe(8.75);
    await ledgerHolds(feed.warehouse_id);
  });

  it('a batch of many uses of two items takes each stock once by their sum; a replay mixed with new uses adds only the new', async () => {
    const feed = await newItem(STARTER_PRODUCTS[7].id, farm.farmId, { price: 10000 });
    const other = await newItem(STARTER_PRODUCTS[11].id, farm.farmId, { price: 2000 });
    const uses = Array.from({ length: 40 }, (_, i) =>
      use(i % 2 ? feed.warehouse_id : other.warehouse_id, farm.pondIds[i % 2], 0.5, { time: '06:00' }),
    );
    const first = await post('/api/useitem/bulk', { items: uses });
    expect(first.json().data.results.every((r: { status: string }) => r.status === 'ok')).toBe(true);
    expect((await item(feed.warehouse_id)).qty).toBe(-10);
    expect((await item(other.warehouse_id)).qty).toBe(-10);
    const more = [use(feed.warehouse_id, farm.pondIds[0], 2.5)];
    const mixed = await post('/api/useitem/bulk', { items: [...uses.slice(0, 10), ...more] });
    expect(mixed.json().data.results.map((r: { status: string }) => r.status)).toEqual(Array(11).fill('ok'));
    expect((await item(feed.warehouse_id)).qty).toBe(-12.5);
    const after = mixed.json().related.warehouseItems as { warehouse_id: string; qty: number }[];
    expect(after.map((i) => [i.warehouse_id, i.qty]).sort()).toEqual(
      [
        [feed.warehouse_id, -12.5],
        [other.warehouse_id, -10],
      ].sort(),
    );
    expect((await item(other.warehouse_id)).qty).toBe(-10);
    await ledgerHolds(feed.warehouse_id);
    await ledgerHolds(other.warehouse_id);
  });

  it('answers bad items one by one: negative or text quantity, unknown item, another farm’s item or pond', async () => {
    const feed = (await item((await newItem(STARTER_PRODUCTS[3].id)).warehouse_id)) as {
      warehouse_id: string;
    };
    const theirs = await app.ctx.db
      .insertInto('warehouse_items')
      .values({ id: uuidv7(), farm_id: other.farmId, product_id: FEED, unit: 'Kg' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const items = [
      use(feed.warehouse_id, farm.pondIds[0], -2),
      use(feed.warehouse_id, farm.pondIds[0], 'dua'),
      use(uuidv7(), farm.pondIds[0], 1),
      use(theirs.id, farm.pondIds[0], 1),
      use(feed.warehouse_id, other.pondIds[0], 1),
      use(feed.warehouse_id, farm.pondIds[0], 1, { time: '25:00', used_on: '2026-02-30' }),
      use(feed.warehouse_id, farm.pondIds[0], 1.0005),
    ];
    const res = await post('/api/useitem/bulk?lang=en', { items });
    const results = res.json().data.results;
    expect(results.map((r: { status: string; code?: string }) => r.code ?? r.status)).toEqual([
      'validation-failed',
      'validation-failed',
      'validation-failed',
      'validation-failed',
      'not-found',
      'validation-failed',
      'ok',
    ]);
    expect(results[0].errors.qty).toEqual(['At least 0.001.']);
    expect(results[1].errors.qty).toEqual(['Must be a number.']);
    expect(results[3].errors.warehouse_id).toEqual(['Item not found in this farm’s warehouse.']);
    expect(Object.keys(results[5].errors).sort()).toEqual(['time', 'used_on']);
    expect((await item(feed.warehouse_id)).qty).toBe(-1.001);
  });

  it("refuses a day after the farm's today on restocks, removals, uses and their edits; today passes", async () => {
    const today = farmToday();
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const future = ['The date cannot be in the future.'];
    const it0 = await newItem(STARTER_PRODUCTS[5].id);
    for (const [kind, used_on] of [
      ['store', tomorrow],
      ['remove', '2999-12-31'],
    ]) {
      const res = await post(`/api/warehouse/${it0.warehouse_id}/${kind}?lang=en`, {
        id: uuidv7(),
        qty: 1,
        used_on,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ used_on: future });
    }
    const uses = await post('/api/useitem/bulk?lang=en', {
      items: [
        use(it0.warehouse_id, farm.pondIds[0], 1, { used_on: tomorrow }),
        use(it0.warehouse_id, farm.pondIds[0], 1, { used_on: '2999-01-01' }),
      ],
    });
    for (const r of uses.json().data.results)
      expect(r).toMatchObject({ status: 'error', code: 'validation-failed', errors: { used_on: future } });
    expect(await item(it0.warehouse_id)).toMatchObject({ qty: 0 });

    // Today is no future: stored, and an edit to tomorrow is refused with nothing changed.
    const store = await post(`/api/warehouse/${it0.warehouse_id}/store`, {
      id: uuidv7(),
      qty: 5,
      used_on: today,
    });
    expect(store.statusCode, store.body).toBe(200);
    const used = use(it0.warehouse_id, farm.pondIds[0], 1, { used_on: today });
    expect((await post('/api/useitem/bulk', { items: [used] })).json().data.results[0].status).toBe('ok');
    const edits = [
      `/api/warehouse/${it0.warehouse_id}/store/${store.json().data.id}/update?lang=en`,
      `/api/useitem/${used.id}/update?lang=en`,
    ];
    for (const url of edits) {
      const res = await call({ method: 'PUT', url, payload: { used_on: tomorrow } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors).toEqual({ used_on: future });
    }
    const history = await call({
      method: 'GET',
      url: `/api/warehouse/history?farm_id=${farm.farmId}&warehouse_id=${it0.warehouse_id}`,
    });
    expect(history.json().data.map((m: { used_on: string }) => m.used_on)).toEqual([today, today]);
  });

  it('a pond keeper uses in the ponds of their access only', async () => {
    const keeper = await quickUser(app, 'keeper');
    await addMember(app, farm.farmId, keeper, 3, { [farm.pondIds[0]]: 1 });
    const feed = await newItem(STARTER_PRODUCTS[4].id);
    const res = await post(
      '/api/useitem/bulk',
      {
        items: [use(feed.warehouse_id, farm.pondIds[0], 1), use(feed.warehouse_id, farm.pondIds[1], 1)],
      },
      keeper,
    );
    expect(res.json().data.results.map((r: { status: string; code?: string }) => r.code ?? r.status)).toEqual(
      ['ok', 'not-found'],
    );
  });
});

describe('purchase orders', () => {
  it('refuses an order without items, a malformed phone or another farm’s product', async () => {
    const theirs = await app.ctx.db
      .insertInto('warehouse_products')
      .values({ id: uuidv7(), farm_id: other.farmId, category_id: 5, name_id: 'X', name_en: 'X', unit: 'Kg' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await post('/api/farm/purchase-order?lang=en', {
      farm_id: farm.farmId,
      supplier_name: ' ',
      supplier_phone: '12ab',
      items: [],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      supplier_name: ['Required.'],
      supplier_phone: ['Not a valid phone number.'],
      items: ['An order needs at least one item.'],
    });
    const foreign = await post('/api/farm/purchase-order?lang=en', {
      farm_id: farm.farmId,
      supplier_name: 'Toko',
      supplier_phone: '0812 3456 7890',
      items: [
        { product_id: theirs.id, qty: 1 },
        { product_id: FEED, qty: -3 },
      ],
    });
    expect(foreign.json().errors).toMatchObject({
      'items.0.product_id': [expect.any(String)],
      'items.1.qty': [expect.any(String)],
    });
    const list = await call({ method: 'GET', url: `/api/purchase-order?farm_id=${farm.farmId}` });
    expect(list.json().data).toEqual([]);
  });

  it('writes the whole order into the WhatsApp link, and receiving restocks at the price paid once', async () => {
    const created = await post('/api/farm/purchase-order', {
      farm_id: farm.farmId,
      supplier_name: 'Toko Pakan Jaya',
      supplier_phone: '0812-3456-7890',
      note: 'Kirim pagi',
      items: [
        { product_id: STARTER_PRODUCTS[6].id, qty: 500 },
        { product_id: LIME, qty: 12.5 },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    const order = created.json().data;
    expect(order).toMatchObject({ supplier_phone: '+6281234567890', status: 'open' });
    const send = await post(`/api/farm/purchase-order/${order.id}/whatsapp?lang=id`, undefined);
    expect(send.statusCode, send.body).toBe(200);
    const { channel, url, text } = send.json().data;
    expect(channel).toBe('link');
    expect(url.startsWith('https://wa.me/6281234567890?text=')).toBe(true);
    const decoded = decodeURIComponent(url.split('?text=')[1]);
    expect(decoded).toBe(text);
    for (const part of [
      'Toko Pakan Jaya',
      'Pakan udang pelet 2,0 mm: 500 Kg',
      'Kapur pertanian (kaptan, CaCO₃): 12,5 Kg',
      'Catatan: Kirim pagi',
    ])
      expect(decoded).toContain(part);

    // Goods received tomorrow or in 2999: refused on the day, nothing restocked.
    const limeQty = async () =>
      (await call({ method: 'GET', url: `/api/warehouse?farm_id=${farm.farmId}` }))
        .json()
        .data.find((i: { product_id: string }) => i.product_id === LIME)?.qty ?? 0;
    const limeBefore = await limeQty();
    const today = farmToday();
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    for (const received_on of [tomorrow, '2999-12-31']) {
      const early = await post(`/api/farm/purchase-order/${order.id}/receive`, {
        received_on,
        items: [{ product_id: LIME, price: 2600 }],
      });
      expect(early.statusCode, early.body).toBe(400);
      expect(early.json().errors.received_on).toEqual(['Tanggal tidak boleh di masa depan.']);
    }
    expect(await limeQty()).toBe(limeBefore);

    const receive = await post(`/api/farm/purchase-order/${order.id}/receive`, {
      received_on: day,
      items: [
        { product_id: STARTER_PRODUCTS[6].id, price: 14500 },
        { product_id: LIME, qty: 12, price: 2600 },
      ],
    });
    expect(receive.statusCode, receive.body).toBe(200);
    expect(receive.json().data).toMatchObject({
      status: 'received',
      items: [
        { price: 14500, qty: 500 },
        { price: 2600, qty: 12 },
      ],
    });
    const items = (await call({ method: 'GET', url: `/api/warehouse?farm_id=${farm.farmId}` })).json().data;
    const pellet = items.find((i: { product_id: string }) => i.product_id === STARTER_PRODUCTS[6].id);
    expect(pellet).toMatchObject({ qty: 500, price: 14500 });
    const lime = items.find((i: { product_id: string }) => i.product_id === LIME);
    expect(lime.price).toBe(2600);
    // The receipt answers its restocks and their items, for the device's mirror.
    const related = receive.json().related;
    expect(related.warehouseItems.map((i: { warehouse_id: string }) => i.warehouse_id).sort()).toEqual(
      [pellet.warehouse_id, lime.warehouse_id].sort(),
    );
    expect(
      related.warehouseMovements.map((m: { kind: string; qty: number }) => [m.kind, m.qty]).sort(),
    ).toEqual([
      ['store', 12],
      ['store', 500],
    ]);
    const twice = await post(`/api/farm/purchase-order/${order.id}/receive`, {
      received_on: day,
      items: [{ product_id: LIME, price: 1 }],
    });
    expect(twice.statusCode).toBe(409);
    expect((await item(pellet.warehouse_id)).qty).toBe(500);
    const paged = await call({ method: 'GET', url: `/api/purchase-order?farm_id=${farm.farmId}&page=1` });
    expect(paged.json().data).toHaveLength(1);
  });
});
