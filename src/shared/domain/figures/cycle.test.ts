import { describe, expect, it } from 'vitest';
import {
  countProblem,
  populationProblem,
  positiveProblem,
  recordDateProblem,
  srProblem,
  stockDateProblem,
} from '../production-rules.ts';
import { cycleFigures, farmSummary } from './cycle.ts';
import {
  abw,
  adg,
  biomassKg,
  densityPerM2,
  doc,
  fcr,
  harvestedCount,
  harvestRevenue,
  measured,
  populationEstimate,
  productivityKgHa,
  sizeFromAbw,
  survivalRate,
} from './formulas.ts';

describe('production formulas (DOMAIN.md)', () => {
  it('measured: -99, null, NaN and Infinity are unknown', () => {
    expect(measured(-99)).toBeNull();
    expect(measured(null)).toBeNull();
    expect(measured(undefined)).toBeNull();
    expect(measured(Number.NaN)).toBeNull();
    expect(measured(Number.POSITIVE_INFINITY)).toBeNull();
    expect(measured(0)).toBe(0);
  });

  it('DOC is the day difference plus one', () => {
    expect(doc('2025-01-01', '2025-01-01')).toBe(1);
    expect(doc('2025-01-01', '2025-03-01')).toBe(60);
    expect(doc('nope', '2025-01-01')).toBeNull();
  });

  it('ABW = weight ÷ count; size = 1000 ÷ ABW', () => {
    expect(abw(150, 100)).toBe(1.5);
    expect(abw(-99, 100)).toBeNull();
    expect(abw(150, 0)).toBeNull();
    expect(abw(0, 100)).toBeNull();
    expect(sizeFromAbw(10)).toBe(100);
    expect(sizeFromAbw(null)).toBeNull();
    expect(sizeFromAbw(-99)).toBeNull();
    expect(sizeFromAbw(0)).toBeNull();
  });

  it('ADG = ABW gain ÷ days between samplings', () => {
    expect(adg({ abw: 5, day: '2025-02-01' }, { abw: 6.4, day: '2025-02-08' })).toBeCloseTo(0.2);
    expect(adg({ abw: 5, day: '2025-02-01' }, { abw: 6, day: '2025-02-01' })).toBeNull();
    expect(adg(null, { abw: 6, day: '2025-02-01' })).toBeNull();
    expect(adg({ abw: -99, day: '2025-02-01' }, { abw: 6, day: '2025-02-08' })).toBeNull();
  });

  it('harvested count and revenue round; bad parts give 0', () => {
    expect(harvestedCount(100.5, 60)).toBe(6030);
    expect(harvestedCount(0, 60)).toBe(0);
    expect(harvestRevenue(100.5, 65_000)).toBe(6_532_500);
    expect(harvestRevenue(0.333, 10)).toBe(3);
    expect(harvestRevenue(-99, 10)).toBe(0);
  });

  it('population, SR (capped at 100), biomass', () => {
    expect(populationEstimate(100_000, 2_000, 18_000)).toBe(80_000);
    expect(survivalRate(80_000, 100_000)).toBe(80);
    expect(survivalRate(120_000, 100_000)).toBe(100);
    expect(survivalRate(10, 0)).toBeNull();
    expect(survivalRate(null, 10)).toBeNull();
    expect(biomassKg(80_000, 12.5)).toBe(1000);
    expect(biomassKg(80_000, null)).toBeNull();
    expect(biomassKg(80_000, -99)).toBeNull();
  });

  it('FCR is null without feed data; productivity and density per area', () => {
    expect(fcr(null, 1000)).toBeNull();
    expect(fcr(-99, 1000)).toBeNull();
    expect(fcr(0, 1000)).toBeNull();
    expect(fcr(1200, 1000)).toBe(1.2);
    expect(fcr(1200, 0)).toBeNull();
    expect(productivityKgHa(2500, 5000)).toBe(5000);
    expect(productivityKgHa(2500, 0)).toBeNull();
    expect(productivityKgHa(0, 5000)).toBe(0);
    expect(densityPerM2(100_000, 1000)).toBe(100);
    expect(densityPerM2(100_000, 0)).toBeNull();
    expect(densityPerM2(0, 1000)).toBeNull();
  });
});

describe('production rules', () => {
  it('dates: real, not before stocking, not in the future', () => {
    expect(recordDateProblem('2025-02-01', '2025-01-01', '2025-03-01')).toBeNull();
    expect(recordDateProblem('2024-12-31', '2025-01-01', '2025-03-01')).toBe('before-stocking');
    expect(recordDateProblem('2025-03-02', '2025-01-01', '2025-03-01')).toBe('future');
    expect(recordDateProblem('2025-13-45', '2025-01-01', '2025-03-01')).toBe('date');
    expect(stockDateProblem('2025-03-02', '2025-03-01')).toBe('future');
    expect(stockDateProblem('2025-03-01', '2025-03-01')).toBeNull();
  });

  it('weights positive, counts whole and positive', () => {
    expect(positiveProblem(0)).toBe('positive');
    expect(positiveProblem(-1)).toBe('positive');
    expect(positiveProblem('3')).toBe('positive');
    expect(positiveProblem(0.1)).toBeNull();
    expect(countProblem(2.5)).toBe('integer');
    expect(countProblem(0)).toBe('positive');
    expect(countProblem(3)).toBeNull();
  });

  it('refuses more dead and harvested than stocked; SR above 100', () => {
    const harvests = [{ weight_kg: 100, size: 50 }]; // 5 000 shrimp
    expect(populationProblem({ stocked: 10_000, deaths: [{ count: 5_000 }], harvests })).toBeNull();
    expect(populationProblem({ stocked: 10_000, deaths: [{ count: 5_001 }], harvests })).toBe(
      'population-below-zero',
    );
    expect(populationProblem({ stocked: 10, deaths: [], harvests: [] })).toBeNull();
    expect(srProblem(100.1)).toBe('sr-above-100');
    expect(srProblem(100)).toBeNull();
    expect(srProblem(null)).toBeNull();
  });
});

describe('cycle figures', () => {
  const base = {
    stock: { stock_date: '2025-01-01', seed_actual: 100_000, is_harvest: false },
    areaM2: 2_000,
    feedKg: null,
    today: '2025-03-01',
  };

  it('an empty stocking: DOC and population, everything measured unknown', () => {
    const f = cycleFigures({ ...base, deaths: [], harvests: [], samplings: [] });
    expect(f).toMatchObject({
      doc: 60,
      abw: null,
      adg: null,
      size: null,
      population: 100_000,
      sr: 100,
      biomass_kg: null,
      fcr: null,
      productivity_kg_ha: 0,
      sampled_on: null,
    });
  });

  it('deaths, a partial harvest and two samplings', () => {
    const f = cycleFigures({
      ...base,
      deaths: [
        { died_on: '2025-02-01', count: 1_000 },
        { died_on: '2025-02-02', count: 500 },
      ],
      harvests: [
        { harvested_on: '2025-02-20', type: 'partial', weight_kg: 100, size: 100, price_per_kg: 50_000 },
      ],
      samplings: [
        { sampled_on: '2025-02-22', sample_weight: 1_200, shrimp_count: 100 },
        { sampled_on: '2025-02-15', sample_weight: 1_000, shrimp_count: 100 },
      ],
      feedKg: 1_000,
    });
    expect(f.population).toBe(100_000 - 1_500 - 10_000);
    expect(f.abw).toBe(12);
    expect(f.adg).toBeCloseTo(2 / 7);
    expect(f.size).toBeCloseTo(1000 / 12);
    // The 10,000 sold alive survived: (88,500 in the pond + 10,000 harvested) ÷ 100,000.
    expect(f.sr).toBeCloseTo(98.5);
    expect(f.biomass_kg).toBeCloseTo((88_500 * 12) / 1000);
    expect(f.fcr).toBeCloseTo(1000 / (1062 + 100));
    expect(f.productivity_kg_ha).toBe(500);
    expect(f.revenue).toBe(5_000_000);
    expect(f.sampled_on).toBe('2025-02-22');
  });

  it('after the total harvest: DOC frozen on its day, SR from the harvested count', () => {
    const f = cycleFigures({
      ...base,
      stock: { ...base.stock, is_harvest: true },
      deaths: [],
      harvests: [
        { harvested_on: '2025-02-10', type: 'total', weight_kg: 1_600, size: 50, price_per_kg: 70_000 },
      ],
      samplings: [],
    });
    expect(f.doc).toBe(41);
    expect(f.population).toBe(0);
    expect(f.sr).toBe(80);
    expect(f.biomass_kg).toBe(0);
  });

  it('farm summary: sums, weighted ABW, SR over summed stock; empty farm', () => {
    const row = (population: number, abwG: number | null, stocked: number) => ({
      ...cycleFigures({ ...base, deaths: [], harvests: [], samplings: [] }),
      population,
      stocked,
      abw: abwG,
      biomass_kg: abwG === null ? null : (population * abwG) / 1000,
      area_m2: 1_000,
      feed_kg: null,
    });
    const s = farmSummary([row(1_000, 10, 2_000), row(3_000, 20, 4_000), row(500, null, 500)]);
    expect(s.population).toBe(4_500);
    expect(s.abw).toBeCloseTo((1_000 * 10 + 3_000 * 20) / 4_000);
    expect(s.sr).toBeCloseTo((4_500 / 6_500) * 100);
    expect(s.biomass_kg).toBe(70);
    expect(s.fcr).toBeNull();
    const empty = farmSummary([]);
    expect(empty).toMatchObject({ ponds: 0, abw: null, sr: null, biomass_kg: null, doc: null, fcr: null });
  });

  it('farm FCR: the feed of the ponds whose biomass is known over their biomass and harvest, a pond not sampled yet left out', () => {
    const row = (abwG: number | null, feedKg: number, harvestedKg: number) => ({
      ...cycleFigures({ ...base, deaths: [], harvests: [], samplings: [] }),
      population: 64_000,
      abw: abwG,
      biomass_kg: abwG === null ? null : (64_000 * abwG) / 1000,
      harvested_kg: harvestedKg,
      area_m2: 2_500,
      feed_kg: feedKg,
    });
    // 704 kg in the pond + 300 kg harvested, 1,076.4 kg fed; the pond not sampled (94.5 kg fed,
    // 120 kg harvested) has no biomass, so neither its feed nor its harvest is counted.
    const s = farmSummary([row(11, 1_076.4, 300), row(null, 94.5, 120)]);
    expect(s.fcr).toBeCloseTo(1_076.4 / (704 + 300), 6);
    expect(s.harvested_kg).toBe(420);
  });
});
