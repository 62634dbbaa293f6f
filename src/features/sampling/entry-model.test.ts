import { describe, expect, it } from 'vitest';
import {
  buildEntry,
  cardNumbers,
  hasAnything,
  initialState,
  numberOf,
  previousSampling,
  type SamplingEntryState,
  withoutSaved,
} from './entry-model.ts';

const FARM = 'farm-1';
const cards = [
  { pondId: 'p1', cycleId: 'c1', earliest: '2025-02-01' },
  { pondId: 'p2', cycleId: 'c2', earliest: '2025-02-01' },
  { pondId: 'p3', cycleId: 'c3', earliest: '2025-02-20' },
];
let n = 0;
const ctx = { farmId: FARM, cards, today: '2025-03-08', newId: () => `id-${++n}` };
const photo = { id: 'ph-1', blob: new Blob(['x'], { type: 'image/jpeg' }), width: 4, height: 3 };

function state(
  values: SamplingEntryState['values'],
  photos: SamplingEntryState['photos'] = {},
): SamplingEntryState {
  return { ...initialState('2025-03-08'), values, photos };
}

describe('numberOf', () => {
  it('reads comma or dot decimals, empty as undefined, anything else as NaN (never 0)', () => {
    expect(numberOf('12,5')).toBe(12.5);
    expect(numberOf(' 400 ')).toBe(400);
    expect(numberOf('')).toBeUndefined();
    expect(numberOf(undefined)).toBeUndefined();
    expect(numberOf('12a')).toBeNaN();
    expect(numberOf('1e3')).toBeNaN();
  });
  it('cardNumbers gives the live figures only what is a number', () => {
    expect(cardNumbers({ shrimp_count: '50', sample_weight: 'x' })).toEqual({ count: 50, weight: undefined });
  });
});

describe('buildEntry', () => {
  it('makes one record per touched pond with its cycle; untouched cards make none', () => {
    const built = buildEntry(
      state(
        {
          p1: { shrimp_count: '50', sample_weight: '400', hollow: '2' },
          p3: { shrimp_count: '40', sample_weight: '300,5' },
        },
        { p1: [photo] },
      ),
      ctx,
    );
    expect(built.problems).toEqual({});
    expect(built.records).toEqual([
      expect.objectContaining({
        farm_id: FARM,
        pond_id: 'p1',
        cycle_id: 'c1',
        sampled_on: '2025-03-08',
        shrimp_count: 50,
        sample_weight: 400,
        hollow: 2,
        pale: 0,
      }),
      expect.objectContaining({ pond_id: 'p3', cycle_id: 'c3', sample_weight: 300.5 }),
    ]);
    expect(built.photos).toEqual([{ pondId: 'p1', recordId: built.records[0].id, photos: [photo] }]);
  });

  it('holds back impossible cards with the rule that failed, saving the others', () => {
    const built = buildEntry(
      state({
        p1: { shrimp_count: '0', sample_weight: '0' },
        p2: { shrimp_count: '10', sample_weight: '100', red_leg: '11', pale: '1.5' },
        p3: { shrimp_count: '40', sample_weight: '300' },
      }),
      ctx,
    );
    expect(built.records.map((r) => r.pond_id)).toEqual(['p3']);
    expect(built.problems.p1).toEqual({
      shrimp_count: [{ key: 'validation.min', params: { min: 1 } }],
      sample_weight: [{ key: 'validation.sampling-weight' }],
    });
    expect(Object.keys(built.problems.p2 ?? {}).sort()).toEqual(['pale', 'red_leg']);
  });

  it('refuses a date in the future or before the stocking, and a card with a photo but no values', () => {
    const future = buildEntry(
      { ...state({ p1: { shrimp_count: '5', sample_weight: '50' } }), date: '2025-03-09' },
      ctx,
    );
    expect(future.problems.p1).toEqual({ sampled_on: [{ key: 'validation.date-future' }] });
    const early = buildEntry(
      { ...state({ p3: { shrimp_count: '5', sample_weight: '50' } }), date: '2025-02-10' },
      ctx,
    );
    expect(early.problems.p3).toEqual({ sampled_on: [{ key: 'validation.date-before-stocking' }] });
    const onlyPhoto = buildEntry(state({}, { p2: [photo] }), ctx);
    expect(Object.keys(onlyPhoto.problems.p2 ?? {}).sort()).toEqual(['sample_weight', 'shrimp_count']);
  });
});

describe('withoutSaved, hasAnything', () => {
  it('empties the saved ponds, keeps the held ones with their photos', () => {
    const s = state({ p1: { shrimp_count: '5' }, p2: { shrimp_count: '6' } }, { p1: [photo], p2: [photo] });
    const rest = withoutSaved(s, ['p1']);
    expect(rest.values).toEqual({ p2: { shrimp_count: '6' } });
    expect(Object.keys(rest.photos)).toEqual(['p2']);
    expect(hasAnything(rest)).toBe(true);
    expect(hasAnything(withoutSaved(rest, ['p2']))).toBe(false);
    expect(hasAnything(state({ p1: { shrimp_count: ' ' } }))).toBe(false);
  });
});

describe('previousSampling', () => {
  it('is the latest of the same cycle strictly before the day', () => {
    const rows = [
      { id: 'a', cycle_id: 'c1', sampled_on: '2025-03-01' },
      { id: 'b', cycle_id: 'c1', sampled_on: '2025-03-05' },
      { id: 'c', cycle_id: 'c2', sampled_on: '2025-03-07' },
      { id: 'd', cycle_id: 'c1', sampled_on: '2025-03-08' },
    ];
    expect(previousSampling(rows, 'c1', '2025-03-08')?.id).toBe('b');
    expect(previousSampling(rows, 'c1', '2025-03-01')).toBeUndefined();
    expect(previousSampling([], 'c1', '2025-03-08')).toBeUndefined();
  });
});
