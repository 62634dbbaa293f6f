import { sql } from 'kysely';
import type { Db, DbOrTx } from './db/database.ts';
import { fieldError } from './errors.ts';

/** What an idempotent action answers; `body` must be plain JSON (it is stored as jsonb). */
export interface IdempotentAnswer<T> {
  status: number;
  body: T;
}

const MAX_KEY_LENGTH = 200;

/** The `Idempotency-Key` header, if any (first one when repeated). */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const raw = headers['idempotency-key'];
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!key) return undefined;
  if (key.length > MAX_KEY_LENGTH)
    throw fieldError('idempotency-key', 'validation.maxLength', { max: MAX_KEY_LENGTH });
  return key;
}

/**
 * Remembers the answer of a state-changing action that is not a create (end a cycle,
 * warehouse store/remove/use, close an account) under the caller's `Idempotency-Key`,
 * so a device replaying its outbox gets the first answer again instead of a second
 * effect or a confusing "already done" error.
 *
 * - The action and the remembered answer commit in one transaction, and a transaction
 *   advisory lock on (user, scope, key) makes a concurrent duplicate wait and then replay.
 * - Only successes are remembered: a failed action rolls back and may be retried.
 * - `scope` names the action and its target (`cycle-end:<id>`), so a key reused for
 *   another target acts afresh instead of replaying an unrelated answer.
 * - Without a key the action simply runs in a transaction.
 * Keys live in `idempotency_keys`; purging rows older than a few days is safe.
 */
export class Idempotency {
  constructor(private readonly db: Db) {}

  run<T>(
    userId: string,
    key: string | undefined,
    scope: string,
    action: (tx: DbOrTx) => Promise<IdempotentAnswer<T>>,
  ): Promise<IdempotentAnswer<T> & { replayed: boolean }> {
    return this.db.transaction().execute(async (tx) => {
      if (!key) return { ...(await action(tx)), replayed: false };
      const scopedKey = `${scope}:${key}`;
      await sql`select pg_advisory_xact_lock(hashtextextended(${`${userId}:${scopedKey}`}, 0))`.execute(tx);
      const stored = await tx
        .selectFrom('idempotency_keys')
        .select(['status_code', 'body'])
        .where('user_id', '=', userId)
        .where('key', '=', scopedKey)
        .executeTakeFirst();
      if (stored) return { status: stored.status_code, body: stored.body as T, replayed: true };
      const answer = await action(tx);
      await tx
        .insertInto('idempotency_keys')
        .values({
          user_id: userId,
          key: scopedKey,
          status_code: answer.status,
          body: JSON.stringify(answer.body),
        })
        .execute();
      return { ...answer, replayed: false };
    });
  }
}
