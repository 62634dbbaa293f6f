import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FarmSetup, ownerWithFarm, type QuickUser } from '#test/helpers/farm-fixtures';
import { createTestApp } from '#test/helpers/test-app';
import { type DemoApi, generateWarehouse } from '../../scripts/demo/warehouse.ts';
import type { App } from '../../src/server/app.ts';

/** The generator against a real server through app.inject: realistic data, and a re-run stores nothing twice. */
let app: App;
let owner: QuickUser;
let farm: FarmSetup;
beforeAll(async () => {
  ({ app, owner, farm } = await ownerWithFarm(2, createTestApp));
  await app.ctx.db
    .insertInto('cycles')
    .values({
      id: '01900000-0000-7000-8000-00000000c001',
      farm_id: farm.farmId,
      pond_id: farm.pondIds[0],
      cycle_number: 1,
      start_date: '2026-01-15',
    })
    .execute();
});
afterAll(() => app.close());

function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const api: DemoApi = {
  async get(path, query = {}) {
    const qs = new URLSearchParams(
      Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
    );
    const res = await app.inject({ method: 'GET', url: `/api${path}?${qs}`, headers: owner.auth });
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.body}`);
    return res.json().data;
  },
  async post(path, body) {
    const res = await app.inject({
      method: 'POST',
      url: `/api${path}`,
      headers: owner.auth,
      payload: body as Record<string, unknown>,
    });
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.body}`);
    return res.json().data;
  },
};

describe('generateWarehouse', () => {
  it('writes items, restocks, daily feed per active pond and purchase orders; a re-run adds nothing', async () => {
    const first = await generateWarehouse({
      api,
      farmId: farm.farmId,
      random: mulberry32(7),
      days: 30,
      today: '2026-03-01',
    });
    expect(first.items).toBe(14);
    const history = await api.get<{ kind: string; pond_id: string | null }[]>('/warehouse/history', {
      farm_id: farm.farmId,
    });
    const uses = history.filter((m) => m.kind === 'use');
    expect(uses.length).toBe(first.uses);
    expect(new Set(uses.map((u) => u.pond_id))).toEqual(new Set([farm.pondIds[0]]));
    // Restocks come by received purchase orders; two orders are still open (one sent by WhatsApp).
    const orders = await api.get<{ status: string }[]>('/purchase-order', { farm_id: farm.farmId });
    const statuses = orders.map((o) => o.status);
    expect(statuses.filter((s) => s === 'received').length).toBeGreaterThanOrEqual(2);
    expect(statuses.filter((s) => s !== 'received').sort()).toEqual(['open', 'sent']);
    const items = await api.get<{ qty: number }[]>('/warehouse', { farm_id: farm.farmId });
    for (const item of items) expect(item.qty).toBeGreaterThan(0);
    const fed = await app.ctx.warehouseUsage.feedKgByCycle(['01900000-0000-7000-8000-00000000c001']);
    expect(fed.get('01900000-0000-7000-8000-00000000c001')).toBeGreaterThan(100);

    await generateWarehouse({
      api,
      farmId: farm.farmId,
      random: mulberry32(7),
      days: 30,
      today: '2026-03-01',
    });
    expect((await api.get<unknown[]>('/warehouse/history', { farm_id: farm.farmId })).length).toBe(
      history.length,
    );
    expect((await api.get<unknown[]>('/purchase-order', { farm_id: farm.farmId })).length).toBe(orders.length);
  });
});
