import { describe, expect, it } from 'vitest';
import { biomassKg, cycleFigures, hppPerKg } from '../figures.ts';
import { DEFAULT_PRIOR, gompertz } from './growth-model.ts';
import { addDays, type ForecastInput, fittedTargets, forecastCycle, harvestOn } from './plan.ts';
import { priceForSize, priceListOn, suggestPrices } from './price-list.ts';
import { dateProblem, priceProblem, sizeProblem, sizesProblem } from './validate.ts';

const TRUTH = { winf: 38, b: 5.2, k: 0.019 };
const START = '2026-01-01';
const day = (doc: number) => addDays(START, doc - 1);

function input(lastDoc: number, extra: Partial<ForecastInput> = {}): ForecastInput {
  const samplings = [];
  for (let doc = 21; doc <= lastDoc; doc += 7)
    samplings.push({ sampled_on: day(doc), sample_weight: gompertz(TRUTH, doc) * 100, shrimp_count: 100 });
  return {
    stock: { stock_date: START, seed_actual: 200_000, is_harvest: false },
    areaM2: 2000,
    deaths: [
      { died_on: day(5), count: 10_000 },
      { died_on: day(lastDoc - 3), count: 1_400 },
    ],
    harvests: [],
    samplings,
    feedKg: null,
    today: day(lastDoc),
    prior: DEFAULT_PRIOR,
    targets: [100, 70, 50],
    prices: {
      valid_from: START,
      prices: [
        { size: 50, price_per_kg: 72_000 },
        { size: 70, price_per_kg: 60_000 },
        { size: 100, price_per_kg: 48_000 },
      ],
    },
    costToDate: 100_000_000,
    feedPricePerKg: 14_000,
    ...extra,
  };
}

describe('forecastCycle', () => {
  it('answers each target size: day with its band, ABW, population, biomass, feed, revenue, HPP', () => {
    const f = forecastCycle(input(63));
    expect(f.basis).toBe('fit');
    expect(f.doc).toBe(63);
    const [s100, s70, s50] = f.targets;
    // At DOC 63 the truth is 7.8 g (size 128): every target is ahead, in order.
    expect(s100?.status).toBe('ok');
    expect((s100?.days as number) < (s70?.days as number)).toBe(true);
    expect((s70?.days as number) < (s50?.days as number)).toBe(true);
    const p = s50?.projection;
    if (!p) throw new Error('no projection');
    expect(Math.abs(p.doc - 110)).toBeLessThanOrEqual(3);
    expect(p.date).toBe(addDays(day(63), s50?.days as number));
    // Population: today's estimate (200,000 − 11,400) decayed by 1,400 deaths / 14 days.
    const now = 200_000 - 11_400;
    expect(p.population).toBe(Math.round(now * Math.exp(-(1400 / 14 / now) * (s50?.days as number))));
    expect(p.biomass_kg).toBeCloseTo(biomassKg(p.population, p.abw) as number, 6);
    expect(p.price_per_kg).toBe(priceForSize(input(63).prices ?? null, p.size));
    expect(p.revenue).toBe(Math.round((p.biomass_kg as number) * (p.price_per_kg as number)));
    expect(p.feed_kg).toBeGreaterThan(0);
    expect(p.cost).toBe(Math.round(100_000_000 + p.feed_kg * 14_000));
    expect(p.hpp).toBe(Number(hppPerKg(BigInt(p.cost as number), p.biomass_kg as number)));
    // Feed still needed grows with the horizon.
    expect((s70?.projection?.feed_kg as number) < p.feed_kg).toBe(true);
  });

  it('a size already passed is "reached" with what a harvest today gives, one beyond the curve "beyond" with none', () => {
    const inp = input(63, { targets: [200, 12] });
    const f = forecastCycle(inp);
    const reached = f.targets.find((t) => t.size === 200);
    expect(reached?.status).toBe('reached');
    expect(reached?.days).toBeNull();
    // What the pond holds now, as its figures (the cycle overview) count it: its latest sampling.
    expect(reached?.projection?.date).toBe(inp.today);
    expect(reached?.projection?.abw).toBe(f.now.abw);
    expect(reached?.projection?.population).toBe(f.now.population);
    expect(reached?.projection?.biomass_kg).toBeCloseTo(f.now.biomass_kg as number, 6);
    expect(reached?.projection?.feed_kg).toBe(0);
    expect(reached?.projection?.revenue).toBe(
      Math.round(
        (f.now.biomass_kg as number) * (priceForSize(inp.prices ?? null, f.now.size as number) as number),
      ),
    );
    const beyond = f.targets.find((t) => t.size === 12);
    expect(beyond?.status).toBe('beyond');
    expect(beyond?.projection).toBeNull();
  });

  it('one sampling forecasts from the prior and says so; the curve starts at the sampling', () => {
    const f = forecastCycle(input(21, { today: day(25) }));
    expect(f.basis).toBe('prior');
    expect(f.samplings).toBe(1);
    expect(f.curve[0]?.doc).toBe(21);
    expect(f.curve.at(-1)?.doc).toBe(25 + 45);
  });

  it('uses the figures module: now equals cycleFigures', () => {
    const i = input(63);
    expect(forecastCycle(i).now).toEqual(cycleFigures(i));
  });

  it('after a partial harvest the population leaves out the shrimp sold', () => {
    const partial = {
      harvested_on: day(60),
      type: 'partial',
      weight_kg: 500,
      size: 130,
      price_per_kg: 45_000,
    };
    const withPartial = harvestOn(input(63, { harvests: [partial] }), day(70));
    const without = harvestOn(input(63), day(70));
    expect(without.population - withPartial.population).toBeGreaterThan(500 * 130 * 0.95);
    // HPP counts the kilograms already sold.
    expect(withPartial.hpp as number).toBeLessThan(
      Number(hppPerKg(BigInt(withPartial.cost as number), withPartial.biomass_kg as number)),
    );
  });

  it('harvest on a chosen day: the band holds the forecast, today is no feed', () => {
    const today = harvestOn(input(63), day(63));
    expect(today.feed_kg).toBe(0);
    const later = harvestOn(input(63), day(80));
    expect(later.abw_low).toBeLessThan(later.abw);
    expect(later.abw_high).toBeGreaterThan(later.abw);
    expect(Math.abs(later.abw / gompertz(TRUTH, 80) - 1)).toBeLessThan(0.05);
  });

  it('without finance or prices the money answers are null, not 0', () => {
    const p = harvestOn(input(63, { prices: null, costToDate: null }), day(80));
    expect(p.revenue).toBeNull();
    expect(p.cost).toBeNull();
    expect(p.hpp).toBeNull();
  });
});

describe('price list', () => {
  const list = {
    valid_from: '2026-01-01',
    prices: [
      { size: 50, price_per_kg: 72_000 },
      { size: 60, price_per_kg: 65_000 },
    ],
  };
  it('interpolates between sizes and holds the ends', () => {
    expect(priceForSize(list, 55)).toBe(68_500);
    expect(priceForSize(list, 40)).toBe(72_000);
    expect(priceForSize(list, 90)).toBe(65_000);
    expect(priceForSize(null, 55)).toBeNull();
  });
  it('picks the list in force on a day', () => {
    const older = { ...list, valid_from: '2025-06-01' };
    expect(priceListOn([list, older], '2025-12-31')).toBe(older);
    expect(priceListOn([list, older], '2026-02-01')).toBe(list);
  });
  it('suggests prices from past harvests (median of sizes within ±5)', () => {
    const s = suggestPrices(
      [
        { size: 48, price_per_kg: 70_000 },
        { size: 52, price_per_kg: 74_000 },
        { size: 51, price_per_kg: 73_000 },
        { size: 100, price_per_kg: 47_000 },
      ],
      [50, 70, 100],
    );
    expect(s).toEqual([
      { size: 50, price_per_kg: 73_000 },
      { size: 100, price_per_kg: 47_000 },
    ]);
  });
});

describe('input checks (translated keys, nothing saved)', () => {
  it('refuses a size at or below the current size (already passed)', () => {
    expect(sizeProblem(70, 20)?.key).toBe('forecast.size-reached');
    expect(sizeProblem(50, 10)).toBeNull();
    expect(sizeProblem(50.5)?.key).toBe('forecast.size-invalid');
    expect(sizeProblem(5)?.key).toBe('forecast.size-invalid');
    expect(sizesProblem([1, 2, 3, 4, 5, 6, 7])?.key).toBe('forecast.too-many-sizes');
  });
  it('refuses a price with decimals', () => {
    expect(priceProblem(72_000.5)?.key).toBe('forecast.price-decimals');
    expect(priceProblem(0)?.key).toBe('forecast.price-invalid');
    expect(priceProblem(72_000)).toBeNull();
  });
  it('refuses a target date before today and a malformed one', () => {
    expect(dateProblem('2026-01-01', '2026-01-02')?.key).toBe('forecast.date-past');
    expect(dateProblem('2026-02-30', '2026-01-02')?.key).toBe('forecast.date-invalid');
    expect(dateProblem('2026-01-02', '2026-01-02')).toBeNull();
  });
});

describe('fittedTargets (the attention board)', () => {
  it("answers forecastCycle's target days without their projections, reached, ok and beyond alike", () => {
    const statuses = new Set<string>();
    for (const lastDoc of [63, 120]) {
      const targets = [100, 70, 50, 30, 5];
      const full = forecastCycle(input(lastDoc, { targets }));
      expect(fittedTargets(input(lastDoc, { targets }))).toEqual(
        full.targets.map(({ projection: _, ...days }) => days),
      );
      for (const t of full.targets) statuses.add(t.status);
    }
    expect([...statuses].sort()).toEqual(['beyond', 'ok', 'reached']);
  });
  it('is null for a cycle forecast from the prior alone (fewer than two samplings)', () => {
    expect(forecastCycle(input(27)).basis).toBe('prior');
    expect(fittedTargets(input(27))).toBeNull();
    expect(fittedTargets(input(28))).not.toBeNull();
  });
});
