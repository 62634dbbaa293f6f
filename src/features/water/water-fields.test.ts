import { describe, expect, it } from 'vitest';
import { VANNAMEI_STANDARDS } from '#shared/domain/water-standards';
import { checkEntry, outOfStandard, parseDecimal, parseEntry, rangeText, toText } from './water-fields.ts';

describe('parseDecimal', () => {
  it('reads the number the way the screen language writes it', () => {
    expect(parseDecimal('7,9', 'id')).toBe(7.9);
    expect(parseDecimal(' 7.9 ', 'en')).toBe(7.9);
    expect(parseDecimal('10.000,5', 'id')).toBe(10000.5);
    expect(parseDecimal('10,000.5', 'en')).toBe(10000.5);
  });

  it('reads a point typed for a decimal in Indonesian as that decimal (a group needs three digits)', () => {
    expect(parseDecimal('7.9', 'id')).toBe(7.9);
    expect(parseEntry('general', 'ph', '7.9', 'id')).toEqual({ value: 7.9 });
  });

  it('refuses text that is not a number', () => {
    expect(parseDecimal('7,9a')).toBeNaN();
    expect(parseDecimal('--1')).toBeNaN();
  });
});

describe('parseEntry', () => {
  it('treats an empty box and -99 as not measured', () => {
    expect(parseEntry('general', 'ph', '')).toEqual({ value: null });
    expect(parseEntry('general', 'ph', '   ')).toEqual({ value: null });
    expect(parseEntry('general', 'ph', '-99')).toEqual({ value: null });
  });

  it('refuses a physically impossible value with the possible range', () => {
    expect(parseEntry('general', 'ph', '15')).toEqual({ problem: { key: 'range', min: 0, max: 14 } });
    expect(parseEntry('general', 'temperature', '-3')).toEqual({
      problem: { key: 'range', min: 0, max: 50 },
    });
  });

  it('wants whole numbers for the colour and weather choices', () => {
    expect(parseEntry('general', 'color', '2,5', 'id')).toEqual({ problem: { key: 'integer' } });
    expect(parseEntry('general', 'color', '2.5', 'en')).toEqual({ problem: { key: 'integer' } });
    expect(parseEntry('general', 'weather', '6')).toEqual({ value: 6 });
  });
});

describe('checkEntry', () => {
  it('fills every field, with -99 for those not measured', () => {
    const check = checkEntry('general', { ph: '7,9', do: '5' });
    expect(check.filled).toBe(true);
    expect(check.problems).toEqual({});
    expect(check.values).toMatchObject({ ph: 7.9, do: 5, temperature: -99, salinity: -99, color: -99 });
    expect(Object.keys(check.values)).toHaveLength(10);
  });

  it('says nothing was measured for an untouched pond', () => {
    expect(checkEntry('chemical', undefined).filled).toBe(false);
    expect(checkEntry('general', { ph: '' }).filled).toBe(false);
  });

  it('reports the impossible fields', () => {
    expect(checkEntry('general', { ph: '99' }).problems).toEqual({ ph: { key: 'range', min: 0, max: 14 } });
  });
});

describe('outOfStandard', () => {
  it('flags values outside the farm standard as they are typed', () => {
    expect(outOfStandard('general', 'ph', '7,2', VANNAMEI_STANDARDS)).toBe(true);
    expect(outOfStandard('general', 'ph', '8,1', VANNAMEI_STANDARDS)).toBe(false);
    expect(outOfStandard('general', 'do', '3', VANNAMEI_STANDARDS)).toBe(true);
  });

  it('never flags not measured, impossible values or choices', () => {
    expect(outOfStandard('general', 'ph', '', VANNAMEI_STANDARDS)).toBe(false);
    expect(outOfStandard('general', 'ph', '-99', VANNAMEI_STANDARDS)).toBe(false);
    expect(outOfStandard('general', 'ph', '20', VANNAMEI_STANDARDS)).toBe(false);
    expect(outOfStandard('general', 'color', '3', VANNAMEI_STANDARDS)).toBe(false);
  });

  it('uses the farm standard over the default', () => {
    expect(outOfStandard('general', 'ph', '7,6', [{ parameter: 'ph', min: 7.5, max: 8.5 }])).toBe(false);
  });
});

describe('rangeText and toText', () => {
  const n = (v: number) => String(v).replace('.', ',');
  it('writes both bounds, or the one that exists', () => {
    expect(rangeText({ parameter: 'ph', min: 7.8, max: 8.5 }, n)).toBe('7,8–8,5');
    expect(rangeText({ parameter: 'do', min: 4, max: null }, n)).toBe('≥ 4');
    expect(rangeText({ parameter: 'tan', min: null, max: 2 }, n)).toBe('≤ 2');
  });

  it('shows a stored -99 as an empty box', () => {
    expect(toText(-99, 'id')).toBe('');
    expect(toText(7.9, 'id')).toBe('7,9');
    expect(toText(7.9, 'en')).toBe('7.9');
  });
});
