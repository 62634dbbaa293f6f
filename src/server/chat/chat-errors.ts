import type { ErrorCode } from '#shared/errors';
import { AppError } from '../errors.ts';

/** Chat failures with their HTTP status (kept here so src/server/errors.ts stays the platform's). */
const STATUS: Partial<Record<ErrorCode, number>> = {
  'chat-blocked': 403,
  'chat-not-member': 403,
  'chat-banned': 403,
  'chat-scope-not-allowed': 403,
  'chat-wrong-password': 403,
  'chat-already-member': 409,
  'chat-not-own-message': 403,
  'chat-not-editable': 400,
  'chat-owner-cannot-leave': 403,
  'chat-owner-needs-admin': 409,
  'chat-farm-group': 403,
};

export const chatError = (code: ErrorCode) => new AppError(code, undefined, STATUS[code]);

/** Rule errors (field → message key) as one validation failure, or nothing when empty. */
export function ruleErrors(errors: Record<string, string>): void {
  const entries = Object.entries(errors);
  if (entries.length === 0) return;
  throw new AppError('validation-failed', Object.fromEntries(entries.map(([f, key]) => [f, [{ key }]])));
}

export const seconds = (d: Date | null | undefined) => (d ? Math.floor(d.getTime() / 1000) : null);
