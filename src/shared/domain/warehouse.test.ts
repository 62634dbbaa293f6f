import { describe, expect, it } from 'vitest';
import {
  categoryRank,
  decimalToMilli,
  milliToDecimal,
  parseQuantity,
  rupiahValue,
  stockState,
} from './warehouse.ts';

describe('quantities in thousandths', () => {
  it('round-trips decimals exactly, where floats would drift', () => {
    expect(milliToDecimal(1250)).toBe('1.250');
    expect(milliToDecimal(-1)).toBe('-0.001');
    expect(decimalToMilli('0.1') + decimalToMilli('0.2')).toBe(300);
    expect(decimalToMilli('-3.000')).toBe(-3000);
    expect(decimalToMilli('12')).toBe(12000);
    expect(decimalToMilli('1.0005')).toBe(1001);
    expect(() => decimalToMilli('abc')).toThrow();
  });
  it('parses what a form or a device sends', () => {
    expect(parseQuantity(2.5)).toEqual({ milli: 2500 });
    expect(parseQuantity(0.0004)).toMatchObject({ error: 'validation.min' });
    expect(parseQuantity(0, { positive: false })).toEqual({ milli: 0 });
    expect(parseQuantity(-1)).toMatchObject({ error: 'validation.min' });
    expect(parseQuantity('3')).toEqual({ error: 'validation.numeric' });
    expect(parseQuantity(Number.POSITIVE_INFINITY)).toEqual({ error: 'validation.finite' });
    expect(parseQuantity(1e9)).toEqual({ error: 'validation.finite' });
  });
});

describe('money and stock state', () => {
  it('values a quantity at a price in whole rupiah, half up', () => {
    expect(rupiahValue(2500, 15000)).toBe(37500);
    expect(rupiahValue(1, 499)).toBe(0);
    expect(rupiahValue(1, 500)).toBe(1);
    expect(rupiahValue(99_999_999_999, 10_000_000_000)).toBe(999_999_999_990_000_000);
  });
  it('flags negative stock before below-minimum', () => {
    expect(stockState(-1, 0)).toBe('negative');
    expect(stockState(5, 10)).toBe('below-minimum');
    expect(stockState(10, 10)).toBe('ok');
    expect(stockState(0, 0)).toBe('ok');
  });
  it('orders categories as the spec lists them', () => {
    expect([7, 1, 5, 3].sort((a, b) => categoryRank(a) - categoryRank(b))).toEqual([5, 3, 1, 7]);
  });
});
