import { describe, expect, it } from 'vitest';
import type { TargetAnswer } from '#shared/domain/figures';
import { sizePlan } from './size-plan.ts';

function answer(
  size: number,
  status: TargetAnswer['status'],
  days: number | null,
  kg = 0,
  revenue: number | null = 0,
): TargetAnswer {
  return {
    size,
    target_abw: 1000 / size,
    status,
    days,
    days_early: days,
    days_late: days,
    projection:
      status !== 'beyond'
        ? {
            date: '2026-12-10',
            doc: 90,
            abw: 1000 / size,
            abw_low: 1000 / size,
            abw_high: 1000 / size,
            size,
            population: 1000,
            biomass_kg: kg,
            feed_kg: 10,
            price_per_kg: revenue === null ? null : 1,
            revenue,
            cost: null,
            hpp: null,
          }
        : null,
  };
}

const row = (name: string, targets: TargetAnswer[]) => ({ pondId: name, name, forecast: { targets } });

describe('sizePlan', () => {
  const rows = [
    row('A1', [answer(50, 'ok', 20, 3000, 200)]),
    row('A2', [answer(50, 'beyond', null)]),
    row('A3', [answer(50, 'ok', 5, 2000, 150)]),
    row('A4', [answer(50, 'reached', null, 4000, 300)]),
    row('A5', [answer(70, 'ok', 3, 1000, 90)]),
    row('A6', [answer(50, 'ok', 14, 1500, 100)]),
  ];

  it('orders the ponds by the day they reach the size: ready first, not seen last, no answer after', () => {
    const { entries } = sizePlan(rows, 50);
    expect(entries.map((e) => e.row.name)).toEqual(['A4', 'A3', 'A6', 'A1', 'A2', 'A5']);
    expect(entries.at(-1)?.target).toBeNull();
  });

  it('sums the tonnes and revenue of the ponds ready within the window: past the size (a harvest today) or reaching it, its last day included', () => {
    expect(sizePlan(rows, 50).totals).toEqual({ ponds: 3, biomassKg: 7500, revenue: 550 });
    expect(sizePlan(rows, 50, 30).totals).toEqual({ ponds: 4, biomassKg: 10500, revenue: 750 });
    expect(sizePlan(rows, 50, 0).totals).toEqual({ ponds: 1, biomassKg: 4000, revenue: 300 });
    expect(sizePlan(rows, 70).totals).toEqual({ ponds: 1, biomassKg: 1000, revenue: 90 });
  });

  it('gives no revenue total when a pond counted has no price', () => {
    const noPrice = [...rows, row('B1', [answer(50, 'ok', 2, 500, null)])];
    expect(sizePlan(noPrice, 50).totals).toEqual({ ponds: 4, biomassKg: 8000, revenue: null });
  });
});
