import type { Message, MessageData, PollResults } from '#shared/chat/entities';
import type { DbOrTx } from '../db/database.ts';
import { seconds } from './chat-errors.ts';
import type { MessageRepository, MessageRow } from './message.repository.ts';

/**
 * Rows → protocol messages with their receipts (one-to-one only: the receiver's),
 * reactions and poll results, read in three batched queries whatever the page size.
 * Inside a transaction pass its `tx`: reading through the pool instead would hold one
 * connection while waiting for another, and enough concurrent sends exhaust the pool
 * for good (every connection held by a transaction that waits for a free one).
 */
export async function toMessages(
  repo: MessageRepository,
  rows: MessageRow[],
  db?: DbOrTx,
  /** Rows inserted in this transaction: no receipt, reaction or vote can exist yet. */
  fresh = false,
): Promise<Message[]> {
  const ids = rows.map((r) => r.id);
  const pollIds = rows.filter((r) => r.type === 'poll').map((r) => r.id);
  const [receipts, reactions, votes] = fresh
    ? [[], [], []]
    : await Promise.all([
        repo.receiptsOf(
          rows.filter((r) => r.receiver_type === 'user').map((r) => r.id),
          db,
        ),
        repo.reactionsOf(ids, db),
        repo.votesOf(pollIds, db),
      ]);
  return rows.map((r) => {
    const receipt = receipts.find((x) => x.message_id === r.id && x.uid === r.receiver_id);
    const reacted: Message['reactions'] = {};
    for (const x of reactions.filter((x) => x.message_id === r.id)) {
      reacted[x.emoji] = { ...reacted[x.emoji], [x.uid]: { name: x.name } };
    }
    const data = { ...(r.data as MessageData) };
    if (r.type === 'poll')
      data.poll = pollResults(
        r,
        votes.filter((v) => v.message_id === r.id),
      );
    const deleted = r.deleted_at !== null;
    return {
      id: r.id,
      client_id: r.client_id,
      conversation_id: r.conversation_id,
      category: r.category as Message['category'],
      type: r.type as Message['type'],
      // A deleted message keeps its place in the list but none of its content.
      text: deleted ? null : r.text,
      data: deleted ? {} : data,
      sender: { uid: r.sender, name: r.sender_name, avatar: r.sender_avatar },
      receiver_type: r.receiver_type as Message['receiver_type'],
      receiver_id: r.receiver_id,
      parent_id: r.parent_id,
      reply_count: r.reply_count,
      sent_at: seconds(r.sent_at) ?? 0,
      delivered_at: seconds(receipt?.delivered_at),
      read_at: seconds(receipt?.read_at),
      edited_at: seconds(r.edited_at),
      deleted_at: seconds(r.deleted_at),
      reactions: reacted,
    };
  });
}

export function pollResults(
  row: MessageRow,
  votes: { uid: string; option: number; name: string }[],
): PollResults {
  const custom = (row.data.customData ?? {}) as { options?: Record<string, string> };
  const options: PollResults['options'] = {};
  for (const [key, text] of Object.entries(custom.options ?? {})) {
    const mine = votes.filter((v) => String(v.option) === key);
    options[key] = {
      text,
      count: mine.length,
      voters: Object.fromEntries(mine.map((v) => [v.uid, { name: v.name }])),
    };
  }
  return { total: votes.length, options };
}
