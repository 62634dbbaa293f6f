import { formatNumber } from './format.ts';

/**
 * The one reader of typed numbers (issue 28): every numeric box of every form reads its
 * text here, in the language the person uses. Indonesian groups thousands with a point and
 * writes decimals with a comma ("3.500" = 3500, "12,5" = 12.5); English the other way
 * ("3,500" = 3500, "12.5" = 12.5). A group mark always has three digits after it, so a
 * single mark followed by other than three digits can only be a decimal: "7.9" typed in
 * Indonesian (a phone keyboard often offers only the point) is 7.9, never 79 or 7900;
 * "3.500" stays 3500. Anything else that fits neither is refused with the way to type it.
 */

export type NumberLanguage = 'id' | 'en';

export interface NumberMarks {
  decimal: string;
  group: string;
}

export function numberMarks(language: string): NumberMarks {
  return language === 'en' ? { decimal: '.', group: ',' } : { decimal: ',', group: '.' };
}

/** A reason a typed number is refused: a `validation.*` key of src/shared/i18n/messages.ts and its values. */
export type NumberProblem =
  | { key: 'validation.number-format'; params: { example: string } }
  | { key: 'validation.number-separators'; params: { decimal: string; thousands: string } }
  | { key: 'validation.finite' }
  | { key: 'validation.integer' };

export type NumberRead = { value: number | null } | { problem: NumberProblem };

export interface ReadNumberOptions {
  /** Whole numbers only (counts, rupiah). */
  integer?: boolean;
}

const SPACES = /[\s\u00a0\u202f]+/g;
const MINUS = /^[-\u2212]/;

/** An example of each way of writing in the language, for the messages. */
function examples(language: string) {
  return {
    decimal: formatNumber(12.5, 2, locale(language)),
    thousands: formatNumber(3500, 0, locale(language)),
  };
}

function locale(language: string): string {
  return language === 'en' ? 'en-GB' : 'id-ID';
}

function markPattern(mark: string): string {
  return mark === '.' ? '\\.' : mark;
}

/**
 * Reads what a person typed. Empty (or only spaces) is `{ value: null }`; a number is
 * `{ value }`; anything else `{ problem }`. Spaces between digits group thousands as the
 * group mark does ("3 500").
 */
export function readNumber(
  input: string | number | null | undefined,
  language: string,
  options: ReadNumberOptions = {},
): NumberRead {
  if (input === null || input === undefined) return { value: null };
  if (typeof input === 'number') return checked(input, options);
  const marks = numberMarks(language);
  const trimmed = input.trim();
  if (trimmed === '') return { value: null };
  let body = trimmed.replace(SPACES, marks.group);
  let sign = 1;
  if (MINUS.test(body)) {
    sign = -1;
    body = body.slice(1);
  } else if (body.startsWith('+')) body = body.slice(1);
  const allowed = new RegExp(`^[0-9${markPattern(marks.decimal)}${markPattern(marks.group)}]+$`);
  if (!allowed.test(body) || !/\d/.test(body))
    return { problem: { key: 'validation.number-format', params: { example: examples(language).decimal } } };
  const separators = { key: 'validation.number-separators', params: examples(language) } as const;
  const parts = body.split(marks.decimal);
  if (parts.length > 2) return { problem: separators };
  const [whole, fraction] = parts;
  if (fraction !== undefined && !/^\d+$/.test(fraction)) return { problem: separators };
  let digits = whole;
  if (whole.includes(marks.group)) {
    const groups = whole.split(marks.group);
    const valid = /^\d{1,3}$/.test(groups[0]) && groups.slice(1).every((g) => /^\d{3}$/.test(g));
    if (!valid) {
      // One group mark without three digits after it, and no decimal mark ("7.9" typed in
      // Indonesian, "12,5" in English): no group reading exists, so it is the other
      // language's decimal mark, as a keeper's phone keyboard often offers it.
      if (groups.length === 2 && fraction === undefined && groups.every((g) => /^\d+$/.test(g))) {
        return checked(sign * Number(`${groups[0]}.${groups[1]}`) || 0, options);
      }
      return { problem: separators };
    }
    digits = groups.join('');
  }
  if (digits === '' && fraction === undefined) return { problem: separators };
  const value = sign * Number(`${digits || '0'}.${fraction ?? '0'}`);
  return checked(value === 0 ? 0 : value, options);
}

function checked(value: number, options: ReadNumberOptions): NumberRead {
  if (!Number.isFinite(value)) return { problem: { key: 'validation.finite' } };
  if (options.integer && !Number.isInteger(value)) return { problem: { key: 'validation.integer' } };
  return { value };
}

/** The number, or undefined when empty or refused: for computing live totals while typing. */
export function numberOrUndefined(
  input: string | number | null | undefined,
  language: string,
): number | undefined {
  const read = readNumber(input, language);
  return 'value' in read && read.value !== null ? read.value : undefined;
}

/** The value as the language writes it, to show back next to the box ("= 3.500 m²"). */
export function echoNumber(value: number, language: string, decimals = 3): string {
  return formatNumber(value, decimals, locale(language));
}

/** How a number is put into a box for editing, in the language it will be read back in (no grouping). */
export function numberForInput(value: number | null | undefined, language: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const text = String(value);
  if (/e/i.test(text))
    return new Intl.NumberFormat('en-GB', { useGrouping: false, maximumFractionDigits: 20 })
      .format(value)
      .replace('.', numberMarks(language).decimal);
  return text.replace('.', numberMarks(language).decimal);
}
