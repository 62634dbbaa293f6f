import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_ID } from '#shared/domain/finance';
import type { App } from '../../src/server/app.ts';
import { farmToday } from '../../src/server/kernel/farm-clock.ts';
import { type FarmSetup, ownerWithFarm, type QuickUser, stockPond } from '../helpers/farm-fixtures.ts';
import { createTestApp } from '../helpers/test-app.ts';

/**
 * A farm-wide expense counts once across the cycles it was spent for (ADR 0128): two ponds
 * of 1,000 and 3,000 m² run cycles side by side; the farm's electricity of a day they both
 * run is a quarter the first cycle's and three quarters the second's, in the cycle's HPP
 * (GET /api/analysHpp?cycle_id) and in its forecast's cost to date (GET /api/forecast)
 * alike. Before, each cycle counted the whole bill: a 50-pond farm's HPP 50 times over.
 */
let app: App;
let owner: QuickUser;
let farm: FarmSetup;
const cycles: string[] = [];

const daysAgo = (n: number) => {
  const d = new Date(`${farmToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
};

async function call<T>(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<T> {
  const res = await app.inject({
    method,
    url: `/api${url}`,
    headers: owner.auth,
    payload: payload as object,
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json().data as T;
}

beforeAll(async () => {
  ({ app, owner, farm } = await ownerWithFarm(2, createTestApp));
  await app.ctx.db
    .updateTable('ponds')
    .set({ area: 3_000 })
    .where('id', '=', farm.pondIds[1] as string)
    .execute();
  for (const pondId of farm.pondIds)
    cycles.push(await stockPond(app, owner, pondId, { stockDate: daysAgo(40), seed: 100_000 }));
  const accountId = uuidv7();
  await call('POST', '/account', {
    account_id: accountId,
    farm_id: farm.farmId,
    name: 'Kas',
    created_at: daysAgo(60),
  });
  const expense = (key: string, nominal: number, day: string) =>
    call('POST', '/transaction', {
      account_id: accountId,
      category_transaction_id: BUILT_IN_ID[key],
      metode: 'cash',
      nominal,
      transaction_date: day,
    });
  await expense('electricity', 4_000_000, daysAgo(20));
  await expense('labour', 1_000_001, daysAgo(10));
  // Before either cycle: no cycle's cost.
  await expense('labour', 9_000_000, daysAgo(50));
});
afterAll(() => app?.close());

describe('farm-wide expenses shared among the cycles running on their day, by pond area', () => {
  it('each cycle’s HPP counts its share, and the shares add up to the expenses of their days', async () => {
    const hpp = await Promise.all(
      cycles.map((c) =>
        call<{ expenses: string; expense_lines: { builtin_key: string; total: string; count: number }[] }>(
          'GET',
          `/analysHpp?farm_id=${farm.farmId}&cycle_id=${c}`,
        ),
      ),
    );
    const lines = hpp.map((h) => Object.fromEntries(h.expense_lines.map((l) => [l.builtin_key, l.total])));
    // 1,000 ÷ 4,000 m² and 3,000 ÷ 4,000 m², rounded half up to the rupiah.
    expect(lines[0]).toEqual({ electricity: '1000000', labour: '250000' });
    expect(lines[1]).toEqual({ electricity: '3000000', labour: '750001' });
    expect(hpp.map((h) => h.expenses)).toEqual(['1250000', '3750001']);
    expect(BigInt(hpp[0]?.expenses ?? 0) + BigInt(hpp[1]?.expenses ?? 0)).toBe(5_000_001n);
  });

  it("the forecast's cost to date is the cycle's HPP cost, the same rupiah", async () => {
    const forecast = await call<{ cycle_id: string; cost_to_date: number | null }[]>(
      'GET',
      `/forecast?farm_id=${farm.farmId}`,
    );
    for (const cycleId of cycles) {
      const hpp = await call<{ total_cost: string }>(
        'GET',
        `/analysHpp?farm_id=${farm.farmId}&cycle_id=${cycleId}`,
      );
      const f = forecast.find((x) => x.cycle_id === cycleId);
      expect(f?.cost_to_date).toBe(Number(hpp.total_cost));
    }
    expect(forecast.map((f) => f.cost_to_date).sort()).toEqual([1_250_000, 3_750_001]);
  });
});
