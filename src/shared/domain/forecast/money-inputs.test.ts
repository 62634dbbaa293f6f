import { describe, expect, it } from 'vitest';
import { expenseSharer } from '../figures/cost-shares.ts';
import { cycleCostToDate, hppCost } from '../figures/money.ts';
import { FEED_CATEGORY_ID } from '../warehouse.ts';
import { forecastMoney } from './money-inputs.ts';
import { forecastPrices, priceListsFromRows } from './price-list.ts';
import { priceListProblems, targetSizesProblem } from './validate.ts';

const rows = [
  { valid_from: '2026-06-01', size: '50', price_per_kg: '70000' },
  { valid_from: '2026-01-01', size: 100, price_per_kg: 50_000 },
  { valid_from: '2026-06-01', size: 100, price_per_kg: 52_000 },
];
const harvests = [
  { size: 52, price_per_kg: 68_000 },
  { size: 48, price_per_kg: 70_000 },
];

describe('the farm price list', () => {
  it('groups rows into dated lists, oldest first, by size', () => {
    expect(priceListsFromRows(rows)).toEqual([
      { valid_from: '2026-01-01', prices: [{ size: 100, price_per_kg: 50_000 }] },
      {
        valid_from: '2026-06-01',
        prices: [
          { size: 50, price_per_kg: 70_000 },
          { size: 100, price_per_kg: 52_000 },
        ],
      },
    ]);
  });

  it("uses the farm's list in force, else the past harvests' suggestion, else none", () => {
    expect(forecastPrices(rows, harvests, '2026-03-01')).toEqual({
      list: { valid_from: '2026-01-01', prices: [{ size: 100, price_per_kg: 50_000 }] },
      source: 'farm',
    });
    const suggested = forecastPrices([], harvests, '2026-03-01');
    expect(suggested.source).toBe('suggested');
    expect(suggested.list?.prices).toContainEqual({ size: 50, price_per_kg: 69_000 });
    expect(forecastPrices([], [], '2026-03-01')).toEqual({ list: null, source: 'none' });
  });

  it('refuses decimals, a negative or NaN price and a size twice, row by row', () => {
    expect(
      priceListProblems([
        { size: 50, price_per_kg: 70_000.5 },
        { size: 60, price_per_kg: -1 },
        { size: 50, price_per_kg: Number.NaN },
        { size: 'x', price_per_kg: 1 },
      ]).map((p) => [p.field, p.key]),
    ).toEqual([
      ['prices.0.price_per_kg', 'forecast.price-decimals'],
      ['prices.1.price_per_kg', 'forecast.price-invalid'],
      ['prices.2.size', 'forecast.size-twice'],
      ['prices.2.price_per_kg', 'forecast.price-invalid'],
      ['prices.3.size', 'forecast.size-invalid'],
    ]);
    expect(priceListProblems([{ size: 50, price_per_kg: 70_000 }])).toEqual([]);
  });
});

describe('target sizes', () => {
  it('refuses a size twice and a size every running pond has passed', () => {
    expect(targetSizesProblem([100, 70, 50])).toBeNull();
    expect(targetSizesProblem([70, 70])?.key).toBe('forecast.size-twice');
    // Ponds at 12.5 g (size 80) and 20 g (size 50): size 100 is passed by both, 70 is still ahead of one.
    expect(targetSizesProblem([100], [12.5, 20])?.key).toBe('forecast.size-reached');
    expect(targetSizesProblem([70, 40], [12.5, 20])).toBeNull();
    expect(targetSizesProblem([30.5])?.key).toBe('forecast.size-invalid');
  });
});

describe('cost to date, as the finance HPP counts it', () => {
  const transactions = [
    { type: 'out', nominal: '1000000', transaction_date: '2026-05-02', source_type: null, builtin_key: null },
    // A feed purchase counts by use, not when bought.
    {
      type: 'out',
      nominal: '9000000',
      transaction_date: '2026-05-03',
      source_type: null,
      builtin_key: 'feed',
    },
    {
      type: 'out',
      nominal: 500_000,
      transaction_date: '2026-05-04',
      source_type: 'purchase-order',
      builtin_key: null,
    },
    // Before the cycle, after today, and an income: not counted.
    { type: 'out', nominal: '7', transaction_date: '2026-04-30', source_type: null, builtin_key: null },
    { type: 'out', nominal: '7', transaction_date: '2026-07-01', source_type: null, builtin_key: null },
    { type: 'in', nominal: '7', transaction_date: '2026-05-05', source_type: null, builtin_key: null },
  ];
  /** The cycle alone on the farm: it bears every expense of its days. */
  const alone = expenseSharer(
    [{ cycle_id: 'c1', area_m2: 2_500, start: '2026-05-01', end: null }],
    '2026-06-01',
  );
  it('adds the expenses that bought no stock to the value of the stock used', () => {
    expect(
      hppCost(
        [
          { total: '10', stock: false },
          { total: 5n, stock: true },
        ],
        3n,
      ),
    ).toEqual({
      expenses: 10n,
      stockPurchases: 5n,
      total: 13n,
    });
    expect(
      cycleCostToDate({
        transactions,
        uses: [{ value: '250000' }, { value: 250_000 }],
        cycleId: 'c1',
        share: alone,
        from: '2026-05-01',
        today: '2026-06-01',
      }),
    ).toBe(1_500_000n);
  });

  it('forecastMoney: no cost without finance, feed at the mean feed item price', () => {
    const money = forecastMoney({
      priceRows: [],
      harvests,
      transactions: null,
      uses: [],
      items: [
        { category_id: FEED_CATEGORY_ID, price: 14_000 },
        { category_id: FEED_CATEGORY_ID, price: '16000' },
        { category_id: 1, price: 99_000 },
      ],
      cycleId: 'c1',
      share: alone,
      from: '2026-05-01',
      today: '2026-06-01',
    });
    expect(money.costToDate).toBeNull();
    expect(money.feedPricePerKg).toBe(15_000);
    expect(money.priceSource).toBe('suggested');
  });
});
