import { describe, expect, it } from 'vitest';
import { enteredDayProblem } from '#shared/domain/calendar';
import { feedingTimes } from '#shared/domain/feeding';
import {
  buildUses,
  cellKey,
  fillRations,
  initialEntry,
  parseQty,
  rationInUnit,
  validTimes,
} from './use-entry-model.ts';

describe('parseQty', () => {
  it('reads Indonesian and English decimals, refuses the rest', () => {
    expect(parseQty('1,5', 'id')).toEqual({ milli: 1500 });
    expect(parseQty(' 2.125 ', 'en')).toEqual({ milli: 2125 });
    expect(parseQty('2.125', 'id')).toEqual({ milli: 2_125_000 });
    expect(parseQty('2.12', 'id')).toEqual({ milli: 2120 });
    expect(parseQty('0,0004', 'id')).toEqual({ error: 'validation.min|{"min":0.001}' });
    expect(parseQty('-1', 'id')).toEqual({ error: 'validation.min|{"min":0.001}' });
    expect(parseQty('dua', 'id')).toEqual({ error: expect.stringMatching(/^validation\.number-format\|/) });
    expect(parseQty('1e3', 'en')).toEqual({ error: expect.stringMatching(/^validation\.number-format\|/) });
    expect(parseQty('999999999', 'id')).toEqual({ error: 'validation.finite' });
    expect(parseQty('', 'id')).toBeNull();
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
      today: '2026-03-01',
    });
    expect(out.records.map((r) => [r.pond_id, r.time, r.qty, r.value])).toEqual([
      ['p1', '06:00', 2.5, 37500],
      ['p2', '10:00', 1.25, 18750],
    ]);
    expect(Object.keys(out.errors)).toEqual([cellKey('p2', '14:00')]);
    expect(out.totalMilli).toBe(3750);
  });

  it('refuses a day after today as the server does (validation.date-future on the day, nothing to save)', () => {
    const ctx = { farmId: 'f', price: 1, cycleOf: () => null, newId: () => 'id', now: 'now', userId: 'u' };
    const state = { ...initialEntry('2026-03-02'), itemId: 'item' };
    state.qty[cellKey('p1', '06:00')] = '2';
    const out = buildUses(state, ['p1'], { ...ctx, today: '2026-03-01' });
    expect(out.errors).toEqual({ day: 'validation.date-future' });
    expect(out.records).toEqual([]);
    // The same message key the server answers for `used_on`.
    expect(enteredDayProblem('2026-03-02', '2026-03-01')).toBe(out.errors.day);
    expect(buildUses(state, ['p1'], { ...ctx, today: '2026-03-02' }).records).toHaveLength(1);
    expect(
      buildUses({ ...state, day: '2026-02-30' }, ['p1'], { ...ctx, today: '2026-03-02' }).errors,
    ).toEqual({
      day: 'validation.date',
    });
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

describe('fillRations', () => {
  const state = () => ({ ...initialEntry('2026-03-01', 2), itemId: 'item' });
  it('fills empty boxes with each pond’s ration in the item unit and the screen language, keeps typed ones', () => {
    const s = state();
    s.qty[cellKey('p1', s.times[0])] = '3';
    const rations = new Map<string, number | null>([
      ['p1', 1.25],
      ['p2', 0.4],
      ['p3', null],
    ]);
    const out = fillRations(s, ['p1', 'p2', 'p3'], rations, 'Kg', 'id');
    expect(out.filled).toBe(3);
    expect(out.state.qty[cellKey('p1', s.times[0])]).toBe('3');
    expect(out.state.qty[cellKey('p1', s.times[1])]).toBe('1,25');
    expect(out.state.qty[cellKey('p2', s.times[0])]).toBe('0,4');
    expect(out.state.qty[cellKey('p3', s.times[0])]).toBeUndefined();
    expect(fillRations(s, ['p2'], rations, 'Kg', 'en').state.qty[cellKey('p2', s.times[1])]).toBe('0.4');
    // What was filled reads back as the ration.
    expect(parseQty(out.state.qty[cellKey('p1', s.times[1])], 'id')).toEqual({ milli: 1250 });
  });
  it('converts to grams, and fills nothing for a unit a ration is not in', () => {
    const rations = new Map([['p1', 1.2345]]);
    expect(fillRations(state(), ['p1'], rations, 'Gram', 'id').state.qty[cellKey('p1', '06:00')]).toBe(
      '1235',
    );
    expect(fillRations(state(), ['p1'], rations, 'Liter', 'id').filled).toBe(0);
    expect(rationInUnit(0, 'Kg')).toBeNull();
  });
});
