import { isCalendarDay } from './calendar.ts';
import {
  SAMPLING_MAX_COUNT,
  SAMPLING_MAX_WEIGHT,
  SAMPLING_SIGNS,
  type SamplingSign,
} from './sampling-signs.ts';

/**
 * The rules of one sampling, checked by the server on every create and edit and by the
 * entry form as the keeper types (same messages: keys of src/shared/i18n/messages.ts).
 * Values must already have their type: a string where a number belongs is refused, never
 * read as a number (the form converts its inputs first).
 */

export type Issue = { key: string; params?: Record<string, string | number> };
export type SamplingIssues = Partial<Record<string, Issue[]>>;

export interface SamplingValues {
  sampled_on: string;
  shrimp_count: number;
  sample_weight: number;
  hollow: number;
  molting: number;
  pale: number;
  undersize: number;
  red_leg: number;
  red_tail: number;
  note: string | null;
}

export interface SamplingBounds {
  /** Today on the farm (YYYY-MM-DD): later days are refused. */
  today: string;
  /** The cycle's stocking day, or its start without a stocking: earlier days are refused. */
  earliest?: string | null;
}

export const NOTE_MAX = 2000;

export function isDay(value: unknown): value is string {
  return isCalendarDay(value);
}

function count(value: unknown, min: number, max: number): Issue | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return { key: 'validation.numeric' };
  if (!Number.isInteger(value)) return { key: 'validation.integer' };
  if (value < min) return { key: 'validation.min', params: { min } };
  if (value > max) return { key: 'validation.max', params: { max } };
  return null;
}

/**
 * Checks a whole sampling (after an edit: the stored values with the edit's fields over
 * them). Absent sign counts are 0. Answers the values or the issues per field.
 */
export function checkSampling(
  source: Record<string, unknown>,
  bounds: SamplingBounds,
): { values: SamplingValues } | { errors: SamplingIssues } {
  const errors: SamplingIssues = {};
  const add = (field: string, issue: Issue | null) => {
    if (issue) errors[field] = [issue];
  };
  const day = source.sampled_on;
  if (!isDay(day)) add('sampled_on', { key: 'validation.date' });
  else if (day > bounds.today) add('sampled_on', { key: 'validation.date-future' });
  else if (bounds.earliest && day < bounds.earliest)
    add('sampled_on', { key: 'validation.date-before-stocking' });

  const shrimp = source.shrimp_count;
  add('shrimp_count', count(shrimp, 1, SAMPLING_MAX_COUNT));
  const weight = source.sample_weight;
  if (typeof weight !== 'number' || !Number.isFinite(weight))
    add('sample_weight', { key: 'validation.numeric' });
  else if (weight <= 0) add('sample_weight', { key: 'validation.sampling-weight' });
  else if (weight > SAMPLING_MAX_WEIGHT)
    add('sample_weight', { key: 'validation.max', params: { max: SAMPLING_MAX_WEIGHT } });

  const signs = {} as Record<SamplingSign, number>;
  for (const sign of SAMPLING_SIGNS) {
    const raw = source[sign] ?? 0;
    const issue = count(raw, 0, SAMPLING_MAX_COUNT);
    if (issue) add(sign, issue);
    else if (typeof shrimp === 'number' && Number.isInteger(shrimp) && shrimp > 0 && (raw as number) > shrimp)
      add(sign, { key: 'validation.sampling-sign-above-count', params: { max: shrimp } });
    else signs[sign] = raw as number;
  }

  const note = source.note ?? null;
  if (note !== null && typeof note !== 'string') add('note', { key: 'validation.invalid' });
  else if (typeof note === 'string' && note.length > NOTE_MAX)
    add('note', { key: 'validation.maxLength', params: { max: NOTE_MAX } });

  if (Object.keys(errors).length > 0) return { errors };
  const text = typeof note === 'string' ? note.trim() : '';
  return {
    values: {
      sampled_on: day as string,
      shrimp_count: shrimp as number,
      sample_weight: weight as number,
      ...signs,
      note: text === '' ? null : text,
    },
  };
}
