import { describe, expect, it } from 'vitest';
import { checkReadings } from './probe-readings.ts';
import { canonicalUnit, oxygenSaturationMgL } from './probe-units.ts';

const now = new Date('2026-11-29T03:00:00Z');
const device = { parameters: ['do', 'temperature', 'ph', 'salinity'], units: {} };
const at = '2026-11-29T02:59:00Z';

describe('oxygen solubility (Weiss 1970)', () => {
  it('matches the published table', () => {
    expect(oxygenSaturationMgL(20, 0)).toBeCloseTo(9.09, 1);
    expect(oxygenSaturationMgL(30, 0)).toBeCloseTo(7.56, 1);
    expect(oxygenSaturationMgL(25, 35)).toBeCloseTo(6.75, 1);
  });
});

describe('units', () => {
  it('knows spellings per parameter and refuses a unit of another', () => {
    expect(canonicalUnit('temperature', 'F')).toBe('°F');
    expect(canonicalUnit('do', '% sat')).toBe('%');
    expect(canonicalUnit('salinity', 'PSU')).toBe('psu');
    expect(canonicalUnit('do', '°C')).toBeNull();
    expect(canonicalUnit('ph', undefined)).toBe('pH');
  });
});

describe('checkReadings', () => {
  it('converts °F and DO % saturation with the message’s temperature and salinity', () => {
    const { accepted, refused } = checkReadings(
      [
        { parameter: 'temperature', value: 86, unit: '°F', measured_at: at },
        { parameter: 'salinity', value: 0, unit: 'psu', measured_at: at },
        { parameter: 'do', value: 100, unit: '%', measured_at: at },
      ],
      device,
      now,
    );
    expect(refused).toEqual([]);
    expect(accepted[0].value).toBe(30);
    expect(accepted[2].value).toBeCloseTo(7.56, 1);
  });

  it('refuses each bad reading with its reason and keeps the others', () => {
    const { accepted, refused } = checkReadings(
      [
        { parameter: 'do', value: 5.1, measured_at: at },
        'text',
        { parameter: 'orp', value: 1, measured_at: at },
        { parameter: 'do', value: 'NaN', measured_at: at },
        { parameter: 'do', value: 5, unit: 'kg', measured_at: at },
        { parameter: 'ph', value: 15, measured_at: at },
        { parameter: 'ph', value: 7, measured_at: '2026-11-29 02:59' },
        { parameter: 'ph', value: 7, measured_at: '2026-11-29T04:00:00Z' },
        { parameter: 'ph', value: 7, measured_at: '2020-01-01T00:00:00Z' },
        { parameter: 'ph', value: 7, measured_at: '2026-13-45T00:00:00Z' },
      ],
      device,
      now,
    );
    expect(accepted.map((a) => a.index)).toEqual([0]);
    expect(refused.map((r) => r.reason)).toEqual([
      'not-an-object',
      'unknown-parameter',
      'not-a-number',
      'unknown-unit',
      'out-of-range',
      'bad-timestamp',
      'future',
      'too-old',
      'bad-timestamp',
    ]);
  });

  it('refuses a parameter the device was not registered for, and uses its registered unit', () => {
    const { accepted, refused } = checkReadings(
      [
        { parameter: 'temperature', value: 82.4, measured_at: at },
        { parameter: 'ph', value: 7, measured_at: at },
      ],
      { parameters: ['temperature'], units: { temperature: '°F' } },
      now,
    );
    expect(accepted[0].value).toBe(28);
    expect(refused).toEqual([{ index: 1, reason: 'parameter-not-registered', parameter: 'ph' }]);
  });
});
