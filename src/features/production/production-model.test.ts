import { describe, expect, it } from 'vitest';
import type { Death } from '#shared/contracts/death';
import type { Harvest } from '#shared/contracts/harvest';
import type { Stock } from '#shared/contracts/stock';
import { daysBefore, deathAlert } from './death-alert-model.ts';
import { buildOverview, NO_SAMPLINGS } from './overview-model.ts';
import {
  changedFields,
  deathErrors,
  farmDay,
  harvestErrors,
  harvestFields,
  isClosed,
  parseCount,
  parseNumber,
  remainingPopulation,
  stockErrors,
  typedProblem,
} from './production-model.ts';

const stock = {
  stock_id: 's1',
  farm_id: 'f',
  pond_id: 'p1',
  cycle_id: 'c1',
  stock_date: '2025-01-01',
  seed_actual: 10_000,
  seed_net: 10_000,
  is_harvest: false,
} as Stock;
const ctx = { stock, deaths: [{ death_id: 'd1', count: 1_000 }], harvests: [], today: '2025-03-01' };

describe('production forms (pure)', () => {
  it('reads numbers as farmers type them', () => {
    expect(parseNumber('1.500,5', 'id')).toBe(1500.5);
    expect(parseNumber('12.5', 'en')).toBe(12.5);
    // A single point without three digits after it can only be a decimal.
    expect(parseNumber('12.5', 'id')).toBe(12.5);
    expect(parseNumber('', 'id')).toBeUndefined();
    expect(parseNumber('abc', 'id')).toBeNaN();
    expect(parseCount('100.000', 'id')).toBe(100_000);
    expect(parseCount('100,000', 'en')).toBe(100_000);
    expect(typedProblem('2,5', 'id', true)).toBe('validation.integer');
  });

  it('farm day is WIB', () => {
    expect(farmDay(Date.parse('2025-01-01T17:30:00Z'))).toBe('2025-01-02');
  });

  it('stock form: required counts, future date, seed below what was used', () => {
    const v = {
      stock_date: '2025-01-01',
      seed_net: '',
      seed_actual: '0',
      seed_source: '',
      pl_age: '',
      bags: '',
    };
    expect(stockErrors(v, '2025-03-01')).toMatchObject({
      seed_net: 'validation.required',
      seed_actual: 'validation.positive',
    });
    expect(stockErrors({ ...v, stock_date: '2025-04-01' }, '2025-03-01').stock_date).toBe(
      'validation.future',
    );
    expect(
      stockErrors({ ...v, seed_net: '10', seed_actual: '500' }, '2025-03-01', { usedCount: 600 }).seed_actual,
    ).toBe('validation.population-below-zero');
    expect(
      stockErrors({ ...v, seed_net: '10', seed_actual: '500', stock_date: '2025-02-01' }, '2025-03-01', {
        firstRecordDay: '2025-01-15',
      }).stock_date,
    ).toBe('validation.stock-after-records');
  });

  it('death form: before stocking, not whole, too many dead; an edit replaces its own count', () => {
    expect(deathErrors({ died_on: '2024-12-31', count: '5', total_weight_kg: '' }, ctx).died_on).toBe(
      'validation.before-stocking',
    );
    expect(deathErrors({ died_on: '2025-01-05', count: '2,5', total_weight_kg: '' }, ctx).count).toBe(
      'validation.integer',
    );
    expect(deathErrors({ died_on: '2025-01-05', count: '9.001', total_weight_kg: '' }, ctx).count).toBe(
      'validation.population-below-zero',
    );
    expect(deathErrors({ died_on: '2025-01-05', count: '10.000', total_weight_kg: '' }, ctx, 'd1')).toEqual(
      {},
    );
    expect(
      deathErrors({ died_on: '2025-01-05', count: '5', total_weight_kg: '0' }, ctx).total_weight_kg,
    ).toBe('validation.positive');
  });

  it('harvest form: zero weight, too many harvested; revenue and count shown at once', () => {
    const v = {
      harvested_on: '2025-02-01',
      type: 'partial' as const,
      weight_kg: '0',
      size: '100',
      price_per_kg: '50.000',
    };
    expect(harvestErrors(v, ctx).weight_kg).toBe('validation.positive');
    expect(harvestErrors({ ...v, weight_kg: '91' }, ctx).weight_kg).toBe('validation.population-below-zero');
    expect(harvestErrors({ ...v, weight_kg: '90' }, ctx)).toEqual({});
    expect(harvestFields({ ...v, weight_kg: '90,5' })).toMatchObject({
      revenue: 4_525_000,
      harvested_count: 9_050,
    });
  });

  it('population left, closed stockings, changed fields only', () => {
    expect(remainingPopulation(ctx)).toBe(9_000);
    expect(remainingPopulation(ctx, 'd1')).toBe(10_000);
    expect(isClosed(stock, [{ stock_id: 's1', type: 'total' } as Harvest])).toBe(true);
    expect(isClosed(stock, [{ stock_id: 's1', type: 'partial' } as Harvest])).toBe(false);
    expect(changedFields({ a: 1, b: 2 }, { a: 1, b: 3 })).toEqual({ b: 3 });
  });
});

describe('overview and death alert from the mirror', () => {
  const ponds = [
    { pond_id: 'p1', name: 'Kolam 1', block_name: 'A', area: 2_500 },
    { pond_id: 'p2', name: 'Kolam 2', block_name: 'A', area: 2_500 },
  ];
  const deaths = [
    { death_id: 'd1', stock_id: 's1', died_on: '2025-02-20', count: 300 },
    { death_id: 'd2', stock_id: 's1', died_on: '2025-02-27', count: 200 },
    { death_id: 'd3', stock_id: 's2', died_on: '2025-02-28', count: 50 },
  ] as Death[];
  const stocks = [
    stock,
    { ...stock, stock_id: 's2', pond_id: 'p2', cycle_id: 'c2', seed_actual: 20_000 },
  ] as Stock[];

  it('rows per active stocking with the shared figures; a closed one drops out', () => {
    const harvests = [
      {
        stock_id: 's1',
        harvested_on: '2025-02-25',
        type: 'partial',
        weight_kg: 10,
        size: 100,
        price_per_kg: 50_000,
      },
    ] as Harvest[];
    const { rows, summary } = buildOverview({
      ponds,
      stocks,
      harvests,
      deaths,
      samplings: NO_SAMPLINGS,
      today: '2025-03-01',
    });
    expect(rows.map((r) => [r.pond_name, r.population, r.productivity_kg_ha])).toEqual([
      ['Kolam 1', 10_000 - 500 - 1_000, 40],
      ['Kolam 2', 19_950, 0],
    ]);
    expect(rows[0].abw).toBeNull();
    expect(summary.population).toBe(28_450);
    const closed = buildOverview({
      ponds,
      stocks,
      harvests: [{ ...harvests[0], type: 'total' }],
      deaths,
      samplings: {
        byCycle: new Map([['c2', [{ sampled_on: '2025-02-20', sample_weight: 500, shrimp_count: 100 }]]]),
        asOf: null,
      },
      today: '2025-03-01',
    });
    expect(closed.rows.map((r) => [r.pond_name, r.abw, r.biomass_kg])).toEqual([['Kolam 2', 5, 99.75]]);
  });

  it('death alert: deaths in the period over the population before it, most severe first', () => {
    const rows = deathAlert({
      ponds,
      stocks,
      deaths,
      harvests: [],
      from: daysBefore('2025-03-01', 6),
      to: '2025-03-01',
    });
    expect(rows.map((r) => [r.pond_name, r.count, r.population])).toEqual([
      ['Kolam 1', 200, 9_700],
      ['Kolam 2', 50, 20_000],
    ]);
    expect(rows[0].severity).toBeCloseTo((200 / 9_700) * 100);
    expect(deathAlert({ ponds, stocks, deaths, harvests: [], from: '2025-03-02', to: '2025-03-05' })).toEqual(
      [],
    );
  });
});
