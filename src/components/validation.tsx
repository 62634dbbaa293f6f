import type { TFunction } from 'i18next';
import * as yup from 'yup';

/**
 * Yup speaks the shared `validation.*` keys of src/shared/i18n (namespace `common`).
 * A message is the key, plus its parameters after a bar (`validation.minLength|{"min":8}`),
 * so it is translated when shown and follows a language switch without re-validating.
 * Schemas import yup from here so this runs before any schema is built.
 */
export function messageKey(key: string, params?: Record<string, unknown>): string {
  return params ? `${key}|${JSON.stringify(params)}` : key;
}

yup.setLocale({
  mixed: { required: 'validation.required', notType: 'validation.invalid', oneOf: 'validation.oneOf' },
  string: {
    email: 'validation.email',
    matches: 'validation.pattern',
    min: ({ min }) => messageKey('validation.minLength', { min }),
    max: ({ max }) => messageKey('validation.maxLength', { max }),
  },
  number: {
    min: ({ min }) => messageKey('validation.min', { min }),
    max: ({ max }) => messageKey('validation.max', { max }),
    integer: 'validation.integer',
  },
});

/** Turns a yup key message into text; server messages arrive translated and pass through. */
export function translateMessage(t: TFunction, message: unknown): string {
  const text = Array.isArray(message) ? String(message[0] ?? '') : String(message ?? '');
  // Shared rule messages (validation.*, finance.* of src/shared/i18n/messages.ts) are keys; anything else is already words.
  if (!/^(validation|finance|forecast)\.[\w-]+(\||$)/.test(text)) return text;
  const [key, raw] = text.split('|');
  let params: Record<string, unknown> = {};
  try {
    params = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  } catch {
    params = {};
  }
  return t(`common:${key}`, params) as string;
}

/** Indonesian or international phone numbers, same rule as the API contract. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 -]{6,18}$/;

export { yup };
