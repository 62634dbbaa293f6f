import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPercent } from '../format.ts';
import { cycleFigures, farmSummary } from './cycle.ts';
import {
  abw,
  adg,
  biomassKg,
  fcr,
  feedKg,
  harvestedCount,
  NOT_MEASURED,
  populationEstimate,
  producedKg,
  productivityKgHa,
  sizeFromAbw,
  survivalRate,
  survivors,
} from './formulas.ts';
import { hppPerKg, periodProductivity } from './money.ts';

/**
 * Properties of every formula (shared/design/DOMAIN.md) over generated farms: -99 and empty
 * input are "unknown" (null), never a number; SR never drops on the day of a partial
 * harvest; FCR, HPP and productivity divide what they say they divide.
 */
const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
const stocking = fc.record({
  stocked: fc.integer({ min: 1, max: 1_000_000 }),
  deadShare: fc.double({ min: 0, max: 0.5, noNaN: true }),
  harvestShare: fc.double({ min: 0, max: 0.45, noNaN: true }),
  abw: fc.double({ min: 0.01, max: 40, noNaN: true }),
  feed: fc.double({ min: 0.1, max: 100_000, noNaN: true }),
  area: fc.integer({ min: 1, max: 100_000 }),
});

describe('figures: -99 and empty are unknown', () => {
  it('-99 in any measured input gives null, never a number', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.001, max: 1e6, noNaN: true }), (x) => {
        expect(abw(NOT_MEASURED, x)).toBeNull();
        expect(abw(x, NOT_MEASURED)).toBeNull();
        expect(sizeFromAbw(NOT_MEASURED)).toBeNull();
        expect(biomassKg(1000, NOT_MEASURED)).toBeNull();
        expect(fcr(NOT_MEASURED, x)).toBeNull();
        expect(productivityKgHa(x, NOT_MEASURED)).toBeNull();
        expect(feedKg(NOT_MEASURED, 'Kg')).toBeNull();
        expect(harvestedCount(NOT_MEASURED, x)).toBe(0);
        expect(adg({ abw: NOT_MEASURED, day: day(0) }, { abw: x, day: day(7) })).toBeNull();
      }),
    );
  });

  it('a stocking without records: everyone alive, every measured figure unknown', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_000_000 }),
        fc.integer({ min: 0, max: 200 }),
        (stocked, days) => {
          const f = cycleFigures({
            stock: { stock_date: day(0), seed_actual: stocked, is_harvest: false },
            areaM2: 1000,
            deaths: [],
            harvests: [],
            samplings: [],
            feedKg: null,
            today: day(days),
          });
          expect(f).toMatchObject({ doc: days + 1, population: stocked, sr: 100, abw: null, adg: null });
          expect(f).toMatchObject({ size: null, biomass_kg: null, fcr: null, harvested_kg: 0, revenue: 0 });
        },
      ),
    );
  });

  it('an empty farm has no figures to average', () => {
    expect(farmSummary([])).toMatchObject({ ponds: 0, sr: null, abw: null, fcr: null, doc: null });
    expect(periodProductivity([], 365)).toEqual({ kg_per_ha_cycle: null, kg_per_ha_year: null, cycles: 0 });
    expect(hppPerKg(1_000_000n, 0)).toBeNull();
    expect(formatPercent(null)).toBe('–');
  });
});

describe('figures: definitions hold on generated cycles', () => {
  it('SR never drops on the day of a partial harvest, stays within 0–100', () => {
    fc.assert(
      fc.property(stocking, (s) => {
        const dead = Math.floor(s.stocked * s.deadShare);
        const sold = Math.floor(s.stocked * s.harvestShare);
        const before = survivalRate(survivors(populationEstimate(s.stocked, dead, 0), 0, false), s.stocked);
        const after = survivalRate(
          survivors(populationEstimate(s.stocked, dead, sold), sold, false),
          s.stocked,
        );
        expect(after).toBeCloseTo(before as number, 9);
        expect(after).toBeGreaterThanOrEqual(0);
        expect(after).toBeLessThanOrEqual(100);
      }),
    );
  });

  it('cycleFigures: SR the same before and after a partial harvest; FCR = feed ÷ (biomass + harvested kg)', () => {
    fc.assert(
      fc.property(stocking, (s) => {
        const dead = Math.floor(s.stocked * s.deadShare);
        const size = 1000 / s.abw;
        const soldKg = Math.round(((s.stocked - dead) * s.harvestShare * s.abw) / 1000);
        const base = {
          stock: { stock_date: day(0), seed_actual: s.stocked, is_harvest: false },
          areaM2: s.area,
          deaths: [{ died_on: day(10), count: dead }],
          samplings: [{ sampled_on: day(20), sample_weight: s.abw * 100, shrimp_count: 100 }],
          feedKg: s.feed,
          today: day(30),
        };
        const without = cycleFigures({ ...base, harvests: [] });
        const withPartial = cycleFigures({
          ...base,
          harvests: [
            { harvested_on: day(25), type: 'partial', weight_kg: soldKg, size, price_per_kg: 50_000 },
          ],
        });
        const sold = harvestedCount(soldKg, size);
        if (sold <= s.stocked - dead) expect(withPartial.sr).toBeCloseTo(without.sr as number, 6);
        const produced = producedKg(withPartial.biomass_kg, soldKg, false);
        if (withPartial.fcr !== null)
          expect((withPartial.fcr as number) * (produced as number)).toBeCloseTo(s.feed, 6);
      }),
    );
  });

  it('after the total harvest SR = harvested ÷ stocked and FCR = feed ÷ harvested kg', () => {
    fc.assert(
      fc.property(stocking, (s) => {
        const kg = Math.max(1, Math.round((s.stocked * (1 - s.deadShare) * s.abw) / 1000));
        const size = Math.round(1000 / s.abw);
        const f = cycleFigures({
          stock: { stock_date: day(0), seed_actual: s.stocked, is_harvest: true },
          areaM2: s.area,
          deaths: [],
          harvests: [{ harvested_on: day(90), type: 'total', weight_kg: kg, size, price_per_kg: 60_000 }],
          samplings: [],
          feedKg: s.feed,
          today: day(120),
        });
        expect(f.doc).toBe(91);
        expect(f.sr).toBeCloseTo(Math.min(100, (harvestedCount(kg, size) / s.stocked) * 100), 9);
        expect(f.fcr).toBeCloseTo(s.feed / kg, 9);
        expect(f.productivity_kg_ha).toBeCloseTo(kg / (s.area / 10_000), 6);
      }),
    );
  });

  it('HPP is the cost per kg rounded to the rupiah', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10_000_000_000n }),
        fc.double({ min: 0.001, max: 1_000_000, noNaN: true }),
        (cost, kg) => {
          const hpp = hppPerKg(cost, kg);
          const grams = Math.round(kg * 1000);
          if (grams <= 0) return expect(hpp).toBeNull();
          expect(Math.abs(Number(hpp) - (Number(cost) * 1000) / grams)).toBeLessThanOrEqual(0.5 + 1e-6);
        },
      ),
    );
  });

  it('productivity: per cycle with one cycle and per year over 365 days equal the period figure', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            area_m2: fc.integer({ min: 1, max: 50_000 }),
            harvested_kg: fc.integer({ min: 0, max: 50_000 }),
          }),
          {
            minLength: 1,
            maxLength: 20,
          },
        ),
        (ponds) => {
          const area = ponds.reduce((sum, p) => sum + p.area_m2, 0);
          const kg = ponds.reduce((sum, p) => sum + p.harvested_kg, 0);
          const once = periodProductivity(
            ponds.map((p) => ({ ...p, cycles: 1 })),
            365,
          );
          const perHa = Math.round((kg / (area / 10_000)) * 100) / 100;
          expect(once.kg_per_ha_cycle).toBeCloseTo(perHa, 1);
          expect(once.kg_per_ha_year).toBeCloseTo(perHa, 1);
          // Two cycles in each pond: the average cycle is half of what the period summed.
          const twice = periodProductivity(
            ponds.map((p) => ({ ...p, cycles: 2 })),
            365,
          );
          expect(twice.kg_per_ha_cycle).toBeCloseTo(perHa / 2, 1);
        },
      ),
    );
  });

  it('feed in Gram counts a thousandth of a kg; other units are not weight', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e7, noNaN: true }), (qty) => {
        expect(feedKg(qty, 'Kg')).toBe(qty);
        expect(feedKg(qty, 'Gram')).toBeCloseTo(qty / 1000, 9);
        expect(feedKg(qty, 'Liter')).toBeNull();
      }),
    );
  });

  it('a percentage prints as a percentage, never in the x 10^n form', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.constantFrom('id-ID', 'en-US'),
        (v, locale) => {
          const text = formatPercent(v, locale);
          expect(text).not.toContain('10^');
          expect(text.endsWith('\u00a0%')).toBe(true);
        },
      ),
    );
    expect(formatPercent(0.092, 'id-ID')).toBe('0,09\u00a0%');
    expect(formatPercent(0.092, 'en-US')).toBe('0.09\u00a0%');
    expect(formatPercent(12.345, 'id-ID')).toBe('12,3\u00a0%');
    expect(formatPercent(0.004, 'id-ID')).toBe('< 0,01\u00a0%');
    expect(formatPercent(0, 'id-ID')).toBe('0\u00a0%');
  });
});
