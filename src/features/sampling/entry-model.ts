import { typingLanguage } from '#components/number-field';
import { pondAction } from '#components/pond-access.ts';
import type { Cycle } from '#shared/contracts/cycle';
import type { Farm, Pond } from '#shared/contracts/farm';
import { compareNames } from '#shared/domain/natural-sort';
import { readNumber } from '#shared/domain/number-input';
import { ACTION } from '#shared/domain/permissions';
import { checkSampling, type SamplingIssues } from '#shared/domain/sampling-rules';
import { SAMPLING_SIGNS } from '#shared/domain/sampling-signs';

/**
 * The sampling entry as data: one card per pond with an active cycle, what is typed
 * (text, as in the boxes; also the draft that survives a reload) and the photos taken,
 * and how it becomes records. No React here, so the tests cover the rules.
 */
export const ENTRY_FIELDS = ['shrimp_count', 'sample_weight', ...SAMPLING_SIGNS] as const;
export type EntryField = (typeof ENTRY_FIELDS)[number];
/** A card is complete with these; the sign counts are 0 when left empty. */
export const REQUIRED_FIELDS: readonly EntryField[] = ['shrimp_count', 'sample_weight'];

export type PondValues = Partial<Record<EntryField, string>>;

/** A photo taken for a pond, kept in the form (and its draft) until the save. */
export interface PendingPhoto {
  id: string;
  blob: Blob;
  width: number;
  height: number;
}

export interface SamplingEntryState {
  /** YYYY-MM-DD, the device's calendar. */
  date: string;
  values: Record<string, PondValues>;
  photos: Record<string, PendingPhoto[]>;
}

export function initialState(today: string): SamplingEntryState {
  return { date: today, values: {}, photos: {} };
}

const typed = (text: string | undefined) => (text ?? '').trim() !== '';

/** Whether a pond's card holds anything (a value or a photo). */
export function touched(state: SamplingEntryState, pondId: string): boolean {
  return (
    ENTRY_FIELDS.some((f) => typed(state.values[pondId]?.[f])) || (state.photos[pondId]?.length ?? 0) > 0
  );
}

export function hasAnything(state: Pick<SamplingEntryState, 'values' | 'photos'>): boolean {
  return (
    Object.values(state.values).some((v) => ENTRY_FIELDS.some((f) => typed(v[f]))) ||
    Object.values(state.photos).some((list) => list.length > 0)
  );
}

/**
 * A box's text as a number: comma or dot decimals ("12,5"), nothing typed = undefined,
 * anything else NaN (the rules then say "must be a number"; never read as 0).
 */
export function numberOf(text: string | undefined, language: string = typingLanguage()): number | undefined {
  const read = readNumber(text, language);
  if ('problem' in read) return Number.NaN;
  return read.value ?? undefined;
}

/** The typed numbers of a card, for the live figures (undefined where empty or not a number). */
export function cardNumbers(values: PondValues | undefined): { count?: number; weight?: number } {
  const count = numberOf(values?.shrimp_count);
  const weight = numberOf(values?.sample_weight);
  return {
    count: Number.isFinite(count) ? count : undefined,
    weight: Number.isFinite(weight) ? weight : undefined,
  };
}

/** Dike order: block by block, ponds by name with numbers ("Kolam 2" before "Kolam 10"). */
export function dikeOrder(ponds: readonly Pond[]): Pond[] {
  return [...ponds].sort((a, b) => compareNames(a.block_name, b.block_name) || compareNames(a.name, b.name));
}

/** Active cycle of a pond (end_date 0), newest first when the mirror holds two during a sync. */
export function activeCycleOf(cycles: readonly Cycle[], pondId: string): Cycle | undefined {
  return cycles
    .filter((c) => c.pond_id === pondId && c.end_date === 0)
    .sort((a, b) => b.start_date.localeCompare(a.start_date))[0];
}

/** Ponds the user may sample (with an active cycle), and how many he may not. */
export function samplingPonds(
  farm: Farm,
  ponds: readonly Pond[],
  cycles: readonly Cycle[],
): { enterable: { pond: Pond; cycle: Cycle }[]; withoutCycle: Pond[] } {
  const enterable: { pond: Pond; cycle: Cycle }[] = [];
  const withoutCycle: Pond[] = [];
  for (const pond of dikeOrder(ponds)) {
    if (pondAction(farm, pond, 'sampling') < ACTION.add) continue;
    const cycle = activeCycleOf(cycles, pond.pond_id);
    if (cycle) enterable.push({ pond, cycle });
    else withoutCycle.push(pond);
  }
  return { enterable, withoutCycle };
}

/** The rules' issues of one card, on the values as typed (text turned into numbers, never coerced). */
export function checkCard(
  values: PondValues | undefined,
  bounds: { date: string; today: string; earliest: string | null },
  language: string = typingLanguage(),
): ReturnType<typeof checkSampling> {
  const source: Record<string, unknown> = { sampled_on: bounds.date };
  // What the reader refuses is said at the field in its own words ("type 12,5"), not "not a number".
  const typed: SamplingIssues = {};
  for (const field of ENTRY_FIELDS) {
    const read = readNumber(values?.[field], language);
    if ('problem' in read)
      typed[field] = [
        { key: read.problem.key, ...('params' in read.problem ? { params: read.problem.params } : {}) },
      ];
    else if (read.value !== null) source[field] = read.value;
  }
  const checked = checkSampling(source, { today: bounds.today, earliest: bounds.earliest });
  if (Object.keys(typed).length === 0) return checked;
  return { errors: { ...('errors' in checked ? checked.errors : {}), ...typed } };
}

export interface SamplingRecord extends Record<string, unknown> {
  id: string;
  farm_id: string;
  pond_id: string;
  cycle_id: string;
  sampled_on: string;
}

export interface BuiltEntry {
  records: SamplingRecord[];
  photos: { pondId: string; recordId: string; photos: PendingPhoto[] }[];
  /** Ponds held back: pond_id → field → issue. */
  problems: Record<string, SamplingIssues>;
}

/**
 * One record per touched pond; untouched cards make none. A card with a missing or
 * impossible value is held back (its values and photos stay in the form with the
 * messages); the other ponds still save.
 */
export function buildEntry(
  state: SamplingEntryState,
  ctx: {
    farmId: string;
    cards: readonly { pondId: string; cycleId: string; earliest: string | null }[];
    today: string;
    newId: () => string;
  },
): BuiltEntry {
  const out: BuiltEntry = { records: [], photos: [], problems: {} };
  for (const card of ctx.cards) {
    if (!touched(state, card.pondId)) continue;
    const checked = checkCard(state.values[card.pondId], {
      date: state.date,
      today: ctx.today,
      earliest: card.earliest,
    });
    if ('errors' in checked) {
      out.problems[card.pondId] = checked.errors;
      continue;
    }
    const id = ctx.newId();
    out.records.push({
      id,
      farm_id: ctx.farmId,
      pond_id: card.pondId,
      cycle_id: card.cycleId,
      ...checked.values,
    });
    const photos = state.photos[card.pondId] ?? [];
    if (photos.length > 0) out.photos.push({ pondId: card.pondId, recordId: id, photos });
  }
  return out;
}

/** The form after a save: saved ponds empty, held-back ponds as typed. */
export function withoutSaved(state: SamplingEntryState, saved: readonly string[]): SamplingEntryState {
  const done = new Set(saved);
  const keep = <T>(map: Record<string, T>) =>
    Object.fromEntries(Object.entries(map).filter(([id]) => !done.has(id)));
  return { ...state, values: keep(state.values), photos: keep(state.photos) };
}

/** The latest sampling of a cycle before a day (for ADG), from the mirror's rows. */
export function previousSampling<T extends { cycle_id: string; sampled_on: string }>(
  rows: readonly T[],
  cycleId: string,
  before: string,
): T | undefined {
  let best: T | undefined;
  for (const row of rows)
    if (row.cycle_id === cycleId && row.sampled_on < before && (!best || row.sampled_on > best.sampled_on))
      best = row;
  return best;
}
