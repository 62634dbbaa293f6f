import { typingLanguage } from '#components/number-field';
import { type NumberProblem, numberForInput, readNumber } from '#shared/domain/number-input';
import {
  NOT_MEASURED,
  WATER_FIELD_ORDER,
  WATER_FIELDS,
  type WaterFieldSpec,
  type WaterKind,
} from '#shared/domain/water-fields';
import { isOutOfStandard, type WaterStandard } from '#shared/domain/water-standards';

/**
 * What one typed value means. Pure, so the entry form, the edit dialog and the tests
 * agree: an empty box is "not measured" (sent as -99), the number is read in the screen's
 * language by the one reader (#shared/domain/number-input: "7,9" in Indonesian, "7.9" in
 * English; "7.9" typed in Indonesian is also 7.9), and a value the physical range
 * excludes is refused.
 */

/** The order a pond keeper reads his meters in; the first ones show without expanding. */
export const FIELD_ORDER = WATER_FIELD_ORDER;

/** How many of FIELD_ORDER a pond card shows before "more parameters" (the dike-walk four). */
export const PRIMARY_COUNT: Record<WaterKind, number> = { general: 4, chemical: 13, biological: 14 };

/** Choices, not measurements: drawn as selects with the translated lists. */
export const OPTION_FIELDS = new Set(['color', 'weather']);

export function fieldSpec(kind: WaterKind, field: string): WaterFieldSpec {
  return (WATER_FIELDS[kind] as Record<string, WaterFieldSpec>)[field];
}

export type FieldProblem =
  | { key: 'number'; problem: NumberProblem }
  | { key: 'integer' }
  | { key: 'range'; min: number; max: number };

export type Parsed = { value: number | null } | { problem: FieldProblem };

/** A typed bound or value → number; NaN when the reader refuses it, undefined when empty. */
export function parseDecimal(text: string, language: string = typingLanguage()): number {
  const read = readNumber(text, language);
  return 'value' in read && read.value !== null ? read.value : Number.NaN;
}

export function parseEntry(
  kind: WaterKind,
  field: string,
  text: string | undefined,
  language: string = typingLanguage(),
): Parsed {
  const spec = fieldSpec(kind, field);
  const read = readNumber(text, language, { integer: spec.integer });
  if ('problem' in read)
    return {
      problem:
        read.problem.key === 'validation.integer'
          ? { key: 'integer' }
          : { key: 'number', problem: read.problem },
    };
  const { value } = read;
  if (value === null || value === NOT_MEASURED) return { value: null };
  if (value < spec.min || value > spec.max)
    return { problem: { key: 'range', min: spec.min, max: spec.max } };
  return { value };
}

/** Typed values of one pond and one kind: field → text ('' or absent = not measured). */
export type EntryValues = Record<string, string>;

export interface EntryCheck {
  /** Every field of the kind: a number, or -99 when not measured. */
  values: Record<string, number>;
  problems: Record<string, FieldProblem>;
  /** At least one field measured. */
  filled: boolean;
}

export function checkEntry(
  kind: WaterKind,
  entry: EntryValues | undefined,
  language: string = typingLanguage(),
): EntryCheck {
  const values: Record<string, number> = {};
  const problems: Record<string, FieldProblem> = {};
  let filled = false;
  for (const field of FIELD_ORDER[kind]) {
    const parsed = parseEntry(kind, field, entry?.[field], language);
    if ('problem' in parsed) {
      problems[field] = parsed.problem;
      values[field] = NOT_MEASURED;
      filled = true;
    } else {
      values[field] = parsed.value ?? NOT_MEASURED;
      if (parsed.value !== null) filled = true;
    }
  }
  return { values, problems, filled };
}

/**
 * The red flag while typing: a parsed value outside the farm's standard (never for -99).
 * `standards` are those of the slot being entered (`standardsOfSlot`).
 */
export function outOfStandard(
  kind: WaterKind,
  field: string,
  text: string | undefined,
  standards: readonly WaterStandard[],
  language: string = typingLanguage(),
): boolean {
  if (OPTION_FIELDS.has(field)) return false;
  const parsed = parseEntry(kind, field, text, language);
  return 'value' in parsed && isOutOfStandard(field, parsed.value, standards, null);
}

/** A stored number back into the text box: -99 / null is an empty box. */
export function toText(value: number | null | undefined, language: string): string {
  if (value === null || value === undefined || value === NOT_MEASURED || Number.isNaN(value)) return '';
  return numberForInput(value, language);
}

/** "7,8–8,5", "≥ 4" or "≤ 2" for the hint next to a flagged value. */
export function rangeText(standard: WaterStandard | undefined, number: (n: number) => string): string {
  if (!standard) return '';
  const { min, max } = standard;
  if (min !== null && max !== null) return `${number(min)}–${number(max)}`;
  if (min !== null) return `≥ ${number(min)}`;
  if (max !== null) return `≤ ${number(max)}`;
  return '';
}
