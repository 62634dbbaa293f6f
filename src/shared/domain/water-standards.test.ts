import { describe, expect, it } from 'vitest';
import {
  isOutOfStandard,
  isStandardParameter,
  mergeStandards,
  parameterKind,
  parameterUnit,
  standardStatus,
  VANNAMEI_STANDARDS,
} from './water-standards.ts';

describe('isOutOfStandard', () => {
  it('flags values outside the vannamei defaults and keeps the bounds inclusive', () => {
    expect(isOutOfStandard('ph', 7.7)).toBe(true);
    expect(isOutOfStandard('ph', 7.8)).toBe(false);
    expect(isOutOfStandard('ph', 8.5)).toBe(false);
    expect(isOutOfStandard('ph', 8.6)).toBe(true);
    expect(isOutOfStandard('temperature', 33)).toBe(true);
  });

  it('treats a missing bound as open', () => {
    expect(isOutOfStandard('do', 3.9)).toBe(true);
    expect(isOutOfStandard('do', 12)).toBe(false);
    expect(isOutOfStandard('tan', 0)).toBe(false);
    expect(isOutOfStandard('tan', 2.1)).toBe(true);
  });

  it('never flags -99, null, undefined or NaN (not measured)', () => {
    for (const value of [-99, null, undefined, Number.NaN]) expect(isOutOfStandard('ph', value)).toBe(false);
  });

  it('never flags a parameter without a standard', () => {
    expect(isOutOfStandard('orp', -500)).toBe(false);
  });

  it('uses the farm standards when given', () => {
    const farm = mergeStandards([{ parameter: 'ph', min: 7, max: 9 }]);
    expect(isOutOfStandard('ph', 8.8, farm)).toBe(false);
    expect(isOutOfStandard('salinity', 40, farm)).toBe(true);
  });
});

describe('standardStatus', () => {
  it('says low, high, ok or null', () => {
    expect(standardStatus('salinity', 10, VANNAMEI_STANDARDS)).toBe('low');
    expect(standardStatus('salinity', 30, VANNAMEI_STANDARDS)).toBe('high');
    expect(standardStatus('salinity', 20, VANNAMEI_STANDARDS)).toBe('ok');
    expect(standardStatus('salinity', -99, VANNAMEI_STANDARDS)).toBeNull();
  });
});

describe('mergeStandards', () => {
  it('replaces a default by the stored parameter and keeps the other defaults', () => {
    const merged = mergeStandards([
      { parameter: 'do', min: 5, max: null },
      { parameter: 'orp', min: 100, max: 400 },
    ]);
    expect(merged.find((s) => s.parameter === 'do')).toEqual({ parameter: 'do', min: 5, max: null });
    expect(merged.find((s) => s.parameter === 'orp')).toEqual({ parameter: 'orp', min: 100, max: 400 });
    expect(merged).toHaveLength(VANNAMEI_STANDARDS.length + 1);
  });
});

describe('parameters', () => {
  it('knows the kind and unit of each parameter and refuses option fields', () => {
    expect(parameterKind('ph')).toBe('general');
    expect(parameterKind('alkalinity')).toBe('chemical');
    expect(parameterKind('tvc')).toBe('biological');
    expect(parameterUnit('do')).toBe('mg/L');
    expect(isStandardParameter('color')).toBe(false);
    expect(isStandardParameter('nope')).toBe(false);
    for (const s of VANNAMEI_STANDARDS) expect(isStandardParameter(s.parameter)).toBe(true);
  });
});
