import { v7 as uuidv7 } from 'uuid';
import type { AuthUser } from '../../plugins/auth.ts';
import { newSessionToken, sha256 } from '../../security/tokens.ts';
import type { SessionRepository } from './session.repository.ts';

/** A pond keeper may be offline for weeks: sessions slide forward 90 days on each use. */
export const SESSION_DAYS = 90;
const DAY_MS = 86_400_000;
/** Refreshing the expiry on every request would write on every read; once an hour is enough. */
const TOUCH_EVERY_MS = 3_600_000;

export class SessionService {
  constructor(private readonly sessions: SessionRepository) {}

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
    const session = await this.sessions.findLiveSession(sha256(token));
    if (!session) return null;
    if (Date.now() - session.last_used_at.getTime() > TOUCH_EVERY_MS) {
      await this.sessions.touchSession(session.id, new Date(Date.now() + SESSION_DAYS * DAY_MS));
    }
    return { id: session.user_id, sessionId: session.id, isSystemAdmin: session.is_system_admin };
  }

  revoke(sessionId: string) {
    return this.sessions.revokeSession(sessionId);
  }

  revokeOthers(userId: string, keepSessionId: string | null) {
    return this.sessions.revokeOtherSessions(userId, keepSessionId);
  }
}
