import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';

/** Sessions, one-time codes and used single-use links. */
export class SessionRepository {
  constructor(private readonly db: DbOrTx) {}

  insertSession(row: {
    id: string;
    user_id: string;
    token_hash: string;
    expires_at: Date;
    user_agent: string | null;
  }) {
    return this.db.insertInto('sessions').values(row).execute();
  }

  findLiveSession(tokenHash: string) {
    return this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.id', 'sessions.user_id', 'sessions.last_used_at', 'sessions.expires_at'])
      .where('sessions.token_hash', '=', tokenHash)
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', new Date())
      .executeTakeFirst();
  }

  touchSession(id: string, expiresAt: Date) {
    return this.db
      .updateTable('sessions')
      .set({ last_used_at: new Date(), expires_at: expiresAt })
      .where('id', '=', id)
      .execute();
  }

  revokeSession(id: string) {
    return this.db.updateTable('sessions').set({ revoked_at: new Date() }).where('id', '=', id).execute();
  }

  /** Used after a password change or reset: every other device must sign in again. */
  revokeOtherSessions(userId: string, keepSessionId: string | null) {
    let q = this.db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (keepSessionId) q = q.where('id', '!=', keepSessionId);
    return q.execute();
  }

  insertCode(row: { id: string; user_id: string; channel: string; code_hash: string; expires_at: Date }) {
    return this.db.insertInto('one_time_codes').values(row).execute();
  }

  async countCodesSince(userId: string, since: Date): Promise<number> {
    const row = await this.db
      .selectFrom('one_time_codes')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', userId)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  latestCode(userId: string) {
    return this.db
      .selectFrom('one_time_codes')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  countCodeAttempt(id: string) {
    return this.db
      .updateTable('one_time_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  /** Marks the code used only if it still was unused: two racing logins get one session. */
  async consumeCode(id: string): Promise<boolean> {
    const result = await this.db
      .updateTable('one_time_codes')
      .set({ used_at: new Date() })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Single use of a signed link: the insert fails when it was used before. */
  async consumeLink(signatureHash: string): Promise<boolean> {
    const result = await this.db
      .insertInto('used_links')
      .values({ signature_hash: signatureHash })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }
}
