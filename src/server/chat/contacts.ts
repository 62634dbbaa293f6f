import { type RawBuilder, sql } from 'kysely';

/**
 * The people `uid` may reach in the chat (issue 12 point 4): everyone with a live
 * membership in a live farm `uid` also belongs to, and the other side of every one-to-one
 * conversation in `uid`'s own list. Anyone else answers 404, as if they did not exist.
 * The demo farm's visitors are strangers to each other: it makes no one a contact.
 *
 * One subquery of user ids, for `uid in (…)` filters. The CASE keeps the uuid cast away
 * from group rows, whose `conversation_with` is a group id.
 */
export function contactIds(uid: string): RawBuilder<string> {
  return sql<string>`(
    select mine.user_id from user_farms me
      join farms f on f.id = me.farm_id and f.deleted_at is null and not f.is_demo
      join user_farms mine on mine.farm_id = me.farm_id and mine.deleted_at is null
    where me.user_id = ${uid}::uuid and me.deleted_at is null and mine.user_id <> ${uid}::uuid
    union
    select case when c.conversation_type = 'user' then c.conversation_with::uuid end
      from chat_conversations c
    where c.owner = ${uid}::uuid and c.conversation_type = 'user'
  )`;
}
