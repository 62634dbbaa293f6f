import { describe, expect, it } from 'vitest';
import {
  ATTENTION_DEFAULTS,
  cycleItems,
  harvestSizeItems,
  isLotLeft,
  missedSlotItems,
  rankItems,
  thresholdMessage,
  thresholdProblems,
  waterItems,
} from './attention.ts';
import { VANNAMEI_STANDARDS } from './water-standards.ts';

const T = ATTENTION_DEFAULTS;
const pond = { id: 'p1', name: 'A1' };

describe('thresholdProblems', () => {
  it('accepts the defaults', () => {
    expect(thresholdProblems(T)).toEqual({});
  });
  it('refuses non-numbers and impossible values, per field', () => {
    expect(
      thresholdProblems({
        ...T,
        fcr_max: 'abc',
        do_critical: Number.NaN,
        trays_left_checks: 1.5,
        death_share_pct: 101,
        death_jump_factor: 1,
        due_morning: 25,
        due_evening: 10,
      }),
    ).toEqual({
      fcr_max: 'number',
      do_critical: 'number',
      trays_left_checks: 'whole',
      death_share_pct: 'percent',
      death_jump_factor: 'factor',
      due_morning: 'hour',
      due_evening: 'order',
    });
    expect(thresholdProblems({ ...T, ph_swing_max: -0.5 })).toEqual({ ph_swing_max: 'positive' });
  });
  it('refuses values beyond sense (1e300) with the field’s maximum, the form and the server alike', () => {
    expect(
      thresholdProblems({
        ...T,
        do_critical: 1e300,
        ph_swing_max: 14.1,
        trays_left_checks: 51,
        death_jump_factor: 1e6,
        death_jump_min: 1e300,
        fcr_max: 10.5,
      }),
    ).toEqual({
      do_critical: 'above',
      ph_swing_max: 'above',
      trays_left_checks: 'above',
      death_jump_factor: 'above',
      death_jump_min: 'above',
      fcr_max: 'above',
    });
    expect(thresholdMessage('do_critical', 'above')).toEqual({ key: 'validation.max', params: { max: 30 } });
    expect(thresholdProblems({ ...T, do_critical: 30, fcr_max: 10, death_jump_min: 1_000_000 })).toEqual({});
    // A share or an hour keeps its own message.
    expect(thresholdProblems({ ...T, death_share_pct: 1e300, due_evening: 1e300 })).toEqual({
      death_share_pct: 'percent',
      due_evening: 'hour',
    });
  });
});

describe('waterItems', () => {
  const fact = (time: string, slot: string, values: { ph?: number | null; do?: number | null }) => ({
    pond_id: 'p1',
    day: '2026-11-27',
    time,
    time_of_day: slot,
    ph: values.ph ?? null,
    do: values.do ?? null,
  });
  it('judges the latest measured DO and pH by their slot, -99 never', () => {
    const items = waterItems(
      'f',
      [pond],
      [fact('06:00', 'morning', { ph: 7.6, do: 4.2 }), fact('22:00', 'evening', { ph: -99, do: 1.9 })],
      VANNAMEI_STANDARDS,
      T,
    );
    expect(items.map((i) => [i.kind, i.severity, i.reason, i.figures.value])).toEqual([
      ['water_do', 'critical', 'critical', 1.9],
    ]);
  });
  it('flags a daily pH swing over the limit, not one of exactly 0.5', () => {
    const swing = (evening: number) =>
      waterItems(
        'f',
        [pond],
        [
          fact('06:00', 'morning', { ph: 7.8 }),
          fact('14:00', 'afternoon', { ph: 8.3 }),
          fact('22:00', 'evening', { ph: evening }),
        ],
        VANNAMEI_STANDARDS,
        T,
      ).filter((i) => i.kind === 'ph_swing');
    expect(swing(8.1)).toEqual([]);
    expect(swing(7.7)).toMatchObject([{ figures: { value: 0.6, limit: 0.5 } }]);
  });
});

describe('isLotLeft', () => {
  it('needs at least half the trays with a lot left', () => {
    expect(isLotLeft(['sisa_banyak', 'sisa_banyak', 'habis', 'habis'])).toBe(true);
    expect(isLotLeft(['sisa_banyak', 'sisa_sedikit', 'habis', 'habis'])).toBe(false);
    expect(isLotLeft([])).toBe(false);
  });
});

describe('missedSlotItems', () => {
  const other = { id: 'p2', name: 'A2' };
  const has = (pondId: string, day: string, slot: string) => ({ pond_id: pondId, day, time_of_day: slot });
  it("counts today's slot once past its due hour or once another pond has it; yesterday's always", () => {
    const facts = [
      has('p1', '2026-11-26', 'morning'),
      has('p1', '2026-11-26', 'afternoon'),
      has('p2', '2026-11-26', 'morning'),
      has('p2', '2026-11-26', 'afternoon'),
      has('p2', '2026-11-26', 'evening'),
      has('p1', '2026-11-27', 'morning'),
      has('p2', '2026-11-27', 'morning'),
      has('p2', '2026-11-27', 'afternoon'),
    ];
    const at = (hour: number) =>
      missedSlotItems('f', [pond, other], facts, '2026-11-27', '2026-11-26', hour, T).map(
        (i) => `${i.subject} ${i.figures.day} ${i.figures.slot}`,
      );
    expect(at(10)).toEqual(['A1 2026-11-27 afternoon', 'A1 2026-11-26 evening']);
    expect(at(23)).toEqual([
      'A1 2026-11-27 afternoon,evening',
      'A2 2026-11-27 evening',
      'A1 2026-11-26 evening',
    ]);
    // A round skipped all day: one line for the pond, its three slots in clock order.
    expect(
      missedSlotItems('f', [pond], [], '2026-11-27', '2026-11-26', 6, T).map(
        (i) => `${i.subject} ${i.figures.day} ${i.figures.slot}`,
      ),
    ).toEqual(['A1 2026-11-26 morning,afternoon,evening']);
  });
});

describe('rankItems', () => {
  it('puts critical first, then the more urgent kinds, then names in natural order', () => {
    const item = (
      kind: 'fcr' | 'water_do' | 'stock_low',
      severity: 'critical' | 'warning',
      subject: string,
    ) => ({
      kind,
      severity,
      subject,
      pond_id: null,
      reason: 'x',
      figures: {},
      link: '/',
    });
    const ranked = rankItems([
      item('fcr', 'warning', 'A10'),
      item('fcr', 'warning', 'A2'),
      item('stock_low', 'critical', 'Kapur'),
      item('water_do', 'warning', 'B1'),
    ]);
    expect(ranked.map((i) => i.subject)).toEqual(['Kapur', 'B1', 'A2', 'A10']);
  });
});

describe('harvestSizeItems (the forecast on the board)', () => {
  const ponds = [
    { id: 'p6', name: 'A6' },
    { id: 'p7', name: 'A7' },
    { id: 'p8', name: 'A8' },
  ];
  const target = (
    size: number,
    status: string,
    days: number | null,
    early: number | null,
    late: number | null,
  ) => ({
    size,
    status,
    days,
    days_early: early,
    days_late: late,
  });
  it('names a pond whose next target size comes within 14 days, with the band in days', () => {
    const items = harvestSizeItems('f', ponds, [
      {
        pond_id: 'p6',
        basis: 'fit',
        targets: [
          target(100, 'reached', null, null, null),
          target(70, 'reached', null, null, null),
          target(50, 'ok', 7, 6, 9),
        ],
      },
      { pond_id: 'p7', basis: 'fit', targets: [target(50, 'ok', 30, 25, 36)] },
      { pond_id: 'p8', basis: 'fit', targets: [target(50, 'beyond', null, null, null)] },
    ]);
    expect(
      harvestSizeItems('f', ponds, [{ pond_id: 'p6', basis: 'prior', targets: [target(50, 'ok', 7, 6, 9)] }]),
    ).toEqual([]);
    expect(items).toEqual([
      {
        kind: 'harvest_size',
        severity: 'warning',
        subject: 'A6',
        pond_id: 'p6',
        reason: 'reaches',
        figures: { size: 50, early: 6, late: 9 },
        link: '/farm/f/pond/p6',
      },
    ]);
  });
});

describe('cycleItems', () => {
  const fact = (over: Partial<Parameters<typeof cycleItems>[2][number]> = {}) => ({
    pond_id: 'p1',
    fcr: null,
    stock_date: '2026-11-20',
    sampled_on: '2026-12-01',
    ...over,
  });
  const items = (over: Partial<Parameters<typeof cycleItems>[2][number]>) =>
    cycleItems('f1', [pond], [fact(over)], '2026-12-03', { ...T, fcr_max: 1.6 }, 7);

  it('judges the FCR as it is shown, to two decimals', () => {
    expect(items({ fcr: 1.603 })).toEqual([]);
    expect(items({ fcr: 1.606 })).toMatchObject([{ kind: 'fcr', figures: { value: 1.61, limit: 1.6 } }]);
  });

  it('flags a latest sampling whose ABW is more than 10 % below the one before', () => {
    const s = (sampled_on: string, sample_weight: number) => ({
      sampled_on,
      sample_weight,
      shrimp_count: 100,
    });
    expect(items({ last_samplings: [s('2026-11-26', 1856), s('2026-12-03', 1250)] })).toMatchObject([
      {
        kind: 'abw_drop',
        subject: 'A1',
        reason: 'dropped',
        figures: { value: 12.5, previous: 18.56, pct: 33, day: '2026-12-03' },
        link: '/farm/f1/pond/p1',
      },
    ]);
    expect(items({ last_samplings: [s('2026-11-26', 1856), s('2026-12-03', 1700)] })).toEqual([]);
    expect(items({ last_samplings: [s('2026-12-03', 1250)] })).toEqual([]);
  });
});
