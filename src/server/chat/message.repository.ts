import { sql } from 'kysely';
import type { Db, DbOrTx } from '../db/database.ts';
import type { EventNotice } from './events.ts';

export interface MessageRow {
  id: string;
  client_id: string;
  conversation_id: string;
  sender: string;
  sender_name: string;
  sender_avatar: string | null;
  receiver_type: string;
  receiver_id: string;
  category: string;
  type: string;
  text: string | null;
  data: Record<string, unknown>;
  parent_id: string | null;
  reply_count: number;
  sent_at: Date;
  edited_at: Date | null;
  deleted_at: Date | null;
}

export interface NewMessage {
  id: string;
  client_id: string;
  conversation_id: string;
  sender: string;
  receiver_type: 'user' | 'group';
  receiver_id: string;
  category: string;
  type: string;
  text: string | null;
  data: Record<string, unknown>;
  parent_id: string | null;
}

export interface HistoryQuery {
  conversationId: string;
  before?: string;
  parentId?: string;
  hideReplies: boolean;
  search?: string;
  types?: string[];
  limit: number;
}

/** Kysely queries on chat_messages and what hangs off them (receipts, reactions, votes). */
export class MessageRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  private base(db: DbOrTx = this.db) {
    return db
      .selectFrom('chat_messages as m')
      .innerJoin('chat_users as u', 'u.uid', 'm.sender')
      .select([
        'm.id',
        'm.client_id',
        'm.conversation_id',
        'm.sender',
        'u.name as sender_name',
        'u.avatar as sender_avatar',
        'm.receiver_type',
        'm.receiver_id',
        'm.category',
        'm.type',
        'm.text',
        'm.data',
        'm.parent_id',
        'm.reply_count',
        'm.sent_at',
        'm.edited_at',
        'm.deleted_at',
      ]);
  }

  find(id: string, db: DbOrTx = this.db): Promise<MessageRow | undefined> {
    return this.base(db).where('m.id', '=', id).executeTakeFirst();
  }

  findByClientId(sender: string, clientId: string, db: DbOrTx = this.db): Promise<MessageRow | undefined> {
    return this.base(db)
      .where('m.sender', '=', sender)
      .where('m.client_id', '=', clientId)
      .executeTakeFirst();
  }

  /** False when (sender, client_id) exists already: the resend case. */
  async insert(row: NewMessage, db: DbOrTx): Promise<boolean> {
    const res = await db
      .insertInto('chat_messages')
      .values({ ...row, data: JSON.stringify(row.data) })
      .onConflict((oc) => oc.columns(['sender', 'client_id']).doNothing())
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /**
   * A new message in one statement (one round trip, atomic without BEGIN/COMMIT): the
   * row, the conversations of everyone concerned (or the parent's reply count for a
   * thread reply), the fan-out event and its NOTIFY, which PostgreSQL sends on commit.
   * Answers the event id, or null when (sender, client_id) exists already (a resend):
   * then nothing at all was written.
   */
  async storeNew(
    row: NewMessage & { sent_at: Date },
    conv: { owners: string[]; type: 'user' | 'group'; withOf: (owner: string) => string },
    event: { type: string; recipients: string[]; payload: string; notice: EventNotice },
  ): Promise<string | null> {
    // Owners in one fixed order, as in touchConversations.
    const owners = [...new Set(conv.owners)].sort();
    const touch = row.parent_id
      ? sql`update chat_messages set reply_count = reply_count + 1
          where id = ${row.parent_id} and exists (select 1 from m)`
      : sql`insert into chat_conversations
            (owner, conversation_id, conversation_type, conversation_with, unread_count, last_message_id)
          select o.owner, ${row.conversation_id}, ${conv.type}, o.peer, o.unread, m.id
          from m, unnest(${owners}::uuid[], ${owners.map(conv.withOf)}::text[],
            ${owners.map((o) => (o === row.sender ? 0 : 1))}::int[]) as o(owner, peer, unread)
          on conflict (owner, conversation_id) do update set
            unread_count = chat_conversations.unread_count + excluded.unread_count,
            last_message_id = excluded.last_message_id, updated_at = now()`;
    const result = await sql<{ id: string }>`
      with m as (
        insert into chat_messages (id, client_id, conversation_id, sender, receiver_type, receiver_id,
          category, type, text, data, parent_id, sent_at)
        values (${row.id}, ${row.client_id}, ${row.conversation_id}, ${row.sender}, ${row.receiver_type},
          ${row.receiver_id}, ${row.category}, ${row.type}, ${row.text}, ${JSON.stringify(row.data)}::jsonb,
          ${row.parent_id}, ${row.sent_at})
        on conflict (sender, client_id) do nothing
        returning id
      ), t as (${touch}), e as (
        insert into chat_events (type, recipients, payload)
        select ${event.type}, ${[...new Set(event.recipients)]}::uuid[], ${event.payload}::jsonb from m
        returning id
      )
      select e.id::text as id,
        pg_notify(${event.notice.channel}, ${event.notice.prefix} || e.id::text || ${event.notice.suffix})
      from e`.execute(this.db);
    return result.rows[0]?.id ?? null;
  }

  async bumpReplies(parentId: string, db: DbOrTx): Promise<void> {
    await db
      .updateTable('chat_messages')
      .set((eb) => ({ reply_count: eb('reply_count', '+', 1) }))
      .where('id', '=', parentId)
      .execute();
  }

  async update(
    id: string,
    set: { text?: string; edited_at?: Date; deleted_at?: Date },
    db: DbOrTx,
  ): Promise<void> {
    await db.updateTable('chat_messages').set(set).where('id', '=', id).execute();
  }

  /** Newest first from the cursor; the caller reverses for display. */
  history(q: HistoryQuery): Promise<MessageRow[]> {
    let s = this.base().where('m.conversation_id', '=', q.conversationId);
    if (q.before) s = s.where('m.id', '<', q.before);
    if (q.parentId) s = s.where('m.parent_id', '=', q.parentId);
    else if (q.hideReplies) s = s.where('m.parent_id', 'is', null);
    if (q.types?.length) s = s.where('m.type', 'in', q.types);
    if (q.search) {
      s = s
        .where('m.deleted_at', 'is', null)
        .where('m.text', 'ilike', `%${q.search.replace(/[\\%_]/g, '\\$&')}%`);
    }
    return s.orderBy('m.id', 'desc').limit(q.limit).execute();
  }

  /**
   * The conversation rows of everyone concerned, in one statement: the sender's unread
   * count stays, every other owner's grows by one (replies do not touch conversations).
   */
  async touchConversations(
    owners: string[],
    sender: string,
    conv: { id: string; type: 'user' | 'group'; withOf: (owner: string) => string },
    messageId: string,
    db: DbOrTx,
  ): Promise<void> {
    if (owners.length === 0) return;
    // Rows in one fixed order: concurrent sends to one group then lock them in the same
    // order and queue, instead of deadlocking (sender-first order differs per sender).
    await db
      .insertInto('chat_conversations')
      .values(
        [...owners].sort().map((owner) => ({
          owner,
          conversation_id: conv.id,
          conversation_type: conv.type,
          conversation_with: conv.withOf(owner),
          unread_count: owner === sender ? 0 : 1,
          last_message_id: messageId,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['owner', 'conversation_id']).doUpdateSet((eb) => ({
          unread_count: sql<number>`chat_conversations.unread_count + ${eb.ref('excluded.unread_count')}`,
          last_message_id: eb.ref('excluded.last_message_id'),
          updated_at: sql`now()`,
        })),
      )
      .execute();
  }

  /** Unread count after reading up to `messageId`: messages of others after it, main view only. */
  async markConversationRead(owner: string, conversationId: string, messageId: string): Promise<void> {
    await this.db
      .updateTable('chat_conversations')
      .set({
        unread_count: sql<number>`(select count(*)::int from chat_messages m
          where m.conversation_id = ${conversationId} and m.id > ${messageId}
            and m.sender != ${owner} and m.parent_id is null and m.deleted_at is null)`,
      })
      .where('owner', '=', owner)
      .where('conversation_id', '=', conversationId)
      .execute();
  }

  async receipt(messageId: string, uid: string, kind: 'delivered' | 'read'): Promise<Date> {
    const now = new Date();
    const set = kind === 'read' ? { delivered_at: now, read_at: now } : { delivered_at: now };
    const row = await this.db
      .insertInto('chat_receipts')
      .values({ message_id: messageId, uid, ...set })
      .onConflict((oc) =>
        oc.columns(['message_id', 'uid']).doUpdateSet({
          delivered_at: sql`coalesce(chat_receipts.delivered_at, ${now})`,
          ...(kind === 'read' ? { read_at: sql`coalesce(chat_receipts.read_at, ${now})` } : {}),
        }),
      )
      .returning(['delivered_at', 'read_at'])
      .executeTakeFirstOrThrow();
    return (kind === 'read' ? row.read_at : row.delivered_at) ?? now;
  }

  receiptsOf(messageIds: string[], db: DbOrTx = this.db) {
    if (messageIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('chat_receipts')
      .select(['message_id', 'uid', 'delivered_at', 'read_at'])
      .where('message_id', 'in', messageIds)
      .execute();
  }

  reactionsOf(messageIds: string[], db: DbOrTx = this.db) {
    if (messageIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('chat_reactions as r')
      .innerJoin('chat_users as u', 'u.uid', 'r.uid')
      .select(['r.message_id', 'r.uid', 'r.emoji', 'u.name'])
      .where('r.message_id', 'in', messageIds)
      .orderBy('r.created_at')
      .execute();
  }

  async react(messageId: string, uid: string, emoji: string, remove: boolean): Promise<void> {
    if (remove) {
      await this.db
        .deleteFrom('chat_reactions')
        .where('message_id', '=', messageId)
        .where('uid', '=', uid)
        .where('emoji', '=', emoji)
        .execute();
      return;
    }
    await this.db
      .insertInto('chat_reactions')
      .values({ message_id: messageId, uid, emoji })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  votesOf(messageIds: string[], db: DbOrTx = this.db) {
    if (messageIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('chat_poll_votes as v')
      .innerJoin('chat_users as u', 'u.uid', 'v.uid')
      .select(['v.message_id', 'v.uid', 'v.option', 'u.name'])
      .where('v.message_id', 'in', messageIds)
      .execute();
  }

  /** One vote per person and poll: voting again moves the vote. */
  async vote(messageId: string, uid: string, option: number): Promise<void> {
    await this.db
      .insertInto('chat_poll_votes')
      .values({ message_id: messageId, uid, option })
      .onConflict((oc) => oc.columns(['message_id', 'uid']).doUpdateSet({ option, voted_at: sql`now()` }))
      .execute();
  }
}
