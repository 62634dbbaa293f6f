import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** Kysely queries on chat_conversations: one row per owner and conversation. */
export class ConversationRepository {
  constructor(private readonly db: Db) {}

  /** Most recent first, with the other side's name (user or group). */
  list(owner: string, page: number, limit: number) {
    return this.db
      .selectFrom('chat_conversations as c')
      .leftJoin('chat_users as u', (j) =>
        // Compared as text: group ids are not uuids and a cast could fail on them.
        j.on('c.conversation_type', '=', 'user').on(sql<boolean>`u.uid::text = c.conversation_with`),
      )
      .leftJoin('chat_groups as g', (j) =>
        j.on('c.conversation_type', '=', 'group').onRef('g.guid', '=', 'c.conversation_with'),
      )
      .select([
        'c.conversation_id',
        'c.conversation_type',
        'c.conversation_with',
        'c.unread_count',
        'c.last_message_id',
        'c.updated_at',
        'u.name as user_name',
        'g.name as group_name',
      ])
      .where('c.owner', '=', owner)
      .orderBy('c.updated_at', 'desc')
      .orderBy('c.conversation_id')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
  }

  async remove(owner: string, conversationId: string): Promise<number> {
    const res = await this.db
      .deleteFrom('chat_conversations')
      .where('owner', '=', owner)
      .where('conversation_id', '=', conversationId)
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }
}
