import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransactionProposal } from '#shared/contracts/finance';
import { BUILT_IN_ID } from '#shared/domain/finance';
import { type FarmSetup, ownerWithFarm, type QuickUser } from '#test/helpers/farm-fixtures';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from '../../app.ts';
import type { ProductionScope, ProductionSources } from './production-sources.ts';

/**
 * The statistics routes against hand-computed figures. Harvest and warehouse usage come
 * through the ProductionSources seam, given here explicitly (what the real readers of
 * issue 14/15 will answer), so HPP and productivity are checked end to end.
 */
const seen: ProductionScope[] = [];
const harvest = {
  kg: 0,
  revenue: 0n,
  byPond: new Map<string, number>(),
  cyclesByPond: new Map<string, number>(),
};
let proposals: TransactionProposal[] = [];
const sources: ProductionSources = {
  harvested: async (_farm, scope) => {
    seen.push(scope);
    return {
      kg: harvest.kg,
      revenueRp: harvest.revenue,
      byPond: harvest.byPond,
      cyclesByPond: harvest.cyclesByPond,
    };
  },
  usageCostRp: async () => 1_500_000n,
  proposals: async () => proposals,
  cycleSpans: async () => [],
};

let app: App;
let owner: QuickUser;
let farm: FarmSetup;
let acc: string;
let acc2: string;
const get = (url: string) => app.inject({ method: 'GET', url, headers: owner.auth });
const book = (account: string, category: string, nominal: number, date: string) =>
  app.inject({
    method: 'POST',
    url: '/api/transaction',
    headers: owner.auth,
    payload: {
      account_id: account,
      category_transaction_id: category,
      metode: 'cash',
      nominal,
      transaction_date: date,
    },
  });

beforeAll(async () => {
  ({ app, owner, farm } = await ownerWithFarm(2, () => createTestApp({}, { productionSources: sources })));
  const mk = async (name: string) =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/account',
        headers: owner.auth,
        payload: { farm_id: farm.farmId, name, created_at: '2025-01-01' },
      })
    ).json().data.account_id as string;
  acc = await mk('Kas');
  acc2 = await mk('Bank');
  // January: in 10,000,000; out feed 3,000,000 + seed 2,000,000. February: out feed 1,000,000; in 4,000,000 (Bank).
  for (const [a, c, n, d] of [
    [acc, BUILT_IN_ID['harvest-sale'], 10_000_000, '2025-01-20'],
    [acc, BUILT_IN_ID.feed, 3_000_000, '2025-01-05'],
    [acc, BUILT_IN_ID.seed, 2_000_000, '2025-01-05'],
    [acc, BUILT_IN_ID.feed, 1_000_000, '2025-02-03'],
    [acc2, BUILT_IN_ID['other-income'], 4_000_000, '2025-02-14'],
  ] as const)
    expect((await book(a, c, n, d)).statusCode).toBe(201);
});
afterAll(() => app.close());

describe('statistics', () => {
  it('/totalTransaction: farm, one account, a range', async () => {
    const all = (await get(`/api/totalTransaction?farm_id=${farm.farmId}`)).json().data;
    expect(all).toEqual({ income: '14000000', expenses: '6000000', balance: '8000000', count: 5 });
    const kas = (await get(`/api/totalTransaction?farm_id=${farm.farmId}&account_id=${acc}`)).json().data;
    expect(kas).toEqual({ income: '10000000', expenses: '6000000', balance: '4000000', count: 4 });
    const feb = (
      await get(`/api/totalTransaction?farm_id=${farm.farmId}&from=2025-02-01&to=2025-02-28`)
    ).json().data;
    expect(feb).toEqual({ income: '4000000', expenses: '1000000', balance: '3000000', count: 2 });
  });

  it('/chartCashFlowPerMonth', async () => {
    const rows = (await get(`/api/chartCashFlowPerMonth?farm_id=${farm.farmId}`)).json().data;
    expect(rows).toEqual([
      { month: '2025-01', income: '10000000', expenses: '5000000', net: '5000000' },
      { month: '2025-02', income: '4000000', expenses: '1000000', net: '3000000' },
    ]);
  });

  it('/arusKasPercategoryFilterByMonth', async () => {
    const rows = (
      await get(`/api/arusKasPercategoryFilterByMonth?farm_id=${farm.farmId}&month=2025-01`)
    ).json().data;
    expect(
      rows.map((r: { builtin_key: string; total: string; count: number }) => [
        r.builtin_key,
        r.total,
        r.count,
      ]),
    ).toEqual([
      ['harvest-sale', '10000000', 1],
      ['feed', '3000000', 1],
      ['seed', '2000000', 1],
    ]);
    const bad = await get(`/api/arusKasPercategoryFilterByMonth?farm_id=${farm.farmId}&month=2025-13`);
    expect(bad.statusCode).toBe(400);
  });

  it('/groupTransaction by day, newest first, by type', async () => {
    const rows = (await get(`/api/groupTransaction?farm_id=${farm.farmId}&type=out`)).json().data;
    expect(rows).toEqual([
      { date: '2025-02-03', income: '0', expenses: '1000000', count: 1 },
      { date: '2025-01-05', income: '0', expenses: '5000000', count: 2 },
    ]);
  });

  it('/analysHpp without harvest: null HPP, never a division by zero', async () => {
    harvest.kg = 0;
    const hpp = (await get(`/api/analysHpp?farm_id=${farm.farmId}`)).json().data;
    // Feed bought (4,000,000) is warehouse stock, counted by its usage value: seed only.
    expect(hpp).toMatchObject({
      expenses: '2000000',
      stock_purchases: '4000000',
      stock_purchase_count: 2,
      usage_cost: '1500000',
      total_cost: '3500000',
      hpp_per_kg: null,
    });
  });

  it('/analysHpp = (expenses + usage cost) ÷ harvested kg', async () => {
    harvest.kg = 1250.5;
    harvest.revenue = 75_030_000n;
    const hpp = (await get(`/api/analysHpp?farm_id=${farm.farmId}&from=2025-01-01&to=2025-01-31`)).json()
      .data;
    // January: seed 2,000,000 + usage 1,500,000 = 3,500,000 ÷ 1,250.5 kg = 2,798.88 → Rp 2,799;
    // the feed bought (3,000,000) is stock, counted by the usage value, listed apart.
    expect(hpp).toEqual({
      expenses: '2000000',
      expense_lines: [expect.objectContaining({ builtin_key: 'seed', total: '2000000', count: 1 })],
      stock_lines: [expect.objectContaining({ builtin_key: 'feed', total: '3000000', count: 1 })],
      stock_purchases: '3000000',
      stock_purchase_count: 1,
      usage_cost: '1500000',
      total_cost: '3500000',
      harvested_kg: 1250.5,
      revenue: '75030000',
      hpp_per_kg: '2799',
    });
    expect(seen.at(-1)).toEqual({ from: '2025-01-01', to: '2025-01-31' });
  });

  it('/getProductivitas: kg/ha per pond and for the farm', async () => {
    harvest.kg = 1500;
    harvest.byPond = new Map([[farm.pondIds[0], 1500]]);
    harvest.cyclesByPond = new Map([[farm.pondIds[0], 2]]);
    const p = (await get(`/api/getProductivitas?farm_id=${farm.farmId}`)).json().data;
    // Ponds of 1,000 m² (0.1 ha): 1,500 kg → 15,000 kg/ha; the farm 1,500 kg over 0.2 ha → 7,500 kg/ha.
    expect(
      p.ponds.map((r: { harvested_kg: number; kg_per_ha: number | null }) => [r.harvested_kg, r.kg_per_ha]),
    ).toEqual([
      [1500, 15000],
      [0, 0],
    ]);
    // Two cycles of pond 1 harvested: 1,500 kg ÷ (0.1 ha × 2) = 7,500 kg/ha/cycle; no period, no per year.
    expect(p.farm).toEqual({
      area_m2: 2000,
      harvested_kg: 1500,
      cycles: 2,
      kg_per_ha: 7500,
      kg_per_ha_cycle: 7500,
      kg_per_ha_year: null,
      days: null,
    });
    expect(p.ponds[0]).toMatchObject({ cycles: 2, kg_per_ha: 15000, kg_per_ha_cycle: 7500 });
    // Over a 73-day period the farm's 7,500 kg/ha is 37,500 kg/ha a year.
    const period = (
      await get(`/api/getProductivitas?farm_id=${farm.farmId}&from=2025-01-01&to=2025-03-14`)
    ).json().data;
    expect(period.farm).toMatchObject({ days: 73, kg_per_ha: 7500, kg_per_ha_year: 37500 });
  });

  it('proposals: accepting one books it once; it leaves the list', async () => {
    proposals = [
      {
        source_type: 'harvest',
        source_id: 'h-1',
        type: 'in',
        category_transaction_id: BUILT_IN_ID['harvest-sale'],
        nominal: 9_000_000,
        transaction_date: '2025-02-20',
        label: 'Kolam 1 · 300 kg',
      },
    ];
    const listed = (await get(`/api/transaction/proposal?farm_id=${farm.farmId}`)).json().data;
    expect(listed).toHaveLength(1);
    const accept = () =>
      app.inject({
        method: 'POST',
        url: '/api/transaction',
        headers: owner.auth,
        payload: {
          account_id: acc,
          category_transaction_id: BUILT_IN_ID['harvest-sale'],
          metode: 'transfer',
          nominal: 9_000_000,
          transaction_date: '2025-02-20',
          source_type: 'harvest',
          source_id: 'h-1',
        },
      });
    expect((await accept()).statusCode).toBe(201);
    const twice = await accept();
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('finance-already-booked');
    expect((await get(`/api/transaction/proposal?farm_id=${farm.farmId}`)).json().data).toEqual([]);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/transaction',
      headers: owner.auth,
      payload: {
        account_id: acc,
        category_transaction_id: BUILT_IN_ID['harvest-sale'],
        metode: 'cash',
        nominal: 1,
        transaction_date: '2025-02-20',
        source_type: 'purchase-order',
        source_id: 'nope',
      },
    });
    expect(unknown.statusCode).toBe(400);
  });
});
