import { DateTime, type Zone } from 'luxon';
import { pondAction } from '#components/pond-access.ts';
import type { Farm, Pond } from '#shared/contracts/farm';
import { compareNames } from '#shared/domain/natural-sort';
import { ACTION } from '#shared/domain/permissions';
import { isTime, type TimeOfDay, timeOfDay } from '#shared/domain/time-of-day';
import { WATER_KINDS, type WaterKind } from '#shared/domain/water-fields';
import {
  checkEntry,
  type EntryValues,
  FIELD_ORDER,
  type FieldProblem,
  PRIMARY_COUNT,
} from './water-fields.ts';

/**
 * The water-quality entry form as data: what is typed (also the draft that survives a
 * reload), and how it becomes records. No React here, so the tests cover the rules.
 */
export interface WaterEntryState {
  date: string; // YYYY-MM-DD, device calendar
  time: string; // HH:mm as typed
  kind: WaterKind;
  /** kind → pond_id → field → text */
  values: Record<WaterKind, Record<string, EntryValues>>;
}

export function emptyValues(): WaterEntryState['values'] {
  return { general: {}, chemical: {}, biological: {} };
}

/** Now, on this phone's clock: the slot (morning at 06:10) follows from the hour. */
export function initialState(now: DateTime = DateTime.local()): WaterEntryState {
  return { date: now.toISODate() ?? '', time: now.toFormat('HH:mm'), kind: 'general', values: emptyValues() };
}

export function slotOf(time: string): TimeOfDay | null {
  return isTime(time) ? timeOfDay(Number(time.slice(0, 2))) : null;
}

/**
 * When an entry opened for a slot (the Today list, the attention board) takes its readings,
 * given the form's `state` (a restored draft, or now) and the slot's day and time; undefined:
 * it stays as it is. Only while nothing is typed. A slot of an earlier day (yesterday's
 * missed evening) takes that day and the slot's time; a slot of today later than its part
 * of the day (the 06:00 round typed at 11:00) takes the slot's time, so the readings count
 * for it; a slot still to come, or one the form is already in, changes nothing.
 */
export function presetWhen(
  state: Pick<WaterEntryState, 'date' | 'time' | 'values'>,
  presetTime: string | null | undefined,
  presetDate?: string | null,
): { date: string; time: string } | undefined {
  if (!presetTime || !isTime(presetTime) || hasAnyValue(state.values)) return undefined;
  if (presetDate && /^\d{4}-\d{2}-\d{2}$/.test(presetDate) && presetDate < state.date)
    return { date: presetDate, time: presetTime };
  if (presetTime > state.time || slotOf(presetTime) === slotOf(state.time)) return undefined;
  return { date: state.date, time: presetTime };
}

export interface MeasuredAt {
  measured_at: string;
  utc_offset: number;
  time_of_day: TimeOfDay;
}

/**
 * The instant with the phone's offset (2025-03-01T06:00:00.000+07:00): the server keeps the
 * offset, so the farm's wall clock, and with it the slot, survives the round trip.
 */
export function measuredAt(date: string, time: string, zone: string | Zone = 'local'): MeasuredAt | null {
  if (!isTime(time)) return null;
  const dt = DateTime.fromISO(`${date}T${time}`, { zone });
  if (!dt.isValid) return null;
  return { measured_at: dt.toISO() ?? '', utc_offset: dt.offset, time_of_day: timeOfDay(dt.hour) };
}

export type WhenProblem = 'date' | 'time' | 'future';

/** A reading may not be dated later than now (a few minutes of clock drift allowed). */
export function whenProblem(
  date: string,
  time: string,
  now: DateTime = DateTime.local(),
): WhenProblem | null {
  if (!DateTime.fromISO(date).isValid) return 'date';
  const at = measuredAt(date, time, now.zoneName ?? 'local');
  if (!at) return 'time';
  if (DateTime.fromISO(at.measured_at) > now.plus({ minutes: 10 })) return 'future';
  return null;
}

/** Dike order: block by block, ponds by name with numbers ("Kolam 2" before "Kolam 10"). */
export function dikeOrder(ponds: readonly Pond[]): Pond[] {
  return [...ponds].sort((a, b) => compareNames(a.block_name, b.block_name) || compareNames(a.name, b.name));
}

/** Ponds the user may add readings to, and those he only sees (shown greyed with a note). */
export function splitPonds(farm: Farm, ponds: readonly Pond[]): { enterable: Pond[]; viewOnly: Pond[] } {
  const enterable: Pond[] = [];
  const viewOnly: Pond[] = [];
  for (const pond of dikeOrder(ponds)) {
    const level = pondAction(farm, pond, 'water_quality');
    if (level >= ACTION.add) enterable.push(pond);
    else if (level >= ACTION.view) viewOnly.push(pond);
  }
  return { enterable, viewOnly };
}

export interface ReadingRecord extends Record<string, unknown> {
  id: string;
  farm_id: string;
  pond_id: string;
  cycle_id: string | null;
  measured_at: string;
  utc_offset: number;
  time_of_day: TimeOfDay;
}

export interface Batches {
  batches: { kind: WaterKind; records: ReadingRecord[] }[];
  /** Ponds held back because a value is impossible: kind → pond_id → field → problem. */
  problems: Record<WaterKind, Record<string, Record<string, FieldProblem>>>;
}

const typed = (text: string | undefined) => (text ?? '').trim() !== '';

/**
 * One record per pond and kind that was touched; a card nobody typed in makes no record.
 * A record carries the fields he typed, nothing else: a box left empty is not sent (the
 * API reads a missing field as not measured), and -99 goes out only where he typed it
 * ("not measured" on purpose). A pond with an impossible value is held back (its values
 * stay in the form with the message); the other ponds still save.
 */
export function buildBatches(
  state: WaterEntryState,
  ctx: {
    farmId: string;
    pondIds: readonly string[];
    when: MeasuredAt;
    cycleOf: (pondId: string) => string | null;
    newId: () => string;
  },
): Batches {
  const problems: Batches['problems'] = { general: {}, chemical: {}, biological: {} };
  const batches: Batches['batches'] = [];
  for (const kind of WATER_KINDS) {
    const records: ReadingRecord[] = [];
    for (const pondId of ctx.pondIds) {
      const entry = state.values[kind][pondId];
      const check = checkEntry(kind, entry);
      if (Object.keys(check.problems).length > 0) problems[kind][pondId] = check.problems;
      else if (FIELD_ORDER[kind].some((field) => typed(entry?.[field])))
        records.push({
          id: ctx.newId(),
          farm_id: ctx.farmId,
          pond_id: pondId,
          cycle_id: ctx.cycleOf(pondId),
          ...ctx.when,
          ...Object.fromEntries(
            FIELD_ORDER[kind]
              .filter((field) => typed(entry?.[field]))
              .map((field) => [field, check.values[field]]),
          ),
        });
    }
    if (records.length > 0) batches.push({ kind, records });
  }
  return { batches, problems };
}

/** The form after a save: the saved ponds empty, held-back ponds as typed. */
export function withoutSaved(values: WaterEntryState['values'], saved: Batches['batches']) {
  const next = emptyValues();
  for (const kind of WATER_KINDS) {
    const done = new Set(saved.find((b) => b.kind === kind)?.records.map((r) => r.pond_id) ?? []);
    for (const [pondId, entry] of Object.entries(values[kind]))
      if (!done.has(pondId)) next[kind][pondId] = entry;
  }
  return next;
}

/** Ponds of one kind with something typed (for the tab labels and the save button). */
export function filledPonds(values: Record<string, EntryValues>, pondIds: readonly string[]): number {
  return pondIds.filter((id) => Object.values(values[id] ?? {}).some((text) => text.trim() !== '')).length;
}

export function hasAnyValue(values: WaterEntryState['values']): boolean {
  return WATER_KINDS.some((kind) =>
    Object.values(values[kind]).some((entry) => Object.values(entry).some((t) => t.trim() !== '')),
  );
}

/**
 * The fields a pond card shows up front, in meter order: those he used in this slot's
 * last rounds (field-memory), else the dike-walk defaults. The rest fold under "more".
 */
export function cardFields(kind: WaterKind, used: ReadonlySet<string> | null) {
  const all = FIELD_ORDER[kind];
  const remembered = used ? all.filter((field) => used.has(field)) : [];
  const primary = remembered.length > 0 ? remembered : all.slice(0, PRIMARY_COUNT[kind]);
  return { primary, rest: all.filter((field) => !primary.includes(field)) };
}

export interface PartialPond {
  kind: WaterKind;
  pondId: string;
  /** Fields shown up front that were left empty, in meter order. */
  missing: string[];
}

/** Touched cards with an up-front field left empty: saving them is a question, not a default. */
export function partialPonds(
  state: WaterEntryState,
  pondIds: readonly string[],
  primaryOf: (kind: WaterKind) => readonly string[],
): PartialPond[] {
  const partial: PartialPond[] = [];
  for (const kind of WATER_KINDS)
    for (const pondId of pondIds) {
      const entry = state.values[kind][pondId];
      if (!FIELD_ORDER[kind].some((field) => typed(entry?.[field]))) continue;
      const missing = primaryOf(kind).filter((field) => !typed(entry?.[field]));
      if (missing.length > 0) partial.push({ kind, pondId, missing });
    }
  return partial;
}

/** Per kind, the fields a saved round used (what field-memory keeps). */
export function usedFieldsOf(batches: Batches['batches']): Partial<Record<WaterKind, string[]>> {
  const used: Partial<Record<WaterKind, string[]>> = {};
  for (const { kind, records } of batches)
    used[kind] = FIELD_ORDER[kind].filter((field) => records.some((r) => field in r));
  return used;
}

/** The form without one pond's values of one kind (moved into an existing record). */
export function withoutPond(values: WaterEntryState['values'], kind: WaterKind, pondId: string) {
  const { [pondId]: _, ...rest } = values[kind];
  return { ...values, [kind]: rest };
}
