import { describe, expect, it } from 'vitest';
import { balanceOf, hppPerKg, kgPerHa, periodProductivity, rupiah } from './money.ts';

describe('hppPerKg', () => {
  it('divides costs by harvested kg, rounding half up to a rupiah', () => {
    expect(hppPerKg(6_500_000n, 1250.5)).toBe(5198n); // 5,197.92
    expect(hppPerKg(100n, 8)).toBe(13n); // 12.5 → 13
    expect(hppPerKg(99n, 8)).toBe(12n); // 12.375
    expect(hppPerKg(30_000_000n, 1500)).toBe(20_000n);
  });
  it('has no HPP without a harvest', () => {
    expect(hppPerKg(5_000_000n, 0)).toBeNull();
    expect(hppPerKg(5_000_000n, -3)).toBeNull();
    expect(hppPerKg(5_000_000n, Number.NaN)).toBeNull();
    expect(hppPerKg(5_000_000n, 0.0001)).toBeNull();
  });
  it('stays exact beyond 2^53', () => {
    expect(hppPerKg(90_000_000_000_000_000n, 1)).toBe(90_000_000_000_000_000n);
  });
});

describe('kgPerHa', () => {
  it('is kg over hectares', () => {
    expect(kgPerHa(1500, 1000)).toBe(15_000);
    expect(kgPerHa(1, 3000)).toBe(3.33);
  });
  it('has no figure without an area', () => {
    expect(kgPerHa(1500, 0)).toBeNull();
  });
  it('per year scales the unrounded kg/ha: 300 kg on 0.45 ha over 75 days is 3,244.44, not 666.67 × 365 ÷ 75', () => {
    const p = periodProductivity([{ area_m2: 4_500, harvested_kg: 300, cycles: 1 }], 75);
    expect(p.kg_per_ha_year).toBe(3244.44);
  });
});

describe('money helpers', () => {
  it('parses integer rupiah text, never through a float', () => {
    expect(rupiah('9007199254740993')).toBe(9_007_199_254_740_993n);
    expect(rupiah('1.5')).toBe(0n);
    expect(balanceOf(10n, 25n)).toBe(-15n);
  });
});
