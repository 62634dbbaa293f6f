import { describe, expect, it } from 'vitest';
import { VANNAMEI_STANDARDS } from '#shared/domain/water-standards';
import { groupReadings, type ReadingItem, shownValues } from './reading-groups.ts';

const reading = (id: string, measured_at: string, values: Record<string, number> = {}): ReadingItem => ({
  kind: 'general',
  row: {
    id,
    farm_id: 'f',
    pond_id: 'p',
    cycle_id: null,
    measured_at,
    utc_offset: 420,
    time_of_day:
      Number(measured_at.slice(11, 13)) < 12
        ? 'morning'
        : Number(measured_at.slice(11, 13)) < 18
          ? 'afternoon'
          : 'evening',
    created_by: null,
    created_at: '',
    updated_at: '',
    deleted_at: null,
    ph: -99,
    do: -99,
    temperature: -99,
    turbidity: -99,
    water_height: -99,
    salinity: -99,
    oxygen: -99,
    orp: -99,
    color: -99,
    weather: -99,
    ...values,
    _status: 'synced',
  } as ReadingItem['row'],
});

describe('groupReadings', () => {
  it('groups newest day first, then morning, afternoon, evening', () => {
    const days = groupReadings(
      [
        reading('1', '2025-03-01T06:00:00.000+07:00'),
        reading('2', '2025-03-02T22:00:00.000+07:00'),
        reading('3', '2025-03-02T06:05:00.000+07:00'),
        reading('4', '2025-03-02T14:00:00.000+07:00'),
      ],
      '2025-01-30',
    );
    expect(days.map((d) => [d.day, d.slots.map((s) => [s.slot, s.items.map((i) => i.row.id)])])).toEqual([
      [
        '2025-03-02',
        [
          ['morning', ['3']],
          ['afternoon', ['4']],
          ['evening', ['2']],
        ],
      ],
      ['2025-03-01', [['morning', ['1']]]],
    ]);
  });

  it('uses the wall clock the reading was taken at, not the viewer’s zone', () => {
    const [day] = groupReadings([reading('1', '2025-03-01T23:30:00.000+07:00')], '2025-01-01');
    expect(day.day).toBe('2025-03-01');
    expect(day.slots[0].slot).toBe('evening');
  });

  it('leaves out readings older than the window', () => {
    expect(groupReadings([reading('1', '2025-01-01T06:00:00.000+07:00')], '2025-02-01')).toEqual([]);
  });
});

describe('shownValues', () => {
  it('shows the dike-walk fields always ("–" when -99), others only when measured, and flags only real values', () => {
    const values = shownValues(
      reading('1', '2025-03-01T06:00:00.000+07:00', { ph: 7.2, orp: 120 }),
      VANNAMEI_STANDARDS,
    );
    expect(values).toEqual([
      { field: 'ph', value: 7.2, option: false, out: true },
      { field: 'do', value: null, option: false, out: false },
      { field: 'temperature', value: null, option: false, out: false },
      { field: 'salinity', value: null, option: false, out: false },
      { field: 'orp', value: 120, option: false, out: false },
    ]);
  });
});
