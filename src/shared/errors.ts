/**
 * Error codes shared by server and client. The server answers failures as
 * `{ message, code, errors? }`; the client decides retry vs dead-letter from the
 * HTTP status and these codes (see src/local/sync/classify.ts).
 * Every code has a translation under `error.<code>` in src/shared/i18n.
 */
export const ERROR_CODES = [
  'validation-failed',
  'unauthenticated',
  'session-expired',
  'forbidden',
  'not-found',
  'conflict',
  'rate-limited',
  'internal',
  'invalid-credentials',
  'invalid-code',
  'code-expired',
  'too-many-attempts',
  'invalid-link',
  'email-taken',
  'phone-taken',
  'email-or-phone-required',
  'last-admin',
  'role-not-allowed',
  'pond-access-denied',
  'own-record-expired',
  'user-already-member',
  'user-not-found',
  'block-not-empty',
  'cycle-active-exists',
  'cycle-ended',
  'payload-too-large',
  'request-timeout',
  'unsupported-media-type',
  'file-missing',
  'file-empty',
  'file-too-large',
  'file-type-not-allowed',
  'chat-blocked',
  'chat-not-member',
  'chat-banned',
  'chat-scope-not-allowed',
  'chat-wrong-password',
  'chat-already-member',
  'chat-not-own-message',
  'chat-not-editable',
  'chat-owner-cannot-leave',
  'chat-owner-needs-admin',
  'chat-farm-group',
  'demo-unavailable',
  'stock-active-exists',
  'cycle-harvested',
  'stock-insufficient',
  'item-exists',
  'order-received',
  'no-active-cycle',
  'finance-account-closed',
  'finance-account-in-use',
  'finance-already-booked',
  'finance-builtin-category',
  'image-required',
  'image-too-large',
  'chart-range-invalid',
  'chart-range-too-long',
  'chart-too-many-ponds',
  'comparison-too-many-series',
  'report-not-ready',
  'embed-link-invalid',
  'embed-link-scope',
  'readings-not-same-slot',
  'device-key-invalid',
  'device-rate-limited',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Field-level messages, already translated, keyed by body/query field name. */
export type FieldErrors = Record<string, string[]>;

/** One field message as a key of src/shared/i18n/messages.ts and its values. */
export interface MessageRef {
  key: string;
  params?: Record<string, string | number>;
}

/**
 * The same field messages as keys: a device that keeps a refused record (the sync screen)
 * words them in the language of the moment, not the one of the request that was refused.
 */
export type FieldIssues = Record<string, MessageRef[]>;

export interface ErrorBody {
  message: string;
  code: ErrorCode;
  errors?: FieldErrors;
  issues?: FieldIssues;
}

export interface SuccessBody<T> {
  message: string;
  data: T;
}
