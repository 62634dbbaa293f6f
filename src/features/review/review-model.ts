import { compareNames } from '#shared/domain/natural-sort';
import { type TimeOfDay, timeOfDay } from '#shared/domain/time-of-day';
import { NOT_MEASURED, WATER_FIELD_ORDER, WATER_FIELDS, type WaterKind } from '#shared/domain/water-fields';
import { standardStatus, type WaterStandard } from '#shared/domain/water-standards';

/**
 * The farm review table as data (issue 17 part 1): every pond of the farm × the day's
 * measuring slots × the parameters of one kind of reading. Pure, so the screen, the CSV
 * export, the bench and the tests read the same rows.
 */

export type SyncState = 'synced' | 'pending' | 'failed';

/** The part of a mirrored reading the table reads (any kind; value fields by name). */
export interface ReviewReading {
  id: string;
  pond_id: string;
  measured_at: string;
  time_of_day?: TimeOfDay | null;
  created_by: string | null;
  _status?: SyncState;
  _deleted?: true;
  [field: string]: unknown;
}

export interface ReviewPond {
  pond_id: string;
  name: string;
  block_id: string;
  block_name: string;
}

export type CellState =
  | { kind: 'missing' }
  | { kind: 'not-measured' }
  | { kind: 'value'; value: number; status: 'low' | 'high' | 'ok' | null; option: boolean };

/** Who entered a pond's reading of one slot, at what wall-clock time, and whether it reached the server. */
export interface EntryMeta {
  by: string | null;
  time: string;
  status: SyncState;
  /** More than one reading of this kind in the slot: the latest shows. */
  count: number;
}

export interface ReviewRow {
  pond: ReviewPond;
  /** `${slot}:${parameter}` → cell */
  cells: Record<string, CellState>;
  /** slot → the reading shown, or null when none was entered */
  entries: Partial<Record<TimeOfDay, EntryMeta | null>>;
  outCount: number;
  missingSlots: number;
}

export interface ReviewColumn {
  key: string;
  slot: TimeOfDay;
  parameter: string;
  unit: string;
}

export interface ReviewModel {
  slots: TimeOfDay[];
  parameters: string[];
  columns: ReviewColumn[];
  rows: ReviewRow[];
}

const SLOT_ORDER: TimeOfDay[] = ['morning', 'afternoon', 'evening'];

/** The order a keeper reads his meters in (the water entry form's order). */
export const PARAMETER_ORDER = WATER_FIELD_ORDER;

export const OPTION_PARAMETERS = new Set(['color', 'weather']);

/** measured_at keeps the offset it was taken at: its first characters are the keeper's wall clock. */
export const wallDay = (measuredAt: string) => measuredAt.slice(0, 10);
export const wallTime = (measuredAt: string) => measuredAt.slice(11, 16);

export function slotOfReading(row: Pick<ReviewReading, 'time_of_day' | 'measured_at'>): TimeOfDay {
  return row.time_of_day ?? timeOfDay(Number(wallTime(row.measured_at).slice(0, 2)));
}

/** The slots of the farm's preset times, in day order (06:00, 14:00, 22:00 → morning, afternoon, evening). */
export function slotsOfTimes(times: readonly string[]): TimeOfDay[] {
  const wanted = new Set(times.map((time) => timeOfDay(Number(time.slice(0, 2)))));
  return SLOT_ORDER.filter((slot) => wanted.has(slot));
}

export const columnKey = (slot: TimeOfDay, parameter: string) => `${slot}:${parameter}`;

function measuredValue(raw: unknown): number | null {
  if (typeof raw !== 'number' || Number.isNaN(raw) || raw === NOT_MEASURED) return null;
  return raw;
}

export interface BuildInput {
  kind: WaterKind;
  /** YYYY-MM-DD on the farm's wall clock. */
  day: string;
  ponds: readonly ReviewPond[];
  readings: readonly ReviewReading[];
  standards: readonly WaterStandard[];
  /** The slots of the preset times; a slot with a reading that day shows too. */
  slots: readonly TimeOfDay[];
  /** created_by → name */
  names?: ReadonlyMap<string, string>;
}

/**
 * Parameters shown: those with a standard (what a manager checks) and any other that was
 * measured on one of the ponds that day, in reading order.
 */
function shownParameters(kind: WaterKind, standards: readonly WaterStandard[], latest: ReviewReading[]) {
  const bounded = new Set(standards.filter((s) => s.min !== null || s.max !== null).map((s) => s.parameter));
  return PARAMETER_ORDER[kind].filter(
    (parameter) => bounded.has(parameter) || latest.some((row) => measuredValue(row[parameter]) !== null),
  );
}

export function buildReview(input: BuildInput): ReviewModel {
  const { kind, day, standards, names } = input;
  const pondIds = new Set(input.ponds.map((p) => p.pond_id));
  // pond → slot → readings of the day, latest last
  const bySlot = new Map<string, Map<TimeOfDay, ReviewReading[]>>();
  const usedSlots = new Set<TimeOfDay>(input.slots);
  for (const row of input.readings) {
    if (row._deleted || !pondIds.has(row.pond_id) || wallDay(row.measured_at) !== day) continue;
    const slot = slotOfReading(row);
    usedSlots.add(slot);
    const pondSlots = bySlot.get(row.pond_id) ?? new Map<TimeOfDay, ReviewReading[]>();
    pondSlots.set(slot, [...(pondSlots.get(slot) ?? []), row]);
    bySlot.set(row.pond_id, pondSlots);
  }
  const slots = SLOT_ORDER.filter((slot) => usedSlots.has(slot));
  const latestOf = (list: ReviewReading[]) =>
    list.reduce((a, b) => (wallTime(b.measured_at) >= wallTime(a.measured_at) ? b : a));
  const allLatest = [...bySlot.values()].flatMap((m) => [...m.values()].map(latestOf));
  const parameters = shownParameters(kind, standards, allLatest);
  const units = WATER_FIELDS[kind] as Record<string, { unit: string }>;
  const columns = slots.flatMap((slot) =>
    parameters.map((parameter) => ({
      key: columnKey(slot, parameter),
      slot,
      parameter,
      unit: units[parameter].unit,
    })),
  );

  const ponds = [...input.ponds].sort(
    (a, b) => compareNames(a.block_name, b.block_name) || compareNames(a.name, b.name),
  );
  const rows = ponds.map((pond): ReviewRow => {
    const cells: Record<string, CellState> = {};
    const entries: ReviewRow['entries'] = {};
    let outCount = 0;
    let missingSlots = 0;
    for (const slot of slots) {
      const list = bySlot.get(pond.pond_id)?.get(slot);
      const reading = list ? latestOf(list) : null;
      if (!reading) missingSlots += 1;
      entries[slot] = reading
        ? {
            by: reading.created_by ? (names?.get(reading.created_by) ?? null) : null,
            time: wallTime(reading.measured_at),
            status: reading._status ?? 'synced',
            count: list?.length ?? 1,
          }
        : null;
      for (const parameter of parameters) {
        const key = columnKey(slot, parameter);
        if (!reading) {
          cells[key] = { kind: 'missing' };
          continue;
        }
        const value = measuredValue(reading[parameter]);
        if (value === null) {
          cells[key] = { kind: 'not-measured' };
          continue;
        }
        const option = OPTION_PARAMETERS.has(parameter);
        const status = option ? null : standardStatus(parameter, value, standards, slot);
        if (status === 'low' || status === 'high') outCount += 1;
        cells[key] = { kind: 'value', value, status, option };
      }
    }
    return { pond, cells, entries, outCount, missingSlots };
  });
  return { slots, parameters, columns, rows };
}

export type SortKey = 'pond' | string;
export interface SortState {
  key: SortKey;
  direction: 'ascending' | 'descending';
}

export const DIKE_SORT: SortState = { key: 'pond', direction: 'ascending' };

function dikeCompare(a: ReviewRow, b: ReviewRow) {
  return compareNames(a.pond.block_name, b.pond.block_name) || compareNames(a.pond.name, b.pond.name);
}

/**
 * Pond name sorts by name (blocks mixed); a parameter column by value, with not measured
 * and missing always last whatever the direction (nothing to compare), dike order on ties.
 */
export function sortRows(rows: readonly ReviewRow[], sort: SortState): ReviewRow[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  if (sort.key === 'pond') {
    return [...rows].sort(
      (a, b) =>
        sign * (compareNames(a.pond.name, b.pond.name) || compareNames(a.pond.block_name, b.pond.block_name)),
    );
  }
  const valueOfRow = (row: ReviewRow) => {
    const cell = row.cells[sort.key];
    return cell?.kind === 'value' ? cell.value : null;
  };
  return [...rows].sort((a, b) => {
    const va = valueOfRow(a);
    const vb = valueOfRow(b);
    if (va === null && vb === null) return dikeCompare(a, b);
    if (va === null) return 1;
    if (vb === null) return -1;
    return sign * (va - vb) || dikeCompare(a, b);
  });
}

/** Clicking a header: a new column sorts ascending, the same column flips. */
export function nextSort(current: SortState, key: SortKey): SortState {
  if (current.key !== key) return { key, direction: 'ascending' };
  return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
}

export function filterByBlock(rows: readonly ReviewRow[], blockId: string | null): ReviewRow[] {
  return blockId ? rows.filter((row) => row.pond.block_id === blockId) : [...rows];
}

/** Day totals for the summary line above the table: ponds entered per slot, values out of standard. */
export function summarize(rows: readonly ReviewRow[], slots: readonly TimeOfDay[]) {
  return {
    ponds: rows.length,
    entered: slots.map((slot) => ({ slot, count: rows.filter((row) => row.entries[slot]).length })),
    outOfStandard: rows.reduce((sum, row) => sum + row.outCount, 0),
  };
}
