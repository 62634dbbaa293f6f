import { describe, expect, it } from 'vitest';
import type { WaterAnalysisRow } from '#shared/contracts/analysis';
import {
  applicableFields,
  axisDomain,
  chartPointsOf,
  comparisonProblem,
  seriesOf,
  statusSummary,
  waterGrid,
} from './analysis-model.ts';
import { livePonds, parseState } from './analysis-state.ts';

describe('analysis state per farm', () => {
  const today = '2026-03-10';
  it('reads a stored state and falls back field by field', () => {
    expect(
      parseState(JSON.stringify({ tab: 'anco', date: '2026-03-01', ponds: ['a', 'a', 'b'] }), today),
    ).toEqual({
      tab: 'anco',
      date: '2026-03-01',
      ponds: ['a', 'b'],
      kind: 'general',
      productMode: 'day',
      feedOnly: false,
    });
    const odd = parseState(JSON.stringify({ tab: 'x', date: '2027-01-01', ponds: 'a', kind: 'soil' }), today);
    expect(odd).toMatchObject({ tab: 'status', date: today, ponds: [], kind: 'general' });
    expect(parseState('{not json', today).tab).toBe('status');
    expect(parseState(null, today).date).toBe(today);
  });
  it('drops chosen ponds that are gone', () => {
    expect(livePonds(['a', 'gone', 'b'], ['b', 'a'])).toEqual(['a', 'b']);
  });
});

describe('views', () => {
  it('counts pond statuses', () => {
    expect(
      statusSummary([
        { status: 'complete' },
        { status: 'partial' },
        { status: 'partial' },
        { status: 'empty' },
      ]),
    ).toEqual({ complete: 1, partial: 2, missing: 0, empty: 1 });
  });
  it('lays readings out as measured parameters × readings', () => {
    const row: WaterAnalysisRow = {
      pond_id: 'p',
      pond_name: 'A',
      readings: [
        { time_of_day: 'morning', time: '06:00', values: { ph: 7.9, do: null, temperature: 29 } },
        { time_of_day: 'afternoon', time: '14:00', values: { ph: 8.6, do: null, temperature: null } },
      ],
    };
    expect(waterGrid(row, 'general')).toEqual({
      columns: [
        { time: '06:00', slot: 'morning' },
        { time: '14:00', slot: 'afternoon' },
      ],
      rows: [
        { parameter: 'ph', values: [7.9, 8.6] },
        { parameter: 'temperature', values: [29, null] },
      ],
    });
  });
});

describe('comparison model', () => {
  it('asks every metric of every pond and refuses what the server refuses', () => {
    expect(seriesOf(['a', 'b'], ['ph', 'feed'])).toEqual([
      { pond_id: 'a', metric: 'ph' },
      { pond_id: 'a', metric: 'feed' },
      { pond_id: 'b', metric: 'ph' },
      { pond_id: 'b', metric: 'feed' },
    ]);
    const ok = { from: '2026-01-01', to: '2026-03-01', merge: true, series: 2 };
    expect(comparisonProblem(ok)).toBeNull();
    expect(comparisonProblem({ ...ok, series: 0 })).toEqual({ kind: 'pick' });
    expect(comparisonProblem({ ...ok, series: 9 })).toEqual({ kind: 'tooMany', count: 9, max: 8 });
    expect(comparisonProblem({ ...ok, from: '2026-03-02' })).toEqual({ kind: 'rangeAfter' });
    expect(comparisonProblem({ ...ok, merge: false, from: '2025-01-01' })).toMatchObject({
      kind: 'rangeLong',
      max: 92,
    });
  });
  it('puts merged days at noon and readings at their time on one axis', () => {
    const points = chartPointsOf({
      pond_id: 'p',
      pond_name: 'A',
      metric: 'ph',
      unit: '',
      standard_min: null,
      standard_max: null,
      points: [
        { day: '2026-03-01', at: '2026-03-01', value: 8 },
        { day: '2026-03-01', at: '2026-03-01T06:30', value: 7.9 },
      ],
    });
    expect(points.map((p) => [new Date(p.x).toISOString(), p.y, p.note])).toEqual([
      ['2026-03-01T12:00:00.000Z', 8, undefined],
      ['2026-03-01T06:30:00.000Z', 7.9, '06:30'],
    ]);
    expect(axisDomain('2026-03-01', '2026-03-02').map((x) => new Date(x).toISOString())).toEqual([
      '2026-03-01T00:00:00.000Z',
      '2026-03-03T00:00:00.000Z',
    ]);
  });
  it('applies a template to the ponds that still exist', () => {
    const fields = [
      { pond_id: 'a', metric: 'ph' },
      { pond_id: 'gone', metric: 'ph' },
      { pond_id: 'a', metric: 'feed' },
    ];
    expect(applicableFields(fields, ['a', 'b'])).toEqual({
      ponds: ['a'],
      metrics: ['ph', 'feed'],
      dropped: 1,
    });
  });
});
