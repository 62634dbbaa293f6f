import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.ts';
import { farmToday } from '../../src/server/kernel/farm-clock.ts';
import { type FarmSetup, ownerWithFarm, type QuickUser, stockPond } from '../helpers/farm-fixtures.ts';
import { createTestApp } from '../helpers/test-app.ts';

/**
 * Two samples weighed on the same day are one sampling of all the shrimp counted (ADR 0129):
 * 300 g of 100 shrimp and 340 g of 100 shrimp give 640 ÷ 200 = 3.2 g, whichever was entered
 * first, on every route that reads "the latest sampling": the overview, the shrimp analysis,
 * the sampling chart, the comparison, the feed ration and the forecast (one sampling day,
 * so the forecast says it starts from the prior). Before, the overview took one of the two
 * by id, the analysis and the ration the other, the chart drew both.
 */
let app: App;
let owner: QuickUser;
let farm: FarmSetup;
let pondId: string;
let cycleId: string;

const daysAgo = (n: number) => {
  const d = new Date(`${farmToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
};
const SAMPLED = daysAgo(2);

async function get<T>(url: string): Promise<T> {
  const res = await app.inject({ method: 'GET', url: `/api${url}`, headers: owner.auth });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json().data as T;
}

beforeAll(async () => {
  ({ app, owner, farm } = await ownerWithFarm(1, createTestApp));
  pondId = farm.pondIds[0] as string;
  cycleId = await stockPond(app, owner, pondId, { stockDate: daysAgo(40), seed: 50_000 });
  // The heavier sample first, so "the first entered" and "the last entered" differ.
  for (const grams of [340, 300]) {
    const r = await app.inject({
      method: 'POST',
      url: '/api/sampling/bulk',
      headers: owner.auth,
      payload: {
        items: [
          {
            id: uuidv7(),
            pond_id: pondId,
            cycle_id: cycleId,
            sampled_on: SAMPLED,
            shrimp_count: 100,
            sample_weight: grams,
          },
        ],
      },
    });
    if (r.statusCode !== 200 || r.json().data.results[0].status !== 'ok') throw new Error(r.body);
  }
});
afterAll(() => app?.close());

describe('two samplings of one day read as one, 3.2 g, everywhere', () => {
  it('the overview, the shrimp analysis and the feed ration', async () => {
    const o = await get<{ ponds: { abw: number; size: number; adg: number | null }[] }>(
      `/overview?farm_id=${farm.farmId}`,
    );
    expect(o.ponds[0]?.abw).toBeCloseTo(3.2, 9);
    expect(o.ponds[0]?.size).toBeCloseTo(312.5, 6);
    expect(o.ponds[0]?.adg).toBeNull();
    const shrimp = await get<{ sampling: { abw: number; size: number } | null }[]>(
      `/shrimData?farm_id=${farm.farmId}&start_date=${farmToday()}&ponds=${pondId}`,
    );
    expect(shrimp[0]?.sampling).toMatchObject({ abw: 3.2, size: 312.5 });
    const ration = await get<{ pond_id: string; abw: number | null }[]>(
      `/feed/ration?farm_id=${farm.farmId}`,
    );
    expect(ration.find((r) => r.pond_id === pondId)?.abw).toBeCloseTo(3.2, 9);
  });

  it('the sampling chart and the comparison draw one point of the day', async () => {
    const q = `farm_id=${farm.farmId}&from=${daysAgo(10)}&to=${farmToday()}&ponds=${pondId}`;
    const chart = await get<{ points: { day: string; abw: number }[] }[]>(`/chart/sampling?${q}`);
    expect(chart[0]?.points).toHaveLength(1);
    expect(chart[0]?.points[0]).toMatchObject({ day: SAMPLED, abw: 3.2 });
    const comparison = await get<{ metric: string; points: { value: number }[] }[]>(
      `/farm/comparison?${q}&type=1&metrics=abw,size`,
    );
    expect(comparison.find((c) => c.metric === 'abw')?.points.map((p) => p.value)).toEqual([3.2]);
    expect(comparison.find((c) => c.metric === 'size')?.points.map((p) => p.value)).toEqual([312.5]);
  });

  it('the forecast counts one sampling day and starts from the prior, saying so', async () => {
    const f = await get<{ cycle_id: string; samplings: number; basis: string; notice: string | null }[]>(
      `/forecast?farm_id=${farm.farmId}`,
    );
    const mine = f.find((x) => x.cycle_id === cycleId);
    expect(mine).toMatchObject({ samplings: 1, basis: 'prior' });
    expect(mine?.notice).toBeTruthy();
  });
});
