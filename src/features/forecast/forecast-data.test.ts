import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '#local/db';
import { forecastCycle, gompertz } from '#shared/domain/figures';
import { harvestOnDay, readFarmForecasts, readPondForecast } from './forecast-data.ts';

const db = getDb();
afterEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
});

const TRUTH = { winf: 38, b: 5.2, k: 0.019 };
const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

async function seed(samplingDocs: number[]) {
  const start = '2026-01-01';
  await db.stocks.bulkPut([
    {
      stock_id: 's1',
      farm_id: 'f',
      pond_id: 'p1',
      cycle_id: 'c1',
      stock_date: start,
      seed_actual: 100_000,
      is_harvest: false,
    },
    {
      stock_id: 's0',
      farm_id: 'f',
      pond_id: 'p1',
      cycle_id: 'c0',
      stock_date: '2025-06-01',
      seed_actual: 100_000,
      is_harvest: true,
    },
  ] as never[]);
  await db.samplings.bulkPut(
    samplingDocs.map((doc, i) => ({
      id: `x${i}`,
      farm_id: 'f',
      pond_id: 'p1',
      cycle_id: 'c1',
      sampled_on: addDays(start, doc - 1),
      shrimp_count: 100,
      sample_weight: gompertz(TRUTH, doc) * 100,
    })) as never[],
  );
  await db.deaths.bulkPut([
    { death_id: 'd1', farm_id: 'f', pond_id: 'p1', stock_id: 's1', died_on: '2026-02-25', count: 500 },
  ] as never[]);
  await db.harvests.bulkPut([
    {
      harvest_id: 'h0',
      farm_id: 'f',
      pond_id: 'p1',
      stock_id: 's0',
      harvested_on: '2025-09-20',
      type: 'total',
      weight_kg: 1000,
      size: 50,
      price_per_kg: 72_000,
    },
  ] as never[]);
}

describe('readPondForecast (offline, from the mirror)', () => {
  it('forecasts the running cycle with the shared function: the same numbers as forecastCycle', async () => {
    await seed([21, 28, 35, 42, 49, 56]);
    const today = '2026-03-01';
    await db.forecastSettings.put({ farm_id: 'f', target_sizes: [100, 50], is_default: false } as never);
    const r = await readPondForecast(db, 'f', 'p1', today);
    expect(r.priceSource).toBe('suggested');
    expect(r.stockDate).toBe('2026-01-01');
    expect(r.points).toHaveLength(6);
    const f = r.forecast;
    if (!f) throw new Error('no forecast');
    expect(f.basis).toBe('fit');
    expect(f.curve[0]?.doc).toBe(56);
    expect(f.targets.map((t) => t.size)).toEqual([100, 50]);
    // Price of size 50 suggested by the finished cycle's harvest.
    expect(f.targets[1]?.projection?.price_per_kg).toBe(72_000);
    expect(f.targets[1]?.projection?.population).toBeLessThan(100_000 - 500);
    const direct = forecastCycle({
      stock: { stock_date: '2026-01-01', seed_actual: 100_000, is_harvest: false },
      areaM2: 0,
      deaths: [{ died_on: '2026-02-25', count: 500 }],
      harvests: [],
      samplings: (await db.samplings.toArray()).map((s) => ({
        sampled_on: s.sampled_on,
        sample_weight: s.sample_weight,
        shrimp_count: s.shrimp_count,
      })),
      feedKg: null,
      today,
      prior: f.fit.prior,
      targets: [100, 50],
      prices: { valid_from: today, prices: [{ size: 50, price_per_kg: 72_000 }] },
    });
    expect(f.targets[1]?.days).toBe(direct.targets[1]?.days);
  });

  it("gives the cycle overview every running pond's forecast from one read: the pond page's numbers", async () => {
    await seed([21, 28, 35, 42]);
    // A second running pond, stocked later, one sampling; its deaths must not leak into pond 1.
    await db.stocks.put({
      stock_id: 's2',
      farm_id: 'f',
      pond_id: 'p2',
      cycle_id: 'c2',
      stock_date: '2026-01-20',
      seed_actual: 60_000,
      is_harvest: false,
    } as never);
    await db.samplings.put({
      id: 'y0',
      farm_id: 'f',
      pond_id: 'p2',
      cycle_id: 'c2',
      sampled_on: '2026-02-20',
      shrimp_count: 100,
      sample_weight: 250,
    } as never);
    await db.deaths.put({
      death_id: 'd2',
      farm_id: 'f',
      pond_id: 'p2',
      stock_id: 's2',
      died_on: '2026-02-21',
      count: 3000,
    } as never);
    const today = '2026-02-24';
    const all = await readFarmForecasts(db, 'f', today);
    expect(all.map((x) => x.pondId).sort()).toEqual(['p1', 'p2']);
    for (const { pondId, data } of all) {
      const one = await readPondForecast(db, 'f', pondId, today);
      expect(data.forecast?.targets).toEqual(one.forecast?.targets);
      expect(data.forecast?.curve).toEqual(one.forecast?.curve);
      expect(data.points).toEqual(one.points);
    }
    const p2 = all.find((x) => x.pondId === 'p2')?.data;
    expect(p2?.forecast?.basis).toBe('prior');
    expect(p2?.forecast?.now.population).toBe(57_000);
  });

  it('says the forecast comes from the prior with one sampling, and nothing without a running cycle', async () => {
    await seed([21]);
    const r = await readPondForecast(db, 'f', 'p1', '2026-01-25');
    expect(r.forecast?.basis).toBe('prior');
    const none = await readPondForecast(db, 'f', 'other-pond', '2026-01-25');
    expect(none.forecast).toBeNull();
  });

  it("prices at the farm's own list, cost to date from the mirrored finance and uses, a harvest on a day", async () => {
    await seed([21, 28, 35, 42, 49, 56]);
    const today = '2026-03-01';
    await db.farmPrices.bulkPut([
      { price_id: 'a', farm_id: 'f', valid_from: '2026-02-01', size: 50, price_per_kg: 80_000 },
      { price_id: 'b', farm_id: 'f', valid_from: '2026-02-01', size: 100, price_per_kg: 55_000 },
    ] as never[]);
    await db.financeTransactions.bulkPut([
      {
        transaction_record_id: 't1',
        farm_id: 'f',
        type: 'out',
        nominal: '2000000',
        transaction_date: '2026-01-10',
        source_type: null,
        builtin_key: null,
        deleted_at: null,
      },
    ] as never[]);
    await db.warehouseMovements.bulkPut([
      {
        id: 'm1',
        farm_id: 'f',
        warehouse_id: 'w',
        kind: 'use',
        value: 300_000,
        cycle_id: 'c1',
        deleted_at: null,
      },
      {
        id: 'm2',
        farm_id: 'f',
        warehouse_id: 'w',
        kind: 'use',
        value: 999,
        cycle_id: 'c0',
        deleted_at: null,
      },
    ] as never[]);
    const r = await readPondForecast(db, 'f', 'p1', today);
    expect(r.priceSource).toBe('farm');
    expect(r.costToDate).toBe(2_300_000);
    const size50 = r.forecast?.targets.find((t) => t.size === 50)?.projection;
    expect(size50?.price_per_kg).toBe(80_000);
    expect(size50?.revenue).toBe(Math.round((size50?.biomass_kg ?? 0) * 80_000));
    expect(size50?.hpp).toBeGreaterThan(0);

    // Another pond's cycle ran from 1 Jan as well (3 × the area): the farm-wide expense is
    // shared by area among the cycles running on its day (ADR 0128), a quarter is this one's.
    await db.ponds.bulkPut([
      { pond_id: 'p1', farm_id: 'f', area: 1_000 },
      { pond_id: 'p2', farm_id: 'f', area: 3_000 },
    ] as never[]);
    await db.cycles.bulkPut([
      { cycle_id: 'c1', farm_id: 'f', pond_id: 'p1', start_date: '2026-01-01', end_date: 0 },
      { cycle_id: 'c2', farm_id: 'f', pond_id: 'p2', start_date: '2026-01-01', end_date: '2026-02-15' },
    ] as never[]);
    expect((await readPondForecast(db, 'f', 'p1', today)).costToDate).toBe(500_000 + 300_000);

    const onDay = harvestOnDay(r, '2026-03-20');
    expect(onDay?.date).toBe('2026-03-20');
    expect(onDay?.doc).toBe(79);
    expect(onDay?.revenue).toBeGreaterThan(0);
  });
});
