import { describe, expect, it } from 'vitest';
import type { ReadingItem } from './reading-groups.ts';
import { defaultChoice, differingFields, mergeTarget } from './same-slot-model.ts';

type Row = ReadingItem['row'];
const row = (id: string, values: Record<string, number>, created_by = 'u1'): Row =>
  ({
    id,
    pond_id: 'p1',
    measured_at: '2025-03-01T06:05:00.000+07:00',
    time_of_day: 'morning',
    created_by,
    slot_kept_at: null,
    ph: -99,
    do: -99,
    temperature: -99,
    salinity: -99,
    ...values,
  }) as unknown as Row;

describe('differingFields and defaultChoice', () => {
  const a = row('a', { ph: 7.8, temperature: 29 });
  const b = row('b', { ph: 7.9, do: 5, temperature: 29 });
  it('lists the parameters the readings disagree on, in entry order, not measured as null', () => {
    const fields = differingFields('general', [a, b]);
    expect(fields.map((f) => f.field)).toEqual(['ph', 'do']);
    expect(fields[1]).toEqual({
      field: 'do',
      values: [
        { id: 'a', value: null },
        { id: 'b', value: 5 },
      ],
    });
  });
  it('starts from the first reading that measured each parameter', () => {
    expect(defaultChoice(differingFields('general', [a, b]))).toEqual({ ph: 'a', do: 'b' });
  });
});

describe('mergeTarget', () => {
  const a = row('a', {}, 'u1');
  const b = row('b', {}, 'u2');
  it('the oldest reading when the person may change them all', () => {
    expect(mergeTarget([a, b], () => true)).toBe('a');
  });
  it('none when he may not delete the other keeper’s reading', () => {
    expect(mergeTarget([a, b], (r) => r.created_by === 'u1')).toBeNull();
  });
});
