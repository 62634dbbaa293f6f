import { describe, expect, it } from 'vitest';
import {
  ancoRecords,
  dayProblem,
  localToday,
  newestFirst,
  parseTagInput,
  setTrays,
  tagsOf,
  tapTray,
  waterChangeProblem,
  waterChangeRecords,
  waterChangeTotal,
} from './records-model.ts';

describe('anco entry model', () => {
  it('taps, un-taps and resizes trays', () => {
    let pond = {
      trays: 3,
      statuses: [null, null, null] as (null | 'habis' | 'sisa_sedikit' | 'sisa_banyak')[],
    };
    pond = tapTray(pond, 0, 'habis');
    expect(pond.statuses).toEqual(['habis', null, null]);
    expect(tapTray(pond, 0, 'habis').statuses[0]).toBeNull();
    expect(setTrays(pond, 5).statuses).toEqual(['habis', null, null, null, null]);
    expect(setTrays(pond, 0).trays).toBe(1);
    expect(setTrays(pond, 99).trays).toBe(12);
  });

  it('makes one check per complete pond and names the half-filled ones', () => {
    const state = {
      date: '2025-03-01',
      feeding: 2,
      time: '10:30',
      ponds: {
        a: { trays: 2, statuses: ['habis', 'sisa_banyak'] as const },
        b: { trays: 2, statuses: ['habis', null] },
        c: { trays: 2, statuses: [null, null] },
      },
    } as never;
    const { records, partial } = ancoRecords(state, 'farm', (p) => (p === 'a' ? 'cycle-a' : null));
    expect(partial).toEqual(['b']);
    expect(records).toEqual([
      {
        farm_id: 'farm',
        pond_id: 'a',
        cycle_id: 'cycle-a',
        check_date: '2025-03-01',
        feeding_time: 2,
        checked_at: '10:30',
        data_anco: [
          { tray: 1, status: 'habis' },
          { tray: 2, status: 'sisa_banyak' },
        ],
        note: null,
      },
    ]);
  });
});

describe('water change model', () => {
  it('needs a percent or a height in range', () => {
    expect(waterChangeProblem({ percent: '', height: '', note: 'x' })).toBe('needOne');
    expect(waterChangeProblem({ percent: '120', height: '', note: '' })).toBe('range');
    expect(waterChangeProblem({ percent: 'abc', height: '', note: '' })).toBe('percentNumber');
    expect(waterChangeProblem({ percent: '', height: '600', note: '' })).toBe('heightRange');
    expect(waterChangeProblem({ percent: '', height: '1.5', note: '' })).toBeNull();
    expect(waterChangeProblem({ percent: '', height: '1,2,3', note: '' })).toBe('heightNumber');
    expect(waterChangeProblem({ percent: '12,5', height: '', note: '' })).toBeNull();
  });
  it('skips untouched ponds and reads decimal commas', () => {
    const { records, invalid } = waterChangeRecords(
      {
        date: '2025-03-01',
        time: '',
        ponds: {
          a: { percent: '12,5', height: '', note: '' },
          b: { percent: '', height: '', note: '' },
          c: { percent: '', height: '', note: 'only a note' },
        },
      },
      'f',
      () => 'cy',
    );
    expect(invalid).toEqual(['c']);
    expect(records).toEqual([
      {
        farm_id: 'f',
        pond_id: 'a',
        cycle_id: 'cy',
        change_date: '2025-03-01',
        change_time: null,
        percent: 12.5,
        height_cm: null,
        note: null,
      },
    ]);
  });
});

describe('dates, tags and order', () => {
  it('refuses a future day and a day before the cycle', () => {
    expect(dayProblem('2025-03-02', '2025-03-01')).toBe('future');
    expect(dayProblem('2025-01-01', '2025-03-01', '2025-02-01')).toBe('beforeCycle');
    expect(dayProblem('2025-02-01', '2025-03-01', '2025-02-01')).toBeNull();
    expect(localToday(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
  });
  it('parses tags once each and lists them by use', () => {
    expect(parseTagInput(' alat, Pakan ,alat,, kincir  air ')).toEqual(['alat', 'Pakan', 'kincir air']);
    expect(tagsOf([{ tags: ['b', 'a'] }, { tags: ['a'] }])).toEqual(['a', 'b']);
  });
  it('sorts newest first by day and time', () => {
    const rows = [
      { id: '1', d: '2025-03-01', t: '08:00' },
      { id: '2', d: '2025-03-02', t: '06:00' },
      { id: '3', d: '2025-03-01', t: '12:00' },
    ];
    expect(newestFirst(rows, 'd', 't').map((r) => r.id)).toEqual(['2', '3', '1']);
  });
});

describe('water change total (seed 000 §3)', () => {
  it('is the pond area × the height, as the server keeps it', () => {
    expect(waterChangeTotal(2500, '15')).toBe(375);
    expect(waterChangeTotal(1234, '7,5')).toBe(92.55);
    expect(waterChangeTotal(2500, '')).toBeNull();
    expect(waterChangeTotal(2500, '600')).toBeNull();
    expect(waterChangeTotal(undefined, '15')).toBeNull();
  });
});
