import { describe, expect, it } from 'vitest';
import { VANNAMEI_STANDARDS } from '#shared/domain/water-standards';
import { type CsvLabels, csvNumber, reviewCsv } from './review-csv.ts';
import {
  buildReview,
  DIKE_SORT,
  filterByBlock,
  nextSort,
  type ReviewPond,
  type ReviewReading,
  slotsOfTimes,
  sortRows,
  summarize,
} from './review-model.ts';

const pond = (pond_id: string, name: string, block: string): ReviewPond => ({
  pond_id,
  name,
  block_id: `b-${block}`,
  block_name: block,
});
const PONDS = [pond('p10', 'Kolam 10', 'B'), pond('p2', 'Kolam 2', 'A'), pond('p1', 'Kolam 1', 'A')];

let n = 0;
const reading = (pond_id: string, at: string, values: Record<string, number>, extra = {}): ReviewReading => ({
  id: `r${++n}`,
  pond_id,
  measured_at: `2026-11-25T${at}:00.000+07:00`,
  time_of_day:
    Number(at.slice(0, 2)) < 12 ? 'morning' : Number(at.slice(0, 2)) < 18 ? 'afternoon' : 'evening',
  created_by: 'u1',
  _status: 'synced',
  ...values,
  ...extra,
});

const READINGS: ReviewReading[] = [
  reading('p1', '06:10', { ph: 7.9, do: 5.2, temperature: 29, salinity: 20, turbidity: 30 }),
  // out of standard (pH 9.1 high, DO 3.1 low), and one not measured
  reading(
    'p2',
    '06:20',
    { ph: 9.1, do: 3.1, temperature: -99, salinity: 20, turbidity: 30 },
    { _status: 'pending', created_by: 'u2' },
  ),
  // another day: never shown
  { ...reading('p10', '06:00', { ph: 7 }), measured_at: '2026-11-24T06:00:00.000+07:00' },
  // afternoon of pond 1
  reading('p1', '14:00', { ph: 8.1, do: 4.5 }),
];

const build = (readings = READINGS) =>
  buildReview({
    kind: 'general',
    day: '2026-11-25',
    ponds: PONDS,
    readings,
    standards: VANNAMEI_STANDARDS,
    slots: slotsOfTimes(['06:00', '14:00']),
    names: new Map([['u1', 'Budi']]),
  });

describe('review table model', () => {
  it('orders ponds by block then name, numbers naturally', () => {
    expect(build().rows.map((r) => r.pond.name)).toEqual(['Kolam 1', 'Kolam 2', 'Kolam 10']);
  });

  it('shows the preset slots and the parameters with a standard', () => {
    const model = build();
    expect(model.slots).toEqual(['morning', 'afternoon']);
    expect(model.parameters).toEqual(['ph', 'do', 'temperature', 'salinity', 'turbidity']);
    expect(model.columns[0]).toMatchObject({ key: 'morning:ph', unit: '' });
  });

  it('adds a slot that has a reading although no preset time names it', () => {
    const model = build([...READINGS, reading('p10', '20:00', { ph: 8 })]);
    expect(model.slots).toEqual(['morning', 'afternoon', 'evening']);
  });

  it('adds a measured parameter without a standard', () => {
    const model = build([...READINGS, reading('p10', '07:00', { orp: 120 })]);
    expect(model.parameters).toContain('orp');
  });

  it('flags out-of-standard values, keeps -99 as not measured, and a pond with no reading as missing', () => {
    const [p1, p2, p10] = build().rows;
    expect(p1.cells['morning:ph']).toEqual({ kind: 'value', value: 7.9, status: 'ok', option: false });
    expect(p2.cells['morning:ph']).toMatchObject({ kind: 'value', value: 9.1, status: 'high' });
    expect(p2.cells['morning:do']).toMatchObject({ kind: 'value', value: 3.1, status: 'low' });
    expect(p2.cells['morning:temperature']).toEqual({ kind: 'not-measured' });
    expect(p2.cells['afternoon:ph']).toEqual({ kind: 'missing' });
    expect(p2.outCount).toBe(2);
    expect(p10.cells['morning:ph']).toEqual({ kind: 'missing' });
    expect(p10.missingSlots).toBe(2);
    expect(p10.entries.morning).toBeNull();
  });

  it('says who entered the reading, when, and whether it reached the server', () => {
    const [p1, p2] = build().rows;
    expect(p1.entries.morning).toEqual({ by: 'Budi', time: '06:10', status: 'synced', count: 1 });
    expect(p2.entries.morning).toEqual({ by: null, time: '06:20', status: 'pending', count: 1 });
  });

  it('shows the latest of two readings in a slot and counts them', () => {
    const model = build([...READINGS, reading('p1', '07:30', { ph: 8.4 })]);
    expect(model.rows[0].cells['morning:ph']).toMatchObject({ value: 8.4 });
    expect(model.rows[0].entries.morning).toMatchObject({ time: '07:30', count: 2 });
  });

  it('ignores readings deleted on the device', () => {
    const model = build([reading('p1', '06:10', { ph: 7.9 }, { _deleted: true })]);
    expect(model.rows[0].entries.morning).toBeNull();
  });

  it('sorts by pond name and by a parameter, missing and not measured last both ways', () => {
    const rows = build().rows;
    expect(sortRows(rows, { key: 'pond', direction: 'descending' }).map((r) => r.pond.name)).toEqual([
      'Kolam 10',
      'Kolam 2',
      'Kolam 1',
    ]);
    const asc = sortRows(rows, { key: 'morning:ph', direction: 'ascending' }).map((r) => r.pond.name);
    expect(asc).toEqual(['Kolam 1', 'Kolam 2', 'Kolam 10']);
    const desc = sortRows(rows, { key: 'morning:ph', direction: 'descending' }).map((r) => r.pond.name);
    expect(desc).toEqual(['Kolam 2', 'Kolam 1', 'Kolam 10']);
    const temp = sortRows(rows, { key: 'morning:temperature', direction: 'descending' }).map(
      (r) => r.pond.name,
    );
    expect(temp).toEqual(['Kolam 1', 'Kolam 2', 'Kolam 10']);
  });

  it('flips the direction on the same column and starts ascending on a new one', () => {
    expect(nextSort(DIKE_SORT, 'pond')).toEqual({ key: 'pond', direction: 'descending' });
    expect(nextSort(DIKE_SORT, 'morning:ph')).toEqual({ key: 'morning:ph', direction: 'ascending' });
  });

  it('filters by block and sums up the day', () => {
    const rows = build().rows;
    expect(filterByBlock(rows, 'b-B').map((r) => r.pond.name)).toEqual(['Kolam 10']);
    expect(filterByBlock(rows, null)).toHaveLength(3);
    expect(summarize(rows, ['morning', 'afternoon'])).toEqual({
      ponds: 3,
      entered: [
        { slot: 'morning', count: 2 },
        { slot: 'afternoon', count: 1 },
      ],
      outOfStandard: 2,
    });
  });
});

const LABELS: CsvLabels = {
  block: 'Blok',
  pond: 'Kolam',
  column: (c) => `${c.slot} · ${c.parameter}${c.unit ? ` (${c.unit})` : ''}`,
  flagColumn: (c) => `${c.slot} · ${c.parameter} standar`,
  enteredBy: (slot) => `${slot} · dicatat oleh`,
  time: (slot) => `${slot} · jam`,
  status: (slot) => `${slot} · status`,
  notMeasured: 'Tidak diukur',
  low: 'Di bawah standar',
  high: 'Di atas standar',
  statusText: (s) => s,
  option: (_p, v) => `opt${v}`,
};

describe('review CSV', () => {
  it('starts with a BOM, has a header row, dot decimals, flags, empty missing cells', () => {
    const model = build();
    const text = reviewCsv(model.slots, model.columns, model.rows, LABELS);
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(4);
    const header = lines[0].split(',');
    expect(header.slice(0, 4)).toEqual(['Blok', 'Kolam', 'morning · ph', 'morning · ph standar']);
    expect(header).toContain('morning · temperature (°C)');
    const p2 = Object.fromEntries(lines[2].split(',').map((v, i) => [header[i], v]));
    expect(p2['morning · ph']).toBe('9.1');
    expect(p2['morning · ph standar']).toBe('Di atas standar');
    expect(p2['morning · do (mg/L)']).toBe('3.1');
    expect(p2['morning · do standar']).toBe('Di bawah standar');
    expect(p2['morning · temperature (°C)']).toBe('Tidak diukur');
    expect(p2['morning · status']).toBe('pending');
    expect(p2['afternoon · ph']).toBe('');
    const p1 = Object.fromEntries(lines[1].split(',').map((v, i) => [header[i], v]));
    expect(p1['morning · dicatat oleh']).toBe('Budi');
    expect(p1['morning · jam']).toBe('06:10');
    expect(p1['morning · ph standar']).toBe('');
  });

  it('quotes text holding a comma or a quote, and never writes exponents', () => {
    const rows = build([reading('p1', '06:00', { ph: 8 })]).rows;
    rows[0].pond = { ...rows[0].pond, name: 'Kolam "A", timur' };
    const text = reviewCsv(
      ['morning'],
      [{ key: 'morning:ph', slot: 'morning', parameter: 'ph', unit: '' }],
      rows,
      LABELS,
    );
    expect(text).toContain('"Kolam ""A"", timur"');
    expect(csvNumber(7.85)).toBe('7.85');
    expect(csvNumber(0.05)).toBe('0.05');
    expect(csvNumber(1e12)).toBe('1000000000000');
    expect(csvNumber(12_000)).toBe('12000');
  });
});
