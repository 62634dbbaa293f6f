import { describe, expect, it } from 'vitest';
import { feedingTimes } from '#shared/domain/feeding';
import { buildUses, cellKey, initialEntry, parseQty, validTimes } from './use-entry-model.ts';

describe('parseQty', () => {
  it('reads Indonesian and English decimals, refuses the rest', () => {
    expect(parseQty('1,5')).toEqual({ milli: 1500 });
    expect(parseQty(' 2.125 ')).toEqual({ milli: 2125 });
    expect(parseQty('0,0004')).toEqual({ error: 'min' });
    expect(parseQty('-1')).toEqual({ error: 'min' });
    expect(parseQty('dua')).toEqual({ error: 'numeric' });
    expect(parseQty('1e3')).toEqual({ error: 'numeric' });
    expect(parseQty('999999999')).toEqual({ error: 'finite' });
    expect(parseQty('')).toBeNull();
  });
});

describe('buildUses', () => {
  it('makes one use per filled pond and time, valued at the item price, and reports bad cells', () => {
    const state = { ...initialEntry('2026-03-01'), itemId: 'item' };
    state.qty[cellKey('p1', '06:00')] = '2,5';
    state.qty[cellKey('p2', '10:00')] = '1,25';
    state.qty[cellKey('p2', '14:00')] = 'x';
    state.qty[cellKey('p3', '22:00')] = '9'; // a time no longer listed
    let n = 0;
    const out = buildUses(state, ['p1', 'p2', 'p3'], {
      farmId: 'f',
      price: 15000,
      cycleOf: () => null,
      newId: () => `id${++n}`,
      now: 'now',
      userId: 'u',
    });
    expect(out.records.map((r) => [r.pond_id, r.time, r.qty, r.value])).toEqual([
      ['p1', '06:00', 2.5, 37500],
      ['p2', '10:00', 1.25, 18750],
    ]);
    expect(out.errors).toEqual({ [cellKey('p2', '14:00')]: 'numeric' });
    expect(out.totalMilli).toBe(3750);
  });
});

describe('times', () => {
  it('spreads feedings over the day and checks the list', () => {
    expect(feedingTimes(3)).toEqual(['06:00', '13:00', '20:00']);
    expect(validTimes(['06:00', '18:00'])).toBe(true);
    expect(validTimes(['06:00', '06:00'])).toBe(false);
    expect(validTimes(['6:00'])).toBe(false);
  });
});
