import { describe, expect, it } from 'vitest';
import { DEFAULT_FEED_PROGRAMME, DEFAULT_FR_TABLE, frFor, recommendedRation } from './feeding.ts';

describe('frFor', () => {
  it('follows DOMAIN.md’s curve, interpolating between rows and holding at both ends', () => {
    expect(frFor(DEFAULT_FR_TABLE, 0.05)).toBeCloseTo(27.5);
    expect(frFor(DEFAULT_FR_TABLE, 0.1)).toBe(25);
    expect(frFor(DEFAULT_FR_TABLE, 0.55)).toBeCloseTo(18);
    expect(frFor(DEFAULT_FR_TABLE, 2)).toBeCloseTo(9);
    expect(frFor(DEFAULT_FR_TABLE, 7.5)).toBeCloseTo(5);
    expect(frFor(DEFAULT_FR_TABLE, 20)).toBe(3);
    expect(frFor([], 1)).toBeNull();
    expect(frFor(DEFAULT_FR_TABLE, Number.NaN)).toBeNull();
  });
  it('sorts an unsorted table first', () => {
    expect(
      frFor(
        [
          { abw: 10, fr: 2 },
          { abw: 0, fr: 10 },
        ],
        5,
      ),
    ).toBe(6);
  });
});

describe('recommendedRation', () => {
  const p = DEFAULT_FEED_PROGRAMME;
  it('blind-feeds before DOC 30 by PL stocked: day 1 start kg, plus the feed index a day', () => {
    expect(
      recommendedRation({ doc: 1, population: 100_000, abw: null, anco: null }, p, DEFAULT_FR_TABLE),
    ).toMatchObject({
      mode: 'blind',
      daily_kg: 1,
      per_feeding_kg: 0.25,
    });
    expect(
      recommendedRation({ doc: 29, population: 250_000, abw: 2, anco: 'lot' }, p, DEFAULT_FR_TABLE).daily_kg,
    ).toBeCloseTo(23.5);
  });
  it('from DOC 30 feeds biomass × FR, adjusted by the last feed tray', () => {
    const base = recommendedRation({ doc: 45, population: 180_000, abw: 5, anco: null }, p, DEFAULT_FR_TABLE);
    // 900 kg biomass; FR at 5 g = 7 − 4 × 2/9 = 6.111 %.
    expect(base).toMatchObject({ mode: 'fr', biomass_kg: 900, fr: 6.11 });
    expect(base.daily_kg).toBeCloseTo(55, 0);
    const cut = recommendedRation({ doc: 45, population: 180_000, abw: 5, anco: 'lot' }, p, DEFAULT_FR_TABLE);
    expect(cut.daily_kg).toBeCloseTo((base.daily_kg as number) * 0.9, 2);
    const raise = recommendedRation(
      { doc: 45, population: 180_000, abw: 5, anco: 'empty' },
      p,
      DEFAULT_FR_TABLE,
    );
    expect(raise.anco_pct).toBe(5);
  });
  it('has no figure after blind feeding without a sampling', () => {
    expect(
      recommendedRation({ doc: 31, population: 1, abw: null, anco: null }, p, DEFAULT_FR_TABLE),
    ).toMatchObject({
      mode: 'no-sampling',
      daily_kg: null,
    });
  });
});
