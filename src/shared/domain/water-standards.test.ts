import { describe, expect, it } from 'vitest';
import {
  isOutOfStandard,
  isStandardParameter,
  mergeStandards,
  parameterKind,
  parameterUnit,
  phSwing,
  standardStatus,
  VANNAMEI_STANDARDS,
} from './water-standards.ts';

const V = VANNAMEI_STANDARDS;

describe('isOutOfStandard', () => {
  it('flags values outside the all-day range when no slot is known, bounds inclusive', () => {
    expect(isOutOfStandard('ph', 7.7, V, null)).toBe(true);
    expect(isOutOfStandard('ph', 7.8, V, null)).toBe(false);
    expect(isOutOfStandard('ph', 8.5, V, null)).toBe(false);
    expect(isOutOfStandard('ph', 8.6, V, null)).toBe(true);
    expect(isOutOfStandard('temperature', 33, V, null)).toBe(true);
  });

  it("judges a reading by its slot's range: a normal morning pH and temperature are not alarms", () => {
    for (const ph of [7.5, 7.6, 7.7, 7.8]) expect(isOutOfStandard('ph', ph, V, 'morning')).toBe(false);
    expect(isOutOfStandard('ph', 7.4, V, 'morning')).toBe(true);
    expect(isOutOfStandard('ph', 8.1, V, 'morning')).toBe(true);
    expect(isOutOfStandard('temperature', 27.5, V, 'morning')).toBe(false);
    expect(isOutOfStandard('temperature', 27.5, V, 'afternoon')).toBe(true);
    // afternoon 8.0–8.5, evening 7.8–8.3
    expect(isOutOfStandard('ph', 7.9, V, 'afternoon')).toBe(true);
    expect(isOutOfStandard('ph', 8.4, V, 'afternoon')).toBe(false);
    expect(isOutOfStandard('ph', 8.4, V, 'evening')).toBe(true);
    expect(isOutOfStandard('ph', 7.8, V, 'evening')).toBe(false);
  });

  it('falls back to the all-day range for a slot without its own', () => {
    expect(isOutOfStandard('do', 3.9, V, 'evening')).toBe(true);
    expect(isOutOfStandard('salinity', 26, V, 'morning')).toBe(true);
    expect(isOutOfStandard('salinity', 20, V, 'afternoon')).toBe(false);
  });

  it('treats a missing bound as open', () => {
    expect(isOutOfStandard('do', 3.9, V, null)).toBe(true);
    expect(isOutOfStandard('do', 12, V, null)).toBe(false);
    expect(isOutOfStandard('tan', 0, V, null)).toBe(false);
    expect(isOutOfStandard('tan', 2.1, V, null)).toBe(true);
  });

  it('never flags -99, null, undefined or NaN (not measured), in any slot', () => {
    for (const slot of ['morning', 'afternoon', 'evening', null] as const)
      for (const value of [-99, null, undefined, Number.NaN]) {
        expect(isOutOfStandard('ph', value, V, slot)).toBe(false);
        expect(isOutOfStandard('do', value, V, slot)).toBe(false);
      }
  });

  it('never flags a parameter without a standard', () => {
    expect(isOutOfStandard('orp', -500, V, 'morning')).toBe(false);
  });

  it("uses the farm's own ranges, per slot, when given", () => {
    const farm = mergeStandards([
      { parameter: 'ph', min: 7, max: 9 },
      { parameter: 'ph', slot: 'morning', min: 7.2, max: 7.6 },
    ]);
    expect(isOutOfStandard('ph', 8.8, farm, null)).toBe(false);
    expect(isOutOfStandard('ph', 7.8, farm, 'morning')).toBe(true);
    expect(isOutOfStandard('ph', 8.45, farm, 'afternoon')).toBe(false);
    expect(isOutOfStandard('salinity', 40, farm, 'morning')).toBe(true);
  });
});

describe('phSwing', () => {
  it("is the day's max minus min of the measured values, -99 left out", () => {
    expect(phSwing([7.8, 8.3])).toBe(0.5);
    expect(phSwing([7.6, 8.4, -99])).toBe(0.8);
    expect(phSwing([7.6, -99, null])).toBeNull();
    expect(phSwing([])).toBeNull();
  });
});

describe('standardStatus', () => {
  it('says low, high, ok or null', () => {
    expect(standardStatus('salinity', 10, V, null)).toBe('low');
    expect(standardStatus('salinity', 30, V, 'morning')).toBe('high');
    expect(standardStatus('salinity', 20, V, null)).toBe('ok');
    expect(standardStatus('salinity', -99, V, null)).toBeNull();
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
