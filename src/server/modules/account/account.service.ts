import argon2 from 'argon2';
import { v7 as uuidv7 } from 'uuid';
import type {
  ChangePasswordBody,
  CodeSent,
  LoginOtpBody,
  RegisterBody,
  ResetPasswordBody,
  Session,
  UpdateUserBody,
  User,
} from '#shared/contracts/account';
import { maskEmail, maskPhone, normalizePhone } from '#shared/domain/phone';
import type { Language } from '#shared/i18n/language';
import { translate } from '#shared/i18n/messages';
import { AppError, fieldError } from '../../errors.ts';
import { requiredText } from '../../kernel/clean-text.ts';
import type { Messenger } from '../../messaging/messenger.ts';
import { inviteFingerprint, verifyInvite } from '../../security/invitation.ts';
import { sha256, signLink, verifyLink } from '../../security/tokens.ts';
import type { OneTimeCodeService } from './one-time-code.service.ts';
import type { SessionRepository } from './session.repository.ts';
import type { SessionService } from './session.service.ts';
import type { UserRepository, UserRow } from './user.repository.ts';

const ARGON2 = { type: argon2.argon2id as 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
const RESET_TTL_S = 3600;
const VERIFY_TTL_S = 7 * 86_400;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    pu_id: row.id,
    username: row.username,
    email: row.email,
    phone: row.phone,
    city: row.city,
    photo: row.photo,
    email_verified: row.email_verified_at !== null,
    is_system_admin: row.is_system_admin,
    language: row.language,
  };
}

function phoneOrError(field: string, raw: string | null | undefined): string | null {
  if (!raw) return null;
  const phone = normalizePhone(raw);
  if (!phone) throw fieldError(field, 'validation.phone');
  return phone;
}

export interface AccountDeps {
  users: UserRepository;
  sessionRepo: SessionRepository;
  sessions: SessionService;
  codes: OneTimeCodeService;
  messenger: Messenger;
  linkSecret: string;
  publicUrl: string;
  /** A user's live memberships: registration through an invitation lands in its farm. */
  memberships: { liveFarmsOf(userId: string): Promise<{ id: string; farm_id: string }[]> };
}

/** Registration, code sign-in, password reset, email verification and profile. */
export class AccountService {
  constructor(private readonly d: AccountDeps) {}

  /**
   * With `invite` (the signed token of an invitation's registration link) the account is
   * the one the invitation made, whatever email the person registers with, and the answer
   * names the farm to open (`farm_id`). A used, expired or withdrawn invitation answers
   * 400 invalid-link.
   */
  async register(body: RegisterBody, lang: Language): Promise<{ user: User; farm_id?: string }> {
    if (body.password !== body.password_confirmation)
      throw fieldError('password_confirmation', 'validation.confirmed');
    const username = requiredText('username', body.username);
    const phone = phoneOrError('phone', body.phone);
    const invited = body.invite ? await this.invitation(body.invite) : undefined;
    const byEmail = await this.d.users.findByEmail(body.email);
    if (invited && byEmail && byEmail.id !== invited.user.id)
      throw new AppError('email-taken', { email: [{ key: 'error.email-taken' }] });
    const existing = invited?.user ?? byEmail;
    // A user invited by email before registering exists without a password: registering claims it.
    if (existing?.password_hash) throw new AppError('email-taken', { email: [{ key: 'error.email-taken' }] });
    if (phone) {
      const owner = await this.d.users.findByPhone(phone);
      if (owner && owner.id !== existing?.id)
        throw new AppError('phone-taken', { phone: [{ key: 'error.phone-taken' }] });
    }
    const password_hash = await argon2.hash(body.password, ARGON2);
    const language = body.language ?? lang;
    const row = existing
      ? await this.d.users.update(existing.id, {
          username,
          email: body.email,
          phone,
          password_hash,
          language,
        })
      : await this.d.users.insert({
          id: uuidv7(),
          username,
          email: body.email,
          phone,
          password_hash,
          language,
        });
    await this.sendVerification(row, language as Language);
    return { user: toUser(row), ...(invited ? { farm_id: invited.farmId } : {}) };
  }

  /** The invited (password-less) user and the farm of a live invitation token. */
  private async invitation(token: string): Promise<{ user: UserRow; farmId: string }> {
    const invalid = () => new AppError('invalid-link', { invite: [{ key: 'error.invalid-link' }] });
    const payload = verifyInvite(this.d.linkSecret, token);
    const user = payload ? await this.d.users.findById(payload.userId) : undefined;
    if (!payload || !user || user.password_hash) throw invalid();
    const memberships = await this.d.memberships.liveFarmsOf(user.id);
    const membership = memberships.find((m) => inviteFingerprint(m.id) === payload.fp);
    if (!membership) throw invalid();
    return { user, farmId: membership.farm_id };
  }

  async loginEmail(email: string, password: string, lang: Language): Promise<CodeSent> {
    const user = await this.d.users.findByEmail(email);
    // Hash anyway when the user is unknown so timing does not tell which emails exist.
    let ok = false;
    if (user?.password_hash) ok = await argon2.verify(user.password_hash, password);
    else await argon2.hash(password, ARGON2);
    if (!user || !ok) throw new AppError('invalid-credentials', undefined, 401);
    await this.sendCode(user, 'email', lang);
    return { channel: 'email', destination: maskEmail(user.email as string) };
  }

  async loginPhone(rawPhone: string, lang: Language): Promise<CodeSent> {
    const phone = phoneOrError('phone', rawPhone) as string;
    const user = await this.d.users.findByPhone(phone);
    if (!user) throw new AppError('user-not-found', { phone: [{ key: 'error.user-not-found' }] });
    await this.sendCode(user, 'sms', lang);
    return { channel: 'sms', destination: maskPhone(phone) };
  }

  async loginOtp(body: LoginOtpBody, userAgent: string | undefined): Promise<Session> {
    if (!body.email && !body.phone) throw new AppError('email-or-phone-required');
    const user = body.email
      ? await this.d.users.findByEmail(body.email)
      : await this.d.users.findByPhone(phoneOrError('phone', body.phone) as string);
    if (!user) throw new AppError('code-expired');
    await this.d.codes.consume(user.id, body.code);
    const token = await this.d.sessions.create(user.id, userAgent);
    return { token, user: toUser(user) };
  }

  /** Always answers the same, so the endpoint does not reveal which emails exist. */
  async forgetPassword(email: string, lang: Language): Promise<void> {
    const user = await this.d.users.findByEmail(email);
    if (!user?.password_hash) return;
    const signature = signLink(this.d.linkSecret, {
      uid: user.id,
      purpose: 'reset',
      exp: Math.floor(Date.now() / 1000) + RESET_TTL_S,
      fp: sha256(user.password_hash).slice(0, 16),
    });
    const link = `${this.d.publicUrl}/reset/password?signature=${encodeURIComponent(signature)}`;
    await this.d.messenger.send({
      channel: 'email',
      to: user.email as string,
      subject: translate(lang, 'server.mail-reset-subject'),
      body: translate(lang, 'server.mail-reset-body', { link }),
    });
  }

  async resetPassword(signature: string, body: ResetPasswordBody): Promise<void> {
    if (body.password !== body.password_confirmation)
      throw fieldError('password_confirmation', 'validation.confirmed');
    const payload = verifyLink(this.d.linkSecret, signature);
    const user = payload?.purpose === 'reset' ? await this.d.users.findById(payload.uid) : undefined;
    if (!payload || !user?.password_hash || sha256(user.password_hash).slice(0, 16) !== payload.fp) {
      throw new AppError('invalid-link');
    }
    if (!(await this.d.sessionRepo.consumeLink(sha256(signature)))) throw new AppError('invalid-link');
    await this.d.users.update(user.id, { password_hash: await argon2.hash(body.password, ARGON2) });
    await this.d.sessions.revokeOthers(user.id, null);
  }

  async verifyEmail(signature: string): Promise<void> {
    const payload = verifyLink(this.d.linkSecret, signature);
    const user = payload?.purpose === 'verify' ? await this.d.users.findById(payload.uid) : undefined;
    if (!payload || !user || sha256(user.email ?? '').slice(0, 16) !== payload.fp)
      throw new AppError('invalid-link');
    if (!(await this.d.sessionRepo.consumeLink(sha256(signature)))) throw new AppError('invalid-link');
    await this.d.users.update(user.id, { email_verified_at: new Date() });
  }

  async me(userId: string): Promise<User> {
    const user = await this.d.users.findById(userId);
    if (!user) throw new AppError('unauthenticated');
    return toUser(user);
  }

  async updateProfile(userId: string, body: UpdateUserBody): Promise<User> {
    const phone = body.phone === undefined ? undefined : phoneOrError('phone', body.phone);
    if (phone) {
      const owner = await this.d.users.findByPhone(phone);
      if (owner && owner.id !== userId)
        throw new AppError('phone-taken', { phone: [{ key: 'error.phone-taken' }] });
    }
    const username = requiredText('username', body.username);
    const row = await this.d.users.update(userId, {
      username,
      ...(phone !== undefined ? { phone } : {}),
      ...(body.city !== undefined ? { city: body.city || null } : {}),
      ...(body.photo !== undefined ? { photo: body.photo || null } : {}),
      ...(body.language ? { language: body.language } : {}),
    });
    return toUser(row);
  }

  async changePassword(userId: string, sessionId: string, body: ChangePasswordBody): Promise<void> {
    if (body.new_password !== body.confirm_password)
      throw fieldError('confirm_password', 'validation.confirmed');
    const user = await this.d.users.findById(userId);
    if (!user?.password_hash || !(await argon2.verify(user.password_hash, body.old_password))) {
      throw new AppError('invalid-credentials', { old_password: [{ key: 'error.invalid-credentials' }] });
    }
    await this.d.users.update(userId, { password_hash: await argon2.hash(body.new_password, ARGON2) });
    await this.d.sessions.revokeOthers(userId, sessionId);
  }

  private async sendCode(user: UserRow, channel: 'email' | 'sms', lang: Language): Promise<void> {
    const code = await this.d.codes.issue(user.id, channel);
    await this.d.messenger.send({
      channel,
      to: channel === 'email' ? (user.email as string) : (user.phone as string),
      subject: translate(lang, 'server.mail-code-subject'),
      body: translate(lang, 'server.mail-code-body', { code }),
    });
  }

  private async sendVerification(user: UserRow, lang: Language): Promise<void> {
    if (!user.email) return;
    const signature = signLink(this.d.linkSecret, {
      uid: user.id,
      purpose: 'verify',
      exp: Math.floor(Date.now() / 1000) + VERIFY_TTL_S,
      fp: sha256(user.email).slice(0, 16),
    });
    const link = `${this.d.publicUrl}/email-verification?signature=${encodeURIComponent(signature)}`;
    await this.d.messenger.send({
      channel: 'email',
      to: user.email,
      subject: translate(lang, 'server.mail-verify-subject'),
      body: translate(lang, 'server.mail-verify-body', { link }),
    });
  }
}
