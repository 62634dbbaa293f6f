import { fieldError } from '../errors.ts';
import { findBadValue } from '../security/clean-values.ts';

/** Text: no NUL, no lone surrogates (they cannot be stored as UTF-8). */
export function cleanText(field: string, value: string | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  if (findBadValue(value)) throw fieldError(field, 'validation.text');
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}
