import { conversationId } from '#shared/chat/rules';
import type { DbOrTx } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { chatError } from './chat-errors.ts';
import type { ChatUserRepository } from './chat-user.repository.ts';
import type { GroupRepository, GroupRow } from './group.repository.ts';
import type { MessageRepository, MessageRow } from './message.repository.ts';

export interface Target {
  conversationId: string;
  receiverType: 'user' | 'group';
  receiver: string;
  /** Who hears of messages in this conversation (the caller included). */
  recipients: string[];
  /** conversation_with as each owner sees it. */
  withOf: (owner: string) => string;
}

/**
 * A group the caller is not in answers 404, as if it did not exist, when it is private or
 * belongs to someone outside the caller's farms and conversations (contacts.ts).
 */
const hidden = (g: { type: string; scope: string | null; reachable: boolean }) =>
  !g.scope && (g.type === 'private' || !g.reachable);
/** A visible group the caller is not in: banned from it, or just not a member. */
const notMember = (banned: boolean) => chatError(banned ? 'chat-banned' : 'chat-not-member');

/**
 * Who may talk where, checked before any write: one-to-one needs the other person to be
 * one of the caller's contacts (contacts.ts: farm mates and existing conversations; anyone
 * else is not found) and no block either way; a group needs a live membership (a ban removes it). A private
 * group a caller is not in answers 404, as if it did not exist.
 */
export class ChatAccess {
  constructor(
    private readonly d: { users: ChatUserRepository; groups: GroupRepository; messages: MessageRepository },
  ) {}

  async group(uid: string, guid: string, db?: DbOrTx): Promise<GroupRow> {
    const g = await this.d.groups.find(guid, uid, db);
    if (!g || hidden(g)) throw new AppError('not-found');
    return g;
  }

  async memberOf(uid: string, guid: string, db?: DbOrTx): Promise<GroupRow> {
    const g = await this.group(uid, guid, db);
    if (!g.scope) throw notMember(Boolean(await this.d.groups.ban(guid, uid, db)));
    return g;
  }

  /** For sending: blocks refuse, in either direction. */
  async target(
    uid: string,
    receiverType: 'user' | 'group',
    receiver: string,
    forWrite = true,
  ): Promise<Target> {
    if (receiverType === 'group') {
      // group() and memberOf() on one query's answer.
      const g = await this.d.groups.sendTarget(receiver, uid);
      if (!g || (!g.scope && g.type === 'private')) throw new AppError('not-found');
      // Not a member: whether the group exists for them at all (one more query, refusals only).
      if (!g.scope && !(await this.d.groups.find(receiver, uid))?.reachable) throw new AppError('not-found');
      if (!g.scope) throw notMember(g.banned);
      return {
        conversationId: conversationId('group', uid, receiver),
        receiverType,
        receiver,
        recipients: g.members,
        withOf: () => receiver,
      };
    }
    if (receiver === uid || !/^[0-9a-f-]{36}$/i.test(receiver)) throw new AppError('not-found');
    // Someone outside the caller's farms and conversations is as unknown as a forged id.
    if (!(await this.d.users.isContact(uid, receiver))) throw new AppError('not-found');
    if ((await this.d.users.ensure([receiver])) === 0) throw new AppError('not-found');
    if (forWrite) {
      const blocks = await this.d.users.blocksWith(uid, [receiver]);
      if (blocks.byMe.size > 0 || blocks.ofMe.size > 0) throw chatError('chat-blocked');
    }
    return {
      conversationId: conversationId('user', uid, receiver),
      receiverType,
      receiver,
      recipients: [uid, receiver],
      withOf: (owner) => (owner === uid ? receiver : uid),
    };
  }

  /** A message the caller may see: one-to-one as a party, group as a current member. */
  async message(uid: string, id: string): Promise<{ row: MessageRow; recipients: string[] }> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('not-found');
    const row = await this.d.messages.find(id);
    if (!row) throw new AppError('not-found');
    if (row.receiver_type === 'user') {
      if (row.sender !== uid && row.receiver_id !== uid) throw new AppError('not-found');
      return { row, recipients: [row.sender, row.receiver_id] };
    }
    const g = await this.d.groups.find(row.receiver_id, uid);
    if (!g?.scope) throw new AppError('not-found');
    return { row, recipients: await this.d.groups.memberIds(row.receiver_id) };
  }
}
