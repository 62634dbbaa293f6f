import { v7 as uuidv7 } from 'uuid';
import type { AddUserFarmBody, PondAccessEntry, UpdateUserFarmBody, UserFarm } from '#shared/contracts/farm';
import { compareNames } from '#shared/domain/natural-sort';
import { ACTION, ROLE } from '#shared/domain/permissions';
import { normalizePhone } from '#shared/domain/phone';
import type { Language } from '#shared/i18n/language';
import { translate } from '#shared/i18n/messages';
import type { DbOrTx } from '../../db/database.ts';
import { AppError, fieldError } from '../../errors.ts';
import type { AlertPort } from '../../kernel/alert-port.ts';
import type { FarmAccess, Membership } from '../../kernel/farm-access.ts';
import { isUniqueViolation } from '../../kernel/unique-violation.ts';
import type { Messenger } from '../../messaging/messenger.ts';
import { signInvite } from '../../security/invitation.ts';
import type { UserRepository, UserRow } from '../account/public.ts';
import type { MembershipRepository } from './membership.repository.ts';

export interface UserFarmDeps {
  memberships: MembershipRepository;
  users: UserRepository;
  access: FarmAccess;
  messenger: Messenger;
  /** The invitation's in-app alert, after the membership committed (the kernel's alert port). */
  alerts: AlertPort;
  log: (line: string) => void;
  /** Signs the registration link of an invitation (invitation.ts). */
  linkSecret: string;
  /** The app's public origin, for the links in invitation mails. */
  publicUrl: string;
}

/**
 * The members of a farm (feature user_permission): list, invite, change role and ponds,
 * remove. Only an admin may make an admin or touch an admin's membership, and a farm
 * always keeps at least one admin.
 */
export class UserFarmService {
  constructor(private readonly d: UserFarmDeps) {}
  /** Farm chat group sync, set by createContext; called after commit, never throws. */
  chatSync: (farmId: string) => Promise<void> = async () => {};

  async list(userId: string, farmId: string): Promise<UserFarm[]> {
    await this.d.access.require(userId, farmId, 'user_permission', ACTION.view);
    return this.members(farmId);
  }

  /**
   * Links an existing user (by email, then phone) or creates a placeholder without a
   * password that registration by that email, or sign-in by that phone, takes over.
   * Must be atomic: a placeholder user without its membership would be an orphan.
   */
  async add(userId: string, body: AddUserFarmBody, lang: Language): Promise<UserFarm> {
    const m = await this.d.access.require(userId, body.farm_id, 'user_permission', ACTION.add);
    this.requireRoleChange(m, body.role_id);
    const email = body.email?.trim().toLowerCase() || null;
    const phone = body.phone ? normalizePhone(body.phone) : null;
    if (body.phone && !phone) throw fieldError('phone', 'validation.phone');
    if (!email && !phone)
      throw new AppError('email-or-phone-required', { email: [{ key: 'error.email-or-phone-required' }] });
    await this.requirePonds(body.farm_id, body.ponds);

    const existing =
      (email ? await this.d.users.findByEmail(email) : undefined) ??
      (phone ? await this.d.users.findByPhone(phone) : undefined);
    if (existing && (await this.d.memberships.findLiveByUser(body.farm_id, existing.id)))
      throw new AppError('user-already-member');
    const userFarmId = uuidv7();
    let invitee: UserRow;
    try {
      invitee = await this.d.memberships.transaction(async (tx) => {
        const user =
          existing ??
          (await this.d.users.insert(
            {
              id: uuidv7(),
              username: body.username?.trim() || ((email ?? phone) as string),
              email,
              phone,
              password_hash: null,
              language: lang,
            },
            tx,
          ));
        await this.d.memberships.insert(
          { id: userFarmId, farm_id: body.farm_id, user_id: user.id, role_id: body.role_id },
          tx,
        );
        await this.d.memberships.replacePonds(userFarmId, body.farm_id, body.ponds, tx);
        return user;
      });
      this.d.access.changed();
    } catch (e) {
      // Two invitations of the same person at once: the second loses the unique index race.
      if (isUniqueViolation(e)) throw new AppError('user-already-member');
      throw e;
    }
    await this.chatSync(body.farm_id);
    // Where the person was found decides the channel: the given email, else their phone.
    const channel = email && invitee.email === email ? 'email' : invitee.phone ? 'sms' : 'email';
    await this.invite({ invitee, inviterId: userId, farmId: body.farm_id, userFarmId, channel });
    return (await this.members(body.farm_id, userFarmId))[0];
  }

  async update(userId: string, userFarmId: string, body: UpdateUserFarmBody): Promise<UserFarm> {
    const target = await this.d.memberships.findLive(userFarmId);
    if (!target) throw new AppError('not-found');
    const m = await this.d.access.require(userId, target.farm_id, 'user_permission', ACTION.edit);
    this.requireRoleChange(m, body.role_id, target.role_id);
    await this.requirePonds(target.farm_id, body.ponds);
    await this.d.memberships.transaction(async (tx) => {
      await this.d.memberships.lockFarm(target.farm_id, tx);
      const current = await this.d.memberships.findLive(userFarmId, tx);
      if (!current) throw new AppError('not-found');
      if (current.role_id === ROLE.admin && body.role_id !== ROLE.admin)
        await this.requireOtherAdmin(target.farm_id, tx);
      await this.d.memberships.setRole(userFarmId, body.role_id, tx);
      await this.d.memberships.replacePonds(userFarmId, target.farm_id, body.ponds, tx);
    });
    this.d.access.changed();
    await this.chatSync(target.farm_id);
    return (await this.members(target.farm_id, userFarmId))[0];
  }

  async remove(userId: string, userFarmId: string): Promise<void> {
    const target = await this.d.memberships.findLive(userFarmId);
    if (!target) throw new AppError('not-found');
    const m = await this.d.access.require(userId, target.farm_id, 'user_permission', ACTION.edit);
    this.requireRoleChange(m, undefined, target.role_id);
    await this.d.memberships.transaction(async (tx) => {
      await this.d.memberships.lockFarm(target.farm_id, tx);
      const current = await this.d.memberships.findLive(userFarmId, tx);
      if (!current) throw new AppError('not-found');
      if (current.role_id === ROLE.admin) await this.requireOtherAdmin(target.farm_id, tx);
      await this.d.memberships.softDelete(userFarmId, tx);
    });
    this.d.access.changed();
    await this.chatSync(target.farm_id);
  }

  /** Making an admin, or changing or removing one, is for admins only. */
  private requireRoleChange(m: Membership, newRole?: number, currentRole?: number): void {
    if (m.roleId === ROLE.admin) return;
    if (newRole === ROLE.admin || currentRole === ROLE.admin) throw new AppError('role-not-allowed');
  }

  private async requireOtherAdmin(farmId: string, tx: DbOrTx): Promise<void> {
    if ((await this.d.memberships.countAdmins(farmId, tx)) <= 1) throw new AppError('last-admin');
  }

  /** Every pond must be a live pond of this farm, listed once; errors point at the entry. */
  private async requirePonds(farmId: string, ponds: PondAccessEntry[]): Promise<void> {
    const live = await this.d.memberships.livePondIds(farmId, [...new Set(ponds.map((p) => p.pond_id))]);
    const fields: Record<string, { key: string }[]> = {};
    const seen = new Set<string>();
    ponds.forEach((p, i) => {
      if (!live.has(p.pond_id)) fields[`ponds.${i}.pond_id`] = [{ key: 'error.not-found' }];
      else if (seen.has(p.pond_id)) fields[`ponds.${i}.pond_id`] = [{ key: 'validation.unique' }];
      seen.add(p.pond_id);
    });
    if (Object.keys(fields).length > 0) throw new AppError('validation-failed', fields);
  }

  private async members(farmId: string, userFarmId?: string): Promise<UserFarm[]> {
    const [rows, ponds] = await Promise.all([
      this.d.memberships.members(farmId, userFarmId),
      this.d.memberships.memberPonds(farmId),
    ]);
    return rows
      .map((r) => ({
        ...r,
        ponds: ponds
          .filter((p) => p.user_farm_id === r.user_farm_id)
          .map((p) => ({ pond_id: p.pond_id, access_level: p.access_level })),
      }))
      .sort((a, b) => compareNames(a.username, b.username));
  }

  /**
   * Sent after the membership is stored: a mail outage must not undo the invitation,
   * and the admin can tell the person by other means. The failure is logged.
   *
   * It names the farm and the inviter. Someone with an account (a password) gets it in
   * their own language with a link to the farm; someone new (no account yet, or only an
   * earlier invitation's placeholder) in the inviter's language, since a farm has no
   * language of its own (README), with a registration link whose signed token makes the
   * new account this member and opens the farm after sign-in.
   */
  private async invite(a: {
    invitee: UserRow;
    inviterId: string;
    farmId: string;
    userFarmId: string;
    channel: 'email' | 'sms';
  }): Promise<void> {
    const { invitee, channel } = a;
    const to = channel === 'email' ? invitee.email : invitee.phone;
    if (!to) return;
    try {
      const [farm, inviter] = await Promise.all([
        this.d.memberships.farmName(a.farmId),
        this.d.users.findById(a.inviterId),
      ]);
      this.d.alerts.committed('invitation', a.farmId, [
        {
          user_farm_id: a.userFarmId,
          invitee_id: invitee.id,
          inviter_name: inviter?.username ?? '',
          farm_name: farm,
          created_at: new Date(),
        },
      ]);
      const hasAccount = invitee.password_hash !== null;
      const lang = asLanguage(hasAccount ? invitee.language : inviter?.language);
      const link = hasAccount
        ? `${this.d.publicUrl}/farm/${a.farmId}`
        : `${this.d.publicUrl}/register?invite=${encodeURIComponent(
            signInvite(this.d.linkSecret, { userId: invitee.id, userFarmId: a.userFarmId }),
          )}`;
      const vars = { farm, inviter: inviter?.username ?? '', link };
      await this.d.messenger.send({
        channel,
        to,
        subject: translate(lang, 'server.mail-invite-subject', vars),
        body: translate(lang, hasAccount ? 'server.mail-invite-body' : 'server.mail-invite-body-new', vars),
      });
    } catch (e) {
      this.d.log(`invitation to ${channel} failed: ${(e as Error).message}`);
    }
  }
}

const asLanguage = (value: string | undefined): Language => (value === 'en' ? 'en' : 'id');
