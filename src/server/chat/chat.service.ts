import { v7 as uuidv7 } from 'uuid';
import type { ChatUser, Conversation, Message } from '#shared/chat/entities';
import { PAGE_SIZES } from '#shared/chat/rest';
import { validatePoll } from '#shared/chat/rules';
import { AppError } from '../errors.ts';
import type { ChatAccess } from './access.ts';
import { ruleErrors, seconds } from './chat-errors.ts';
import type { ChatUserRepository, ChatUserRow } from './chat-user.repository.ts';
import type { ConversationRepository } from './conversation.repository.ts';
import type { ChatEvents } from './events.ts';
import type { MessageRepository } from './message.repository.ts';
import type { MessageService } from './message.service.ts';

const MEDIA_TYPES = { photos: ['image'], videos: ['video'], documents: ['file', 'audio'] } as const;

/** Reads for the REST routes (conversations, history, users) and poll creation. */
export class ChatService {
  constructor(
    private readonly d: {
      users: ChatUserRepository;
      conversations: ConversationRepository;
      messages: MessageRepository;
      access: ChatAccess;
      messageService: MessageService;
      events: ChatEvents;
    },
  ) {}

  async conversations(uid: string, page: number): Promise<Conversation[]> {
    const rows = await this.d.conversations.list(uid, page, PAGE_SIZES.conversations);
    const lastIds = rows.map((r) => r.last_message_id).filter((x): x is string => !!x);
    const last = await this.d.messageService.view(
      (await Promise.all(lastIds.map((id) => this.d.messages.find(id)))).filter((r) => !!r),
    );
    return rows.map((r) => ({
      conversation_id: r.conversation_id,
      conversation_type: r.conversation_type as Conversation['conversation_type'],
      conversation_with: r.conversation_with,
      name: r.user_name ?? r.group_name ?? '',
      unread_message_count: r.unread_count,
      last_message: last.find((m) => m.id === r.last_message_id) ?? null,
      updated_at: seconds(r.updated_at) ?? 0,
    }));
  }

  /** Hides the conversation for the caller only; the other side keeps theirs. */
  async deleteConversation(uid: string, conversationId: string): Promise<void> {
    if ((await this.d.conversations.remove(uid, conversationId)) === 0) throw new AppError('not-found');
  }

  async history(
    uid: string,
    q: {
      receiver_type: 'user' | 'group';
      receiver: string;
      before?: string;
      parent_id?: string;
      hide_replies?: boolean;
      search?: string;
      media?: keyof typeof MEDIA_TYPES;
      limit?: number;
    },
  ): Promise<Message[]> {
    const target = await this.d.access.target(uid, q.receiver_type, q.receiver, false);
    const rows = await this.d.messages.history({
      conversationId: target.conversationId,
      before: q.before,
      parentId: q.parent_id,
      hideReplies: q.hide_replies ?? true,
      search: q.search?.trim() || undefined,
      types: q.media ? [...MEDIA_TYPES[q.media]] : undefined,
      limit: q.media ? PAGE_SIZES.media : (q.limit ?? PAGE_SIZES.messages),
    });
    return (await this.d.messageService.view(rows)).reverse();
  }

  async users(uid: string, page: number, search?: string): Promise<ChatUser[]> {
    await this.d.users.ensure([uid]);
    await this.d.users.ensureContacts(uid);
    const rows = await this.d.users.list(uid, page, PAGE_SIZES.users, search?.trim() || undefined);
    return this.asSeenBy(uid, rows);
  }

  /**
   * One chat user as the caller sees them (presence, blocks either way); 404 for unknown
   * ids and for people outside the caller's contacts (contacts.ts).
   */
  async user(uid: string, other: string): Promise<ChatUser> {
    if (other !== uid && !(await this.d.users.isContact(uid, other))) throw new AppError('not-found');
    if ((await this.d.users.ensure([uid, other])) < (other === uid ? 1 : 2)) throw new AppError('not-found');
    const row = await this.d.users.find(other);
    if (!row) throw new AppError('not-found');
    const [user] = await this.asSeenBy(uid, [row]);
    return user as ChatUser;
  }

  private async asSeenBy(uid: string, rows: ChatUserRow[]): Promise<ChatUser[]> {
    const blocks = await this.d.users.blocksWith(
      uid,
      rows.map((r) => r.uid),
    );
    return rows.map((r) => ({
      uid: r.uid,
      name: r.name,
      avatar: r.avatar,
      status: r.online ? 'online' : 'offline',
      last_active_at: seconds(r.last_active_at),
      blocked_by_me: blocks.byMe.has(r.uid),
      has_blocked_me: blocks.ofMe.has(r.uid),
    }));
  }

  /** Blocks a contact; an unblock also reaches someone who has left the caller's contacts since. */
  async block(uid: string, other: string, blocked: boolean): Promise<void> {
    if (other === uid || (await this.d.users.ensure([uid, other])) < 2) throw new AppError('not-found');
    if (!(await this.d.users.isContact(uid, other))) {
      const { byMe } = await this.d.users.blocksWith(uid, [other]);
      if (blocked || !byMe.has(other)) throw new AppError('not-found');
    }
    const event = await this.d.messages.transaction(async (tx) => {
      if (blocked) await this.d.users.block(uid, other, tx);
      else await this.d.users.unblock(uid, other, tx);
      return this.d.events.record(tx, { type: 'block', uid: other, by: uid, blocked }, [uid, other]);
    });
    this.d.events.deliver(event);
  }

  /** A poll is a custom message whose options are numbered from 1 (seed 001 §3). */
  async createPoll(
    uid: string,
    body: {
      question: string;
      options: string[];
      receiver_type: 'user' | 'group';
      receiver: string;
      client_id?: string;
    },
  ): Promise<Message> {
    ruleErrors(validatePoll(body.question, body.options));
    const question = body.question.trim();
    const options = Object.fromEntries(body.options.map((o, i) => [String(i + 1), o.trim()]));
    const target = await this.d.access.target(uid, body.receiver_type, body.receiver);
    return this.d.messageService.store(uid, target, {
      client_id: body.client_id ?? uuidv7(),
      category: 'custom',
      type: 'poll',
      text: question,
      data: { customData: { question, options } },
      parent_id: null,
    });
  }
}
