import { v7 as uuidv7 } from 'uuid';
import type { Message, MessageData } from '#shared/chat/entities';
import type { ClientFrame } from '#shared/chat/protocol';
import { AppError, fieldError } from '../errors.ts';
import type { ChatAccess, Target } from './access.ts';
import { chatError } from './chat-errors.ts';
import type { ChatUserRepository } from './chat-user.repository.ts';
import type { ChatEvents, PendingEvent } from './events.ts';
import type { MessageRepository, MessageRow } from './message.repository.ts';
import { pollResults, toMessages } from './message-view.ts';

export interface MessageDeps {
  messages: MessageRepository;
  users: ChatUserRepository;
  access: ChatAccess;
  events: ChatEvents;
}

export type SendInput = Omit<ClientFrame<'send'>, 'type'>;
const MEDIA = new Set(['image', 'file', 'video', 'audio']);
const ENSURE_TTL_MS = 60_000;
const ENSURED_MAX = 50_000;

/**
 * Sending and changing messages. A message is stored, its conversations updated and its
 * event logged in one transaction; only then is it acknowledged and fanned out, so an
 * ack always means the message survives a crash.
 */
export class MessageService {
  /** Called once a new message committed and was fanned out (push to offline recipients). */
  afterStore: ((message: Message, recipients: string[]) => void) | null = null;

  /** Senders whose chat user row was written lately, with what was written, so a busy sender costs no write a message. */
  private readonly senders = new Map<string, { at: number; name: string; avatar: string | null }>();

  constructor(private readonly d: MessageDeps) {}

  /** The sender's chat user row exists, with a name at most ENSURE_TTL_MS old. */
  private async sender(uid: string): Promise<{ name: string; avatar: string | null }> {
    const now = Date.now();
    const known = this.senders.get(uid);
    if (known && now - known.at < ENSURE_TTL_MS) return known;
    const row = await this.d.users.ensureOne(uid);
    if (!row) throw new AppError('not-found');
    if (this.senders.size >= ENSURED_MAX) this.senders.clear();
    this.senders.set(uid, { at: now, ...row });
    return row;
  }

  async send(uid: string, input: SendInput): Promise<Message> {
    const content = this.content(input);
    let target: Target;
    let parentId: string | null = null;
    try {
      target = await this.d.access.target(uid, input.receiver_type, input.receiver);
      if (input.parent_id) parentId = await this.parent(uid, input.parent_id, target);
    } catch (error) {
      // A resend after a lost ack gets its first answer, even if access changed since.
      const existing = await this.d.messages.findByClientId(uid, input.client_id);
      if (existing) return this.view(existing);
      throw error;
    }
    return this.store(uid, target, { ...content, client_id: input.client_id, parent_id: parentId });
  }

  /**
   * Shared by send and poll creation: one statement stores the message, its conversations
   * and its event (MessageRepository.storeNew); delivered only after it committed. A
   * resend (same client_id) stores nothing and answers the stored message.
   */
  async store(
    uid: string,
    target: Target,
    m: {
      client_id: string;
      category: string;
      type: string;
      text: string | null;
      data: MessageData;
      parent_id: string | null;
    },
  ): Promise<Message> {
    const sender = await this.sender(uid);
    const row: MessageRow = {
      id: uuidv7(),
      conversation_id: target.conversationId,
      sender: uid,
      sender_name: sender.name,
      sender_avatar: sender.avatar,
      receiver_type: target.receiverType,
      receiver_id: target.receiver,
      ...m,
      reply_count: 0,
      sent_at: new Date(),
      edited_at: null,
      deleted_at: null,
    };
    const [message] = await toMessages(this.d.messages, [row], undefined, true);
    const frame = { type: 'message' as const, message };
    const recipients = [...new Set(target.recipients)];
    const eventId = await this.d.messages.storeNew(
      { ...row, receiver_type: target.receiverType },
      { owners: [uid, ...recipients], type: target.receiverType, withOf: target.withOf },
      {
        type: frame.type,
        recipients,
        payload: JSON.stringify(frame),
        notice: this.d.events.notice(recipients),
      },
    );
    if (eventId === null)
      return this.view((await this.d.messages.findByClientId(uid, m.client_id)) as MessageRow);
    this.d.events.deliver({ id: eventId, recipients, frame });
    this.afterStore?.(message, recipients);
    return message;
  }

  async edit(uid: string, id: string, text: string): Promise<Message> {
    const { row, recipients } = await this.d.access.message(uid, id);
    if (row.sender !== uid || row.deleted_at) throw chatError('chat-not-own-message');
    if (row.type !== 'text') throw chatError('chat-not-editable');
    if (!text.trim()) throw fieldError('text', 'chat.text-blank');
    return this.change(row.id, { text: text.trim(), edited_at: new Date() }, 'edited', recipients);
  }

  async remove(uid: string, id: string): Promise<Message> {
    const { row, recipients } = await this.d.access.message(uid, id);
    if (row.sender !== uid) throw chatError('chat-not-own-message');
    if (row.deleted_at) return this.view(row);
    return this.change(row.id, { deleted_at: new Date() }, 'deleted', recipients);
  }

  private async change(
    id: string,
    set: { text?: string; edited_at?: Date; deleted_at?: Date },
    type: 'edited' | 'deleted',
    recipients: string[],
  ): Promise<Message> {
    const { message, event } = await this.d.messages.transaction(async (tx) => {
      await this.d.messages.update(id, set, tx);
      const [message] = await toMessages(
        this.d.messages,
        [(await this.d.messages.find(id, tx)) as MessageRow],
        tx,
      );
      return { message, event: await this.d.events.record(tx, { type, message }, recipients) };
    });
    this.d.events.deliver(event);
    return message;
  }

  /** Delivered / read by a recipient; the sender hears of it on one-to-one messages. */
  async receipt(uid: string, id: string, kind: 'delivered' | 'read'): Promise<void> {
    const { row } = await this.d.access.message(uid, id);
    if (row.sender === uid) return;
    const at = await this.d.messages.receipt(row.id, uid, kind);
    if (kind === 'read') await this.d.messages.markConversationRead(uid, row.conversation_id, row.id);
    if (row.receiver_type !== 'user') return;
    const frame = {
      type: 'receipt' as const,
      receipt: kind,
      message_id: row.id,
      conversation_id: row.conversation_id,
      uid,
      at: Math.floor(at.getTime() / 1000),
    };
    const event = await this.d.messages.transaction((tx) =>
      this.d.events.record(tx, frame, [row.sender, uid]),
    );
    this.d.events.deliver(event);
  }

  async react(uid: string, id: string, emoji: string, remove: boolean): Promise<void> {
    const { row, recipients } = await this.d.access.message(uid, id);
    if (row.deleted_at) throw new AppError('not-found');
    if (row.sender !== uid) {
      const blocks = await this.d.users.blocksWith(uid, [row.sender]);
      if (blocks.byMe.size > 0 || blocks.ofMe.size > 0) throw chatError('chat-blocked');
    }
    await this.d.users.ensure([uid]);
    await this.d.messages.react(row.id, uid, emoji, remove);
    const [message] = await this.view([row]);
    const frame = {
      type: 'reaction' as const,
      message_id: row.id,
      uid,
      emoji,
      action: remove ? ('removed' as const) : ('added' as const),
      reactions: message.reactions,
    };
    this.d.events.deliver(
      await this.d.messages.transaction((tx) => this.d.events.record(tx, frame, recipients)),
    );
  }

  async vote(uid: string, id: string, option: number): Promise<void> {
    const { row, recipients } = await this.d.access.message(uid, id);
    const options = ((row.data.customData ?? {}) as { options?: Record<string, string> }).options ?? {};
    if (row.type !== 'poll' || row.deleted_at) throw new AppError('not-found');
    if (!(String(option) in options)) throw fieldError('option', 'validation.oneOf');
    await this.d.users.ensure([uid]);
    await this.d.messages.vote(row.id, uid, option);
    const poll = pollResults(row, await this.d.messages.votesOf([row.id]));
    const event: PendingEvent = await this.d.messages.transaction((tx) =>
      this.d.events.record(tx, { type: 'poll', message_id: row.id, poll }, recipients),
    );
    this.d.events.deliver(event);
  }

  /** Text must not be blank; media need a url or attachments; action messages are the server's. */
  private content(input: SendInput) {
    const type = input.message_type ?? 'text';
    const category = input.category ?? (type === 'sticker' ? 'custom' : 'message');
    const data = input.data ?? {};
    // Action, call and poll messages are made by the server (group changes, the call
    // service, poll creation); a client cannot forge them.
    if (category === 'action' || category === 'call' || type === 'poll')
      throw fieldError(category === 'call' ? 'category' : 'message_type', 'validation.oneOf');
    const text = input.text?.trim() ?? '';
    if (type === 'text' && !text) throw fieldError('text', 'chat.text-blank');
    if (MEDIA.has(type) && !data.url && !data.attachments?.length)
      throw fieldError('data.url', 'validation.required');
    if (type === 'sticker' && !data.customData?.sticker_url)
      throw fieldError('data.customData', 'validation.required');
    return { category, type, text: text || null, data };
  }

  /** A thread hangs off a top-level message of the same conversation. */
  private async parent(uid: string, parentId: string, target: Target): Promise<string> {
    const { row } = await this.d.access.message(uid, parentId);
    if (row.conversation_id !== target.conversationId) throw new AppError('not-found');
    if (row.parent_id) throw fieldError('parent_id', 'chat.thread-of-reply');
    return row.id;
  }

  view(rows: MessageRow): Promise<Message>;
  view(rows: MessageRow[]): Promise<Message[]>;
  async view(rows: MessageRow | MessageRow[]): Promise<Message | Message[]> {
    const list = await toMessages(this.d.messages, [rows].flat());
    return Array.isArray(rows) ? list : list[0];
  }
}
