import { describe, expect, it } from 'vitest';
import { type CycleSpan, expenseSharer } from './cost-shares.ts';
import { cycleCostToDate } from './money.ts';

const spans: CycleSpan[] = [
  { cycle_id: 'k1', area_m2: 2_500, start: '2026-09-25', end: null },
  { cycle_id: 'k2', area_m2: 2_000, start: '2026-10-24', end: '2026-11-27' },
  { cycle_id: 'k3', area_m2: 1_000, start: '2026-11-30', end: null },
];
const share = expenseSharer(spans, '2026-12-03');

describe('expenseSharer (a farm-wide expense shared among the cycles running on its day, ADR 0128)', () => {
  it('gives a cycle alone on its day the whole expense, and none to a cycle not running that day', () => {
    expect(share('k1', '2026-10-01', 2_500_000)).toBe(2_500_000n);
    expect(share('k2', '2026-10-01', 2_500_000)).toBe(0n);
    expect(share('k3', '2026-10-01', '2500000')).toBe(0n);
  });

  it('shares by pond area among the cycles running that day, each rupiah once (rounded half up)', () => {
    // k1 2,500 m² and k2 2,000 m² run on 1 Nov: 5/9 and 4/9 of Rp 3,000,000.
    expect(share('k1', '2026-11-01', 3_000_000)).toBe(1_666_667n);
    expect(share('k2', '2026-11-01', 3_000_000)).toBe(1_333_333n);
    // The last day of k2 (its total harvest) and the first of k3 count.
    expect(share('k2', '2026-11-27', 900)).toBe(400n);
    expect(share('k3', '2026-11-30', 3_500)).toBe(1_000n);
    expect(share('k1', '2026-11-30', 3_500)).toBe(2_500n);
    // A day no cycle runs on is no cycle's cost.
    expect(expenseSharer(spans, '2026-12-03')('k1', '2026-09-01', 1_000)).toBe(0n);
  });

  it('splits equally when a running pond has no area', () => {
    const noArea = expenseSharer(
      [
        { cycle_id: 'a', area_m2: 0, start: '2026-01-01', end: null },
        { cycle_id: 'b', area_m2: 3_000, start: '2026-01-01', end: null },
      ],
      '2026-02-01',
    );
    expect(noArea('a', '2026-01-10', 1_000)).toBe(500n);
    expect(noArea('b', '2026-01-10', 1_000)).toBe(500n);
  });

  it("makes the cycles' costs to date add up to the farm's expenses of the days they ran, not a multiple of them", () => {
    const transactions = [
      {
        type: 'out',
        nominal: '2500000',
        transaction_date: '2026-11-01',
        source_type: null,
        builtin_key: null,
      },
      {
        type: 'out',
        nominal: '3000000',
        transaction_date: '2026-11-15',
        source_type: null,
        builtin_key: null,
      },
      {
        type: 'out',
        nominal: '1000000',
        transaction_date: '2026-12-01',
        source_type: null,
        builtin_key: null,
      },
    ];
    const cost = (cycleId: string, from: string) =>
      cycleCostToDate({ transactions, uses: [], cycleId, share, from, today: '2026-12-03' });
    const k1 = cost('k1', '2026-09-25');
    const k2 = cost('k2', '2026-10-24');
    const k3 = cost('k3', '2026-11-30');
    expect(k1 + k2 + k3).toBe(6_500_000n);
    expect(k2).toBe(2_444_444n); // 4/9 of 5,500,000
    expect(k3).toBe(285_714n); // 1/3.5 of 1,000,000
  });
});
