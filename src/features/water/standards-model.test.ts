import { describe, expect, it } from 'vitest';
import type { Local, WaterSettingRow } from '#local/db';
import { standardBoundsProblem } from '#shared/domain/water-standards';
import { changedStandards, checkBounds, standardLines } from './standards-model.ts';

const stored: Local<WaterSettingRow> = {
  key: 'f:ph',
  farm_id: 'f',
  setting_id: 's1',
  parameter: 'ph',
  slot: null,
  min: 7.5,
  max: 8.5,
  unit: '',
  is_default: false,
  _status: 'synced',
};

describe('standardLines', () => {
  it('shows the vannamei defaults before the first pull, the farm rows over them after', () => {
    const before = standardLines([]);
    expect(before.find((l) => l.parameter === 'ph')).toMatchObject({ min: 7.8, max: 8.5, isDefault: true });
    expect(before.find((l) => l.parameter === 'do')).toMatchObject({ min: 4, max: null, unit: 'mg/L' });
    const after = standardLines([stored]);
    expect(after.find((l) => l.parameter === 'ph')).toMatchObject({
      min: 7.5,
      isDefault: false,
      settingId: 's1',
    });
  });
});

describe('checkBounds', () => {
  it('accepts open bounds and commas', () => {
    expect(checkBounds({ min: '4', max: '' })).toEqual({ standard: { min: 4, max: null } });
    expect(checkBounds({ min: '7,8', max: '8,5' })).toEqual({ standard: { min: 7.8, max: 8.5 } });
  });

  it('refuses min above max and text that is not a number', () => {
    expect(checkBounds({ min: '9', max: '8' }).problem).toEqual({ side: 'min', key: 'minAboveMax' });
    expect(checkBounds({ min: '1', max: 'x' }, 'id').problem).toMatchObject({
      side: 'max',
      key: 'number',
      problem: { key: 'validation.number-format' },
    });
    expect(checkBounds({ min: '7.5', max: '8' }, 'id').standard).toEqual({ min: 7.5, max: 8 });
    expect(checkBounds({ min: '7.5', max: '8.5' }, 'en').standard).toEqual({ min: 7.5, max: 8.5 });
  });
});

describe('changedStandards', () => {
  it('sends only the parameters whose bounds changed', () => {
    const lines = standardLines([stored]);
    const { settings, problems } = changedStandards(lines, {
      ph: { min: '7,5', max: '8,5' },
      temperature: { min: '27', max: '32' },
      salinity: { min: '30', max: '20' },
    });
    expect(settings).toEqual([{ parameter: 'temperature', min: 27, max: 32 }]);
    expect(problems).toEqual({ salinity: { side: 'min', key: 'minAboveMax' } });
  });

  it('refuses a bound the parameter cannot measure, with the range the server names (validation.between)', () => {
    const lines = standardLines([stored]);
    const { settings, problems } = changedStandards(
      lines,
      {
        ph: { min: '7.5', max: '15' },
        do: { min: '100000000000000000000', max: '' },
        temperature: { min: '-5', max: '32' },
        salinity: { min: '0', max: '80' },
      },
      'en',
    );
    expect(problems).toEqual({
      ph: { side: 'max', key: 'range', min: 0, max: 14 },
      do: { side: 'min', key: 'range', min: 0, max: 30 },
      temperature: { side: 'min', key: 'range', min: 0, max: 50 },
    });
    expect(settings).toEqual([{ parameter: 'salinity', min: 0, max: 80 }]);
    // The very problem the server reports for the same range.
    expect(standardBoundsProblem('ph', 7.5, 15)).toEqual({
      side: 'max',
      key: 'validation.between',
      params: { min: 0, max: 14 },
    });
  });
});
