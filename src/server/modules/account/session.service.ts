import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../db/database.ts';
import type { PgListener } from '../../db/pg-listener.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { newSessionToken, sha256 } from '../../security/tokens.ts';
import type { SessionRepository } from './session.repository.ts';

/** A pond keeper may be offline for weeks: sessions slide forward 90 days on each use. */
export const SESSION_DAYS = 90;
const DAY_MS = 86_400_000;
/** Refreshing the expiry on every request would write on every read; once an hour is enough. */
const TOUCH_EVERY_MS = 3_600_000;
/**
 * A session checked in the last few seconds is trusted without reading it again: the
 * session row was one of four queries of every authenticated read. Revocations (logout,
 * password change) drop the entry here at once and on every other instance through
 * NOTIFY, so the cache only ever delays what nothing revokes (expiry, which it checks).
 */
const CACHE_MS = 10_000;
const CACHE_MAX = 10_000;
const CHANNEL = 'tambak_sessions';

interface Cached {
  user: AuthUser;
  lastUsedAt: number;
  expiresAt: number;
  until: number;
}

/** A revocation as it crosses instances: one session, or a user's sessions but `keep`. */
interface Revocation {
  session?: string;
  user?: string;
  keep?: string | null;
}

export class SessionService {
  /** By token hash; Map order is insertion order, so the first key is the oldest. */
  private readonly cache = new Map<string, Cached>();

  constructor(
    private readonly sessions: SessionRepository,
    private readonly bus?: { db: DbOrTx; listener: PgListener },
  ) {
    bus?.listener.on(CHANNEL, (payload) => {
      try {
        this.forget(JSON.parse(payload) as Revocation);
      } catch {
        // not ours: ignore
      }
    });
  }

  async create(userId: string, userAgent: string | undefined): Promise<string> {
    const { token, hash } = newSessionToken();
    await this.sessions.insertSession({
      id: uuidv7(),
      user_id: userId,
      token_hash: hash,
      expires_at: new Date(Date.now() + SESSION_DAYS * DAY_MS),
      user_agent: userAgent?.slice(0, 300) ?? null,
    });
    return token;
  }

  async authenticate(token: string, _userAgent?: string): Promise<AuthUser | null> {
    if (token.length > 200) return null;
    const hash = sha256(token);
    const now = Date.now();
    const hit = this.cache.get(hash);
    if (hit && hit.until > now && hit.expiresAt > now && now - hit.lastUsedAt <= TOUCH_EVERY_MS)
      return hit.user;
    this.cache.delete(hash);
    const session = await this.sessions.findLiveSession(hash);
    if (!session) return null;
    let lastUsedAt = session.last_used_at.getTime();
    let expiresAt = session.expires_at.getTime();
    if (now - lastUsedAt > TOUCH_EVERY_MS) {
      expiresAt = now + SESSION_DAYS * DAY_MS;
      lastUsedAt = now;
      await this.sessions.touchSession(session.id, new Date(expiresAt));
    }
    const user = { id: session.user_id, sessionId: session.id };
    if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(hash, { user, lastUsedAt, expiresAt, until: now + CACHE_MS });
    return user;
  }

  async revoke(sessionId: string) {
    await this.sessions.revokeSession(sessionId);
    await this.publish({ session: sessionId });
  }

  async revokeOthers(userId: string, keepSessionId: string | null) {
    await this.sessions.revokeOtherSessions(userId, keepSessionId);
    await this.publish({ user: userId, keep: keepSessionId });
  }

  /** Drops the revoked sessions here, then tells the other instances (after the commit). */
  private async publish(r: Revocation): Promise<void> {
    this.forget(r);
    if (this.bus?.listener.listening)
      await sql`select pg_notify(${CHANNEL}, ${JSON.stringify(r)})`.execute(this.bus.db);
  }

  private forget(r: Revocation): void {
    for (const [hash, c] of this.cache) {
      const hit = r.session
        ? c.user.sessionId === r.session
        : c.user.id === r.user && c.user.sessionId !== r.keep;
      if (hit) this.cache.delete(hash);
    }
  }
}
