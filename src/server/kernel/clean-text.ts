import { fieldError } from '../errors.ts';
import { findBadValue } from '../security/clean-values.ts';

/** Text: no NUL, no lone surrogates (they cannot be stored as UTF-8). */
export function cleanText(field: string, value: string | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  if (findBadValue(value)) throw fieldError(field, 'validation.text');
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/**
 * A name the caller must give (farm, block, pond, template, user name): trimmed, and
 * refused as missing when nothing but spaces is left, rather than stored empty.
 */
export function requiredText(field: string, value: string): string {
  const text = cleanText(field, value);
  if (!text) throw fieldError(field, 'validation.required');
  return text;
}
