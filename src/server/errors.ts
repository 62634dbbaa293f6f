import type { ErrorCode, FieldErrors, FieldIssues } from '#shared/errors';
import type { Language } from '#shared/i18n/language';
import { translate } from '#shared/i18n/messages';

const STATUS: Partial<Record<ErrorCode, number>> = {
  'validation-failed': 400,
  unauthenticated: 401,
  'session-expired': 401,
  forbidden: 403,
  'pond-access-denied': 403,
  'own-record-expired': 403,
  'role-not-allowed': 403,
  'last-admin': 409,
  'not-found': 404,
  'user-not-found': 404,
  conflict: 409,
  'email-taken': 409,
  'phone-taken': 409,
  'user-already-member': 409,
  'cycle-active-exists': 409,
  'cycle-ended': 409,
  'no-active-cycle': 409,
  'rate-limited': 429,
  'too-many-attempts': 429,
  'payload-too-large': 413,
  'unsupported-media-type': 415,
  'file-too-large': 413,
  'file-type-not-allowed': 415,
  'image-required': 415,
  'image-too-large': 413,
  'demo-unavailable': 404,
  internal: 500,
  'stock-active-exists': 409,
  'cycle-harvested': 409,
  'finance-account-closed': 409,
  'finance-account-in-use': 409,
  'finance-already-booked': 409,
  'finance-builtin-category': 403,
  'chart-range-invalid': 400,
  'chart-range-too-long': 400,
  'chart-too-many-ponds': 400,
  'report-not-ready': 409,
  'embed-link-invalid': 401,
  'embed-link-scope': 403,
  'readings-not-same-slot': 400,
  'device-key-invalid': 401,
  'device-rate-limited': 429,
};

/**
 * A failure a service raises on purpose. The error plugin turns it into
 * `{ message, code, errors? }` with the message translated to the caller's language.
 * `fields` maps a field to message keys (`validation.required`) or plain keys.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly fields?: Record<string, { key: string; params?: Record<string, string | number> }[]>,
    status?: number,
  ) {
    super(code);
    this.status = status ?? STATUS[code] ?? 400;
  }
}

export const notFound = () => new AppError('not-found');
export const forbidden = () => new AppError('forbidden');

export function fieldError(field: string, key: string, params?: Record<string, string | number>): AppError {
  return new AppError('validation-failed', { [field]: [{ key, params }] });
}

/**
 * Field messages as an answer carries them: `errors` worded in the caller's language and
 * `issues`, the same as keys (src/shared/errors.ts), so a device words them again later.
 */
export function wordedFields(
  lang: Language,
  fields: Partial<Record<string, { key: string; params?: Record<string, string | number> }[]>>,
): { errors: FieldErrors; issues: FieldIssues } {
  const issues: FieldIssues = {};
  for (const [field, list] of Object.entries(fields))
    issues[field] = (list ?? []).map((m) => (m.params ? { key: m.key, params: m.params } : { key: m.key }));
  const errors: FieldErrors = Object.fromEntries(
    Object.entries(issues).map(([field, list]) => [field, list.map((m) => translate(lang, m.key, m.params))]),
  );
  return { errors, issues };
}
