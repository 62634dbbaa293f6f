import { v7 as uuidv7 } from 'uuid';
import { AppError } from '../../errors.ts';
import { hashCode, newOneTimeCode, safeEqualHex } from '../../security/tokens.ts';
import type { SessionRepository } from './session.repository.ts';

const CODE_TTL_MS = 10 * 60_000;
/** Per account: at most this many codes per window, and this many guesses per code. */
const MAX_CODES_PER_WINDOW = 5;
const MAX_ATTEMPTS_PER_CODE = 5;

/** Six-digit sign-in codes: stored as HMAC, valid 10 minutes, single use, guesses limited. */
export class OneTimeCodeService {
  constructor(
    private readonly repo: SessionRepository,
    private readonly secret: string,
  ) {}

  async issue(userId: string, channel: 'email' | 'sms'): Promise<string> {
    const recent = await this.repo.countCodesSince(userId, new Date(Date.now() - CODE_TTL_MS));
    if (recent >= MAX_CODES_PER_WINDOW) throw new AppError('too-many-attempts');
    const id = uuidv7();
    const code = newOneTimeCode();
    await this.repo.insertCode({
      id,
      user_id: userId,
      channel,
      code_hash: hashCode(this.secret, id, code),
      expires_at: new Date(Date.now() + CODE_TTL_MS),
    });
    return code;
  }

  /** Checks the newest code of the user; throws the precise reason when it does not fit. */
  async consume(userId: string, code: string): Promise<void> {
    const latest = await this.repo.latestCode(userId);
    if (!latest || latest.used_at || latest.expires_at.getTime() < Date.now())
      throw new AppError('code-expired');
    if (latest.attempts >= MAX_ATTEMPTS_PER_CODE) throw new AppError('too-many-attempts');
    if (!safeEqualHex(latest.code_hash, hashCode(this.secret, latest.id, code))) {
      await this.repo.countCodeAttempt(latest.id);
      throw new AppError('invalid-code', { code: [{ key: 'error.invalid-code' }] });
    }
    if (!(await this.repo.consumeCode(latest.id))) throw new AppError('code-expired');
  }
}
