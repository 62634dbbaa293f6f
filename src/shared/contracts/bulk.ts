import { type Static, type TSchema, Type } from 'typebox';
import { Uuid } from './envelope.ts';

/** Most items one bulk POST may carry; the offline engine splits bigger queues. */
export const BULK_MAX_ITEMS = 1000;

/**
 * Body of every bulk endpoint (`POST /api/<thing>/bulk`): `{ items: [...] }`.
 *
 * The route schema should check only the outer shape and each item's `id`, because one
 * bad row must never fail the good ones: pass `BulkItemId` (or a schema just as loose)
 * and validate the rest of each item in the service, per item, with translated messages.
 */
export const BulkBody = <T extends TSchema>(item: T) =>
  Type.Object({ items: Type.Array(item, { minItems: 1, maxItems: BULK_MAX_ITEMS }) });

/** The loose item the route checks: a client-generated UUIDv7 plus anything else. */
export const BulkItemId = Type.Object({ id: Uuid });
export type BulkItem = Static<typeof BulkItemId> & Record<string, unknown>;

export const BulkItemOk = Type.Object({ id: Type.String(), status: Type.Literal('ok') });
export const BulkItemError = Type.Object({
  id: Type.String(),
  status: Type.Literal('error'),
  /** A code of src/shared/errors.ts: validation-failed, not-found, pond-access-denied, conflict … */
  code: Type.String(),
  /** Translated to the caller's language, ready for the record's "failed" badge. */
  message: Type.String(),
  /** Field → translated messages, for validation-failed. */
  errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
  /** The same messages as keys of src/shared/i18n/messages.ts with their values (FieldIssues). */
  issues: Type.Optional(
    Type.Record(
      Type.String(),
      Type.Array(
        Type.Object({
          key: Type.String(),
          params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
        }),
      ),
    ),
  ),
});

/**
 * Answer of every bulk endpoint, always HTTP 200 once the batch itself was acceptable:
 * `{ message, data: { results } }` with exactly one result per item, in the order sent.
 *
 * Per-item semantics, which the offline engine relies on:
 * - `ok`: the record is stored as sent (created, or updated when the id existed). A create
 *   is an idempotent upsert by id, so replaying the same batch stores one copy and
 *   answers `ok` again: the device marks the record `synced`.
 * - `error`: this record was not stored; the others were. The device marks it `failed`
 *   with `message` and keeps it editable and retryable. Retrying an error unchanged is
 *   pointless (no `error` is transient: transient failures fail the whole request as 5xx).
 * - The same id twice in one batch: the last occurrence wins; both answer alike.
 * A failure of the whole request (400 shape, 401, 413, 5xx) has the usual error body.
 */
export const BulkResult = Type.Object({ results: Type.Array(Type.Union([BulkItemOk, BulkItemError])) });
export type BulkItemResult = Static<typeof BulkItemOk> | Static<typeof BulkItemError>;
export type BulkResult = Static<typeof BulkResult>;
