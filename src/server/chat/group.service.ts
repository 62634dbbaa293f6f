import argon2 from 'argon2';
import { v7 as uuidv7 } from 'uuid';
import type { Group, GroupMember, GroupScope } from '#shared/chat/entities';
import type { GroupEventName } from '#shared/chat/protocol';
import { PAGE_SIZES } from '#shared/chat/rest';
import {
  type Actor,
  canActOnMember,
  canAddMembers,
  canDeleteGroup,
  canLeaveGroup,
  canSeeBanned,
  canSetScope,
  canUnban,
  conversationId,
  groupTypeOf,
  newGroupId,
  validateGroup,
} from '#shared/chat/rules';
import type { DbOrTx } from '../db/database.ts';
import { AppError, fieldError } from '../errors.ts';
import type { ChatAccess } from './access.ts';
import { chatError, ruleErrors, seconds } from './chat-errors.ts';
import type { ChatUserRepository } from './chat-user.repository.ts';
import type { ChatEvents, PendingEvent } from './events.ts';
import type { GroupRepository, GroupRow } from './group.repository.ts';
import type { MessageRepository, MessageRow } from './message.repository.ts';
import { toMessages } from './message-view.ts';

/** The same argon2id options as account passwords (src/server/modules/account/account.service.ts). */
const ARGON2 = { type: argon2.argon2id as 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
/** Farm groups (`tambak_{farm_id}`) are made by FarmGroupSync only. */
export const FARM_GROUP_PREFIX = 'tambak_';

export interface GroupDeps {
  groups: GroupRepository;
  users: ChatUserRepository;
  messages: MessageRepository;
  access: ChatAccess;
  events: ChatEvents;
}

/** One membership change: an action message in the group and a `group` event. */
export interface GroupChange {
  event: GroupEventName;
  actor: string;
  target: string;
  scope: GroupScope | null;
}

export const toGroup = (r: GroupRow): Group => ({
  guid: r.guid,
  name: r.name,
  type: r.type as Group['type'],
  icon: r.icon,
  owner: r.owner,
  members_count: r.members_count,
  has_joined: r.scope !== null,
  scope: (r.scope as GroupScope | null) ?? null,
  farm_id: r.farm_id,
});

/**
 * Groups (seed 001 §4–§6): create, join, leave, delete, members, bans and scopes. Every
 * check uses the shared rules (src/shared/chat/rules.ts) under a lock on the group row,
 * and every change is stored with its action message and event in one transaction,
 * delivered only after commit. Farm groups follow the farm's users, so their membership
 * cannot be changed here (chat-farm-group).
 */
export class GroupService {
  constructor(private readonly d: GroupDeps) {}

  async list(uid: string, page: number, search?: string): Promise<Group[]> {
    const rows = await this.d.groups.list(uid, page, PAGE_SIZES.groups, search?.trim() || undefined);
    return rows.map(toGroup);
  }

  async get(uid: string, guid: string): Promise<Group> {
    return toGroup(await this.d.access.group(uid, guid));
  }

  async create(
    uid: string,
    body: { guid?: string; name: string; type: string; password?: string; icon?: string },
  ): Promise<Group> {
    ruleErrors(validateGroup(body));
    const type = groupTypeOf(body.type) as Group['type'];
    if (body.guid?.startsWith(FARM_GROUP_PREFIX)) throw fieldError('guid', 'validation.invalid');
    const password_hash =
      type === 'password' ? await argon2.hash((body.password as string).trim(), ARGON2) : null;
    await this.d.users.ensure([uid]);
    const guid = await this.d.groups.transaction(async (tx) => {
      const now = Date.now();
      const candidates = body.guid
        ? [body.guid]
        : [0, 1, 2, 3, 4].map((i) => newGroupId(now, i ? `_${i}` : ''));
      for (const guid of candidates) {
        const row = {
          guid,
          name: body.name.trim(),
          type,
          password_hash,
          icon: body.icon ?? null,
          owner: uid,
        };
        if (await this.d.groups.tryInsert(row, tx)) {
          await this.d.groups.upsertMember(guid, uid, 'admin', tx);
          return guid;
        }
      }
      throw new AppError('conflict');
    });
    return this.get(uid, guid);
  }

  /** Public: anyone not banned; password: with the right password; private: only by being added. */
  async join(uid: string, guid: string, password?: string): Promise<Group> {
    const g = await this.d.access.group(uid, guid);
    if (g.scope) throw chatError('chat-already-member');
    if (g.farm_id) throw chatError('chat-farm-group');
    if (await this.d.groups.ban(guid, uid)) throw chatError('chat-banned');
    if (g.type === 'password') {
      const ok = !!password && !!g.password_hash && (await argon2.verify(g.password_hash, password.trim()));
      if (!ok) throw chatError('chat-wrong-password');
    }
    await this.d.users.ensure([uid]);
    await this.change(guid, async (tx) => {
      if (await this.d.groups.member(guid, uid, tx)) throw chatError('chat-already-member');
      if (await this.d.groups.ban(guid, uid, tx)) throw chatError('chat-banned');
      await this.d.groups.upsertMember(guid, uid, 'participant', tx);
      return [{ event: 'joined', actor: uid, target: uid, scope: 'participant' }];
    });
    return this.get(uid, guid);
  }

  /** The owner may leave only when another admin exists; the longest-standing one becomes owner. */
  async leave(uid: string, guid: string): Promise<void> {
    const g = await this.d.access.memberOf(uid, guid);
    if (g.farm_id) throw chatError('chat-farm-group');
    await this.change(
      guid,
      async (tx) => {
        const { owner } = await this.locked(guid, uid, tx);
        const others = owner === uid ? await this.d.groups.otherAdmins(guid, uid, tx) : [];
        if (!canLeaveGroup(uid, owner, others.length)) throw chatError('chat-owner-needs-admin');
        if (owner === uid) await this.d.groups.update(guid, { owner: others[0] }, tx);
        await this.d.groups.removeMember(guid, uid, tx);
        return [{ event: 'left', actor: uid, target: uid, scope: null }];
      },
      [uid],
    );
  }

  async remove(uid: string, guid: string): Promise<void> {
    const g = await this.d.access.memberOf(uid, guid);
    if (!canDeleteGroup(g.scope as GroupScope)) throw chatError('chat-scope-not-allowed');
    if (g.farm_id) throw chatError('chat-farm-group');
    await this.deleteGroup(guid, uid);
  }

  /** Tells the members, then drops the group with its members, bans and conversation rows. */
  async deleteGroup(guid: string, actor: string): Promise<boolean> {
    const event = await this.d.groups.transaction(async (tx) => {
      await this.d.groups.lock(guid, tx);
      const row = await this.d.groups.findRaw(guid, tx);
      if (!row) return null;
      const members = await this.d.groups.memberIds(guid, tx);
      const ev = await this.d.events.record(
        tx,
        { type: 'group', event: 'deleted', guid, actor, target: guid, scope: null, members_count: 0 },
        members,
      );
      await this.d.groups.removeConversations(guid, tx);
      await this.d.groups.remove(guid, tx);
      return ev;
    });
    if (event) this.d.events.deliver(event);
    return event !== null;
  }

  async members(uid: string, guid: string, page: number): Promise<GroupMember[]> {
    await this.d.access.memberOf(uid, guid);
    return (await this.d.groups.members(guid, page, PAGE_SIZES.members)).map(toMember);
  }

  /** Banned members: for admins and moderators only. */
  async banned(uid: string, guid: string, page: number): Promise<GroupMember[]> {
    const g = await this.d.access.memberOf(uid, guid);
    if (!canSeeBanned(g.scope as GroupScope)) throw chatError('chat-scope-not-allowed');
    return (await this.d.groups.banned(guid, page, PAGE_SIZES.members)).map(toMember);
  }

  /**
   * Admins add people as participants; members, banned and unknown users are filtered out.
   * Only the admin's contacts can be added (contacts.ts): anyone else is `not-found` like a
   * forged id, and a request that names nobody who can be found answers 404.
   */
  async addMembers(uid: string, guid: string, uids: string[]): Promise<Record<string, string>> {
    const g = await this.d.access.memberOf(uid, guid);
    if (!canAddMembers(g.scope as GroupScope)) throw chatError('chat-scope-not-allowed');
    if (g.farm_id) throw chatError('chat-farm-group');
    const wanted = [...new Set(uids.map((u) => u.toLowerCase()))];
    const reachable = [...(await this.d.users.contactsAmong(uid, wanted))];
    await this.d.users.ensure(reachable);
    const known = new Set((await this.d.users.findMany(reachable)).map((u) => u.uid));
    if (known.size === 0) throw new AppError('not-found');
    const result: Record<string, string> = {};
    await this.change(guid, async (tx) => {
      const me = await this.locked(guid, uid, tx);
      if (!canAddMembers(me.scope)) throw chatError('chat-scope-not-allowed');
      const changes: GroupChange[] = [];
      for (const target of wanted) {
        if (!known.has(target)) result[target] = 'not-found';
        else if (await this.d.groups.member(guid, target, tx)) result[target] = 'chat-already-member';
        else if (await this.d.groups.ban(guid, target, tx)) result[target] = 'chat-banned';
        else {
          await this.d.groups.upsertMember(guid, target, 'participant', tx);
          result[target] = 'success';
          changes.push({ event: 'added', actor: uid, target, scope: 'participant' });
        }
      }
      return changes;
    });
    return result;
  }

  kick(uid: string, guid: string, target: string): Promise<void> {
    return this.onMember(uid, guid, target, async (tx, member) => {
      await this.d.groups.removeMember(guid, target, tx);
      return { event: 'kicked', actor: uid, target, scope: member.scope };
    });
  }

  /** Ban removes the member and remembers their scope, which limits who may unban. */
  ban(uid: string, guid: string, target: string): Promise<void> {
    return this.onMember(uid, guid, target, async (tx, member) => {
      await this.d.groups.removeMember(guid, target, tx);
      await this.d.groups.addBan(guid, target, member.scope, uid, tx);
      return { event: 'banned', actor: uid, target, scope: member.scope };
    });
  }

  setScope(uid: string, guid: string, target: string, scope: GroupScope): Promise<void> {
    return this.onMember(
      uid,
      guid,
      target,
      async (tx) => {
        await this.d.groups.upsertMember(guid, target, scope, tx);
        return { event: 'scope_changed', actor: uid, target, scope };
      },
      scope,
    );
  }

  /** Unban lets the person join again (or be added); it does not make them a member. */
  async unban(uid: string, guid: string, target: string): Promise<void> {
    const g = await this.d.access.memberOf(uid, guid);
    if (g.farm_id) throw chatError('chat-farm-group');
    await this.change(
      guid,
      async (tx) => {
        const me = await this.locked(guid, uid, tx);
        const ban = await this.d.groups.ban(guid, target, tx);
        if (!ban) throw new AppError('not-found');
        if (!canUnban(me, { uid: target, scope: ban.scope }, me.owner))
          throw chatError('chat-scope-not-allowed');
        await this.d.groups.removeBan(guid, target, tx);
        return [{ event: 'unbanned', actor: uid, target, scope: ban.scope }];
      },
      [target],
    );
  }

  /** Kick, ban and scope change: the target must be a member, and §6 must allow it. */
  private async onMember(
    uid: string,
    guid: string,
    target: string,
    apply: (tx: DbOrTx, member: Actor) => Promise<GroupChange>,
    scope?: GroupScope,
  ): Promise<void> {
    const g = await this.d.access.memberOf(uid, guid);
    if (g.farm_id) throw chatError('chat-farm-group');
    await this.change(
      guid,
      async (tx) => {
        const me = await this.locked(guid, uid, tx);
        const member = await this.d.groups.member(guid, target, tx);
        if (!member) throw new AppError('not-found');
        const allowed = scope
          ? canSetScope(me, member, me.owner, scope)
          : canActOnMember(me, member, me.owner);
        if (!allowed) throw chatError('chat-scope-not-allowed');
        return [await apply(tx, member)];
      },
      [target],
    );
  }

  /** The caller's live scope and the owner, read under the group lock. */
  private async locked(guid: string, uid: string, tx: DbOrTx): Promise<Actor & { owner: string }> {
    const row = await this.d.groups.findRaw(guid, tx);
    if (!row) throw new AppError('not-found');
    const me = await this.d.groups.member(guid, uid, tx);
    if (!me) throw chatError('chat-not-member');
    return { uid, scope: me.scope, owner: row.owner };
  }

  /** Lock, apply, announce, commit; then deliver on this instance (others hear by NOTIFY). */
  private async change(
    guid: string,
    apply: (tx: DbOrTx) => Promise<GroupChange[]>,
    alsoTell: string[] = [],
  ): Promise<void> {
    const events = await this.d.groups.transaction(async (tx) => {
      await this.d.groups.lock(guid, tx);
      return this.announce(tx, guid, await apply(tx), alsoTell);
    });
    this.d.events.deliver(events);
  }

  /**
   * Action messages (category `action`, text = the event name, details in customData so
   * each client words them in its language) to the members after the change, and group
   * events to them and to `alsoTell` (who just left, was kicked or banned).
   */
  async announce(
    tx: DbOrTx,
    guid: string,
    changes: GroupChange[],
    alsoTell: string[] = [],
    withMessages = true,
  ): Promise<PendingEvent[]> {
    if (changes.length === 0) return [];
    const members = await this.d.groups.memberIds(guid, tx);
    const out: PendingEvent[] = [];
    const names = new Map<string, string>();
    const nameOf = async (uid: string): Promise<string | null> => {
      if (!names.has(uid)) {
        const row = await this.d.users.find(uid, tx);
        if (row) names.set(uid, row.name);
      }
      return names.get(uid) ?? null;
    };
    for (const c of changes) {
      if (withMessages) {
        const id = uuidv7();
        const conv = conversationId('group', c.actor, guid);
        await this.d.messages.insert(
          {
            id,
            client_id: `action_${id}`,
            conversation_id: conv,
            sender: c.actor,
            receiver_type: 'group',
            receiver_id: guid,
            category: 'action',
            type: 'text',
            text: c.event,
            data: {
              customData: {
                action: c.event,
                actor: c.actor,
                actor_name: await nameOf(c.actor),
                target: c.target,
                target_name: await nameOf(c.target),
                scope: c.scope,
              },
            },
            parent_id: null,
          },
          tx,
        );
        await this.d.messages.touchConversations(
          members,
          c.actor,
          { id: conv, type: 'group', withOf: () => guid },
          id,
          tx,
        );
        const [message] = await toMessages(
          this.d.messages,
          [(await this.d.messages.find(id, tx)) as MessageRow],
          tx,
        );
        out.push(await this.d.events.record(tx, { type: 'message', message }, members));
      }
      const frame = {
        type: 'group' as const,
        event: c.event,
        guid,
        actor: c.actor,
        target: c.target,
        scope: c.scope,
        members_count: members.length,
      };
      out.push(await this.d.events.record(tx, frame, [...members, ...alsoTell]));
    }
    return out;
  }
}

function toMember(r: {
  uid: string;
  name: string;
  avatar: string | null;
  scope: string;
  joined_at: Date;
  online: boolean;
}): GroupMember {
  return {
    uid: r.uid,
    name: r.name,
    avatar: r.avatar,
    status: r.online ? 'online' : 'offline',
    scope: r.scope as GroupScope,
    joined_at: seconds(r.joined_at) ?? 0,
  };
}
