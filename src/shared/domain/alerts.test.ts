import { describe, expect, it } from 'vitest';
import { inQuietHours, localDay } from './alerts.ts';
import { syncFailureAlerts } from './sync-alerts.ts';
import { waterReadingAlerts } from './water-alerts.ts';
import { VANNAMEI_STANDARDS } from './water-standards.ts';

const settings = { waterStandards: VANNAMEI_STANDARDS, deathThreshold: 100 };
const reading = (values: Record<string, unknown>, measured = '2025-03-01T23:30:00Z') => ({
  pond_id: 'p1',
  measured_at: new Date(measured),
  utc_offset: 420,
  time_of_day: 'morning',
  ...values,
});

describe('waterReadingAlerts', () => {
  it('gives one candidate per parameter out of range, keyed by pond, parameter, farm day and slot', () => {
    const out = waterReadingAlerts({
      farmId: 'f',
      record: reading({ do: 3, ph: 9, temperature: 30 }),
      settings,
    });
    expect(out.map((c) => c.key)).toEqual([
      'water:p1:ph:2025-03-02:morning',
      'water:p1:do:2025-03-02:morning',
    ]);
    expect(out[1]).toMatchObject({
      kind: 'water',
      pondId: 'p1',
      feature: 'water_quality',
      occurredAt: '2025-03-01T23:30:00.000Z',
      body: { key: 'alert.water-low', params: { parameter: 'do', value: 3, limit: 4, unit: 'mg/L' } },
      url: '/farm/f/pond/p1',
    });
  });

  it('never alerts on not measured (-99 / null), numeric strings from the database count', () => {
    expect(waterReadingAlerts({ farmId: 'f', record: reading({ do: -99, ph: null }), settings })).toEqual([]);
    expect(waterReadingAlerts({ farmId: 'f', record: reading({ do: '3.50' }), settings })).toHaveLength(1);
  });

  it('judges by the slot’s own range where there is one, else the all-day one', () => {
    const at = (slot: string, values: Record<string, unknown>) =>
      waterReadingAlerts({ farmId: 'f', record: { ...reading(values), time_of_day: slot }, settings }).map(
        (c) => `${c.body.key}:${c.body.params?.parameter}:${c.body.params?.limit}`,
      );
    expect(at('morning', { temperature: 27.5, ph: 8.2 })).toEqual(['alert.water-high:ph:8']);
    expect(at('afternoon', { temperature: 27.5, ph: 8.2 })).toEqual(['alert.water-low:temperature:28']);
    expect(at('evening', { temperature: 27.5, ph: 8.2 })).toEqual(['alert.water-low:temperature:28']);
    expect(at('afternoon', { ph: 7.9 })).toEqual(['alert.water-low:ph:8']);
  });

  it('follows the farm’s standards and an open bound', () => {
    const own = { ...settings, waterStandards: [{ parameter: 'do', min: null, max: null }] };
    expect(waterReadingAlerts({ farmId: 'f', record: reading({ do: 0.5 }), settings: own })).toEqual([]);
  });
});

describe('syncFailureAlerts', () => {
  it('is addressed to the device’s owner, once per device and farm day', () => {
    const [c] = syncFailureAlerts({
      farmId: '',
      record: { user_id: 'u', device_id: 'd', failed: 2, reported_at: new Date('2025-03-01T18:00:00Z') },
      settings,
    });
    expect(c).toMatchObject({ recipients: ['u'], feature: null, key: 'sync:d:2025-03-02', url: '/sync' });
  });
});

describe('inQuietHours', () => {
  const at = (wib: string) => new Date(`2025-03-01T${wib}:00+07:00`);
  it('covers a range within a day and one over midnight, farm time', () => {
    expect(inQuietHours('12:00', '13:00', at('12:30'))).toBe(true);
    expect(inQuietHours('12:00', '13:00', at('13:00'))).toBe(false);
    expect(inQuietHours('22:00', '05:00', at('23:10'))).toBe(true);
    expect(inQuietHours('22:00', '05:00', at('04:59'))).toBe(true);
    expect(inQuietHours('22:00', '05:00', at('05:00'))).toBe(false);
  });
  it('is off without both bounds or with equal ones', () => {
    expect(inQuietHours(null, '05:00', at('04:00'))).toBe(false);
    expect(inQuietHours('05:00', '05:00', at('05:00'))).toBe(false);
    expect(inQuietHours('25:00', '05:00', at('04:00'))).toBe(false);
  });
  it('localDay uses the given offset', () => {
    expect(localDay(new Date('2025-03-01T17:00:00Z'), 420)).toBe('2025-03-02');
  });
});
