import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import type { Farm, Pond } from '#shared/contracts/farm';
import { DEFAULT_PERMISSIONS } from '#shared/domain/permissions';
import {
  buildBatches,
  cardFields,
  dikeOrder,
  initialState,
  measuredAt,
  partialPonds,
  presetWhen,
  slotOf,
  splitPonds,
  usedFieldsOf,
  type WaterEntryState,
  whenProblem,
  withoutSaved,
} from './entry-model.ts';

const pond = (pond_id: string, name: string, block_name = 'Blok A'): Pond => ({
  pond_id,
  farm_id: 'f',
  block_id: 'b',
  block_name,
  name,
  area: 1000,
  status: 1,
  access_level: 2,
  updated_at: '',
  deleted_at: null,
});

const farm = (role_id: number, access_pond: Farm['access_pond'] = []): Farm => ({
  farm_id: 'f',
  name: 'Tambak',
  role_id,
  status: 1,
  is_hide_finance: false,
  can_edit_farm: role_id <= 2,
  permissions: Object.entries(DEFAULT_PERMISSIONS[role_id as 1]).map(([feature_name, action]) => ({
    feature_name,
    action,
  })),
  access_pond,
  updated_at: '',
});

describe('time of the round', () => {
  it('preselects the morning slot from the clock at 06:10', () => {
    const state = initialState(DateTime.fromISO('2025-03-01T06:10:00', { zone: 'Asia/Jakarta' }));
    expect(state).toMatchObject({ date: '2025-03-01', time: '06:10', kind: 'general' });
    expect(slotOf(state.time)).toBe('morning');
  });

  it('groups by hour: before 12 morning, 12 to before 18 afternoon, 18 on evening', () => {
    expect(slotOf('11:59')).toBe('morning');
    expect(slotOf('12:00')).toBe('afternoon');
    expect(slotOf('17:59')).toBe('afternoon');
    expect(slotOf('18:00')).toBe('evening');
    expect(slotOf('7')).toBeNull();
  });

  it('sends the instant with the phone offset and the slot', () => {
    expect(measuredAt('2025-03-01', '14:00', 'Asia/Jakarta')).toEqual({
      measured_at: '2025-03-01T14:00:00.000+07:00',
      utc_offset: 420,
      time_of_day: 'afternoon',
    });
    expect(measuredAt('2025-03-01', '25:00')).toBeNull();
  });

  it('refuses a time in the future', () => {
    const now = DateTime.fromISO('2025-03-01T06:10:00', { zone: 'Asia/Jakarta' });
    expect(whenProblem('2025-03-01', '06:00', now)).toBeNull();
    expect(whenProblem('2025-03-01', '14:00', now)).toBe('future');
    expect(whenProblem('2025-03-01', '6.0', now)).toBe('time');
  });
});

describe('ponds of the round', () => {
  it('lists ponds in dike order: Kolam 1, 2, 10', () => {
    const ponds = [
      pond('c', 'Kolam 10'),
      pond('a', 'Kolam 1'),
      pond('b', 'Kolam 2'),
      pond('d', 'Kolam 1', 'Blok B'),
    ];
    expect(dikeOrder(ponds).map((p) => `${p.block_name}/${p.name}`)).toEqual([
      'Blok A/Kolam 1',
      'Blok A/Kolam 2',
      'Blok A/Kolam 10',
      'Blok B/Kolam 1',
    ]);
  });

  it('lets a technician enter only ponds he has insert access to', () => {
    const ponds = [pond('a', 'Kolam 1'), pond('b', 'Kolam 2'), pond('c', 'Kolam 3')];
    const tech = farm(3, [
      { pond_id: 'a', access_level: 1 },
      { pond_id: 'b', access_level: 0 },
    ]);
    const { enterable, viewOnly } = splitPonds(tech, ponds);
    expect(enterable.map((p) => p.name)).toEqual(['Kolam 1']);
    expect(viewOnly.map((p) => p.name)).toEqual(['Kolam 2']);
  });

  it('lets a viewer enter nothing and an admin everything', () => {
    const ponds = [pond('a', 'Kolam 1')];
    expect(splitPonds(farm(4, [{ pond_id: 'a', access_level: 2 }]), ponds).enterable).toEqual([]);
    expect(splitPonds(farm(1), ponds).enterable).toHaveLength(1);
  });
});

describe('buildBatches', () => {
  const when = {
    measured_at: '2025-03-01T06:00:00.000+07:00',
    utc_offset: 420,
    time_of_day: 'morning' as const,
  };
  let n = 0;
  const ctx = {
    farmId: 'f',
    pondIds: ['a', 'b', 'c'],
    when,
    cycleOf: (id: string) => (id === 'a' ? 'cycle-a' : null),
    newId: () => `id-${++n}`,
  };
  const state = (values: Partial<WaterEntryState['values']>): WaterEntryState => ({
    date: '2025-03-01',
    time: '06:00',
    kind: 'general',
    values: { general: {}, chemical: {}, biological: {}, ...values },
  });

  it('makes one record per touched pond, with the active cycle, carrying only the fields typed', () => {
    const { batches } = buildBatches(state({ general: { a: { ph: '7,9' }, b: { ph: '' } } }), ctx);
    expect(batches).toHaveLength(1);
    expect(batches[0].kind).toBe('general');
    expect(batches[0].records).toHaveLength(1);
    const record = batches[0].records[0];
    expect(record).toMatchObject({ farm_id: 'f', pond_id: 'a', cycle_id: 'cycle-a', ...when, ph: 7.9 });
    // Untouched boxes are not sent at all (the API reads a missing field as not measured).
    expect(Object.keys(record)).not.toContain('do');
    expect(Object.values(record)).not.toContain(-99);
  });

  it('sends -99 only where the keeper marked "not measured" on purpose', () => {
    const { batches } = buildBatches(state({ general: { a: { ph: '7,9', do: '-99', color: '-99' } } }), ctx);
    const record = batches[0].records[0];
    expect(record).toMatchObject({ ph: 7.9, do: -99, color: -99 });
    expect(Object.keys(record)).not.toContain('temperature');
  });

  it('makes no record for a card nobody touched, nor for one holding only blanks', () => {
    const { batches } = buildBatches(
      state({ general: { a: { ph: ' ', do: '' } }, chemical: { b: {} } }),
      ctx,
    );
    expect(batches).toEqual([]);
  });

  it('holds back a pond with an impossible value and saves the others', () => {
    const input = state({ general: { a: { ph: '7,9' }, b: { ph: '70' } }, chemical: { c: { tan: '0,5' } } });
    const { batches, problems } = buildBatches(input, ctx);
    expect(batches.map((b) => [b.kind, b.records.map((r) => r.pond_id)])).toEqual([
      ['general', ['a']],
      ['chemical', ['c']],
    ]);
    expect(problems.general.b).toEqual({ ph: { key: 'range', min: 0, max: 14 } });
    const rest = withoutSaved(input.values, batches);
    expect(rest).toEqual({ general: { b: { ph: '70' } }, chemical: {}, biological: {} });
  });
});

describe('what a card shows and when a save asks', () => {
  const state = (general: WaterEntryState['values']['general']): WaterEntryState => ({
    date: '2025-03-01',
    time: '06:00',
    kind: 'general',
    values: { general, chemical: {}, biological: {} },
  });

  it('shows the dike-walk four up front until the slot remembers other fields', () => {
    expect(cardFields('general', null).primary).toEqual(['ph', 'do', 'temperature', 'salinity']);
    const night = cardFields('general', new Set(['temperature', 'ph', 'tan']));
    expect(night.primary).toEqual(['ph', 'temperature']);
    expect(night.rest).toEqual([
      'do',
      'salinity',
      'turbidity',
      'water_height',
      'oxygen',
      'orp',
      'color',
      'weather',
    ]);
    // A memory of another kind's fields only is no memory for this kind.
    expect(cardFields('general', new Set(['tan'])).primary).toEqual(['ph', 'do', 'temperature', 'salinity']);
  });

  it('calls a touched card with an empty up-front field partial, never an untouched one', () => {
    const primary = () => ['ph', 'do', 'temperature', 'salinity'];
    const input = state({
      a: { ph: '7,8', do: '5', temperature: '29', salinity: '18' },
      b: { ph: '7,8', do: '' },
      c: { ph: '', do: '' },
      d: { turbidity: '40' },
    });
    expect(partialPonds(input, ['a', 'b', 'c', 'd'], primary)).toEqual([
      { kind: 'general', pondId: 'b', missing: ['do', 'temperature', 'salinity'] },
      { kind: 'general', pondId: 'd', missing: ['ph', 'do', 'temperature', 'salinity'] },
    ]);
  });

  it('remembers per kind the fields a saved round used', () => {
    const { batches } = buildBatches(state({ a: { ph: '7,8' }, b: { temperature: '29', do: '-99' } }), {
      farmId: 'f',
      pondIds: ['a', 'b'],
      when: { measured_at: '2025-03-01T06:00:00.000+07:00', utc_offset: 420, time_of_day: 'morning' },
      cycleOf: () => null,
      newId: () => 'x',
    });
    expect(usedFieldsOf(batches)).toEqual({ general: ['ph', 'do', 'temperature'] });
  });
});

describe('presetWhen: an entry opened for a slot', () => {
  const state = (date: string, time: string, typed = false) => ({
    date,
    time,
    values: {
      general: typed ? { p1: { ph: '7.8' } } : {},
      chemical: {},
      biological: {},
    } as WaterEntryState['values'],
  });
  it("takes a past slot of today's time, and an earlier day's day and time", () => {
    // The 06:00 round typed at 13:00.
    expect(presetWhen(state('2026-12-03', '13:00'), '06:00')).toEqual({ date: '2026-12-03', time: '06:00' });
    // Yesterday's missed evening, entered at 08:00 today.
    expect(presetWhen(state('2026-12-03', '08:00'), '22:00', '2026-12-02')).toEqual({
      date: '2026-12-02',
      time: '22:00',
    });
  });
  it('changes nothing for a slot still to come, the slot the form is in, or once something is typed', () => {
    expect(presetWhen(state('2026-12-03', '08:00'), '14:00')).toBeUndefined();
    expect(presetWhen(state('2026-12-03', '11:00'), '06:00')).toBeUndefined(); // still the morning
    expect(presetWhen(state('2026-12-03', '13:00', true), '06:00', '2026-12-02')).toBeUndefined();
    expect(presetWhen(state('2026-12-03', '13:00'), null, '2026-12-02')).toBeUndefined();
    // A day after the form's is not an earlier day: today's rule applies.
    expect(presetWhen(state('2026-12-03', '13:00'), '06:00', '2026-12-04')).toEqual({
      date: '2026-12-03',
      time: '06:00',
    });
  });
});
