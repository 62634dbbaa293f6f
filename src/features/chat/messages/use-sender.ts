import { useCallback } from 'react';
import { v7 as uuidv7 } from 'uuid';
import type { ChatUser, Message, MessageData, MessageType } from '#shared/chat/entities';
import { conversationId } from '#shared/chat/rules';
import { type ChatClient, ChatError, type OutgoingMessage, type Target } from '../client/chat-client.ts';
import type { ListMessage } from './list-state.ts';
import { playSendSound } from './send-sound.ts';
import type { MessageList } from './use-message-list.ts';

export interface Draft {
  message_type?: MessageType;
  category?: 'message' | 'custom';
  text?: string;
  data?: MessageData;
}

/** The composed copy the list shows at once, with the client id the server will keep. */
export function composedMessage(me: ChatUser, target: Target, draft: Draft, parentId?: string): ListMessage {
  const clientId = uuidv7();
  return {
    id: '',
    client_id: clientId,
    conversation_id: conversationId(target.receiver_type, me.uid, target.receiver),
    category: draft.category ?? 'message',
    type: draft.message_type ?? 'text',
    text: draft.text ?? null,
    data: draft.data ?? {},
    sender: { uid: me.uid, name: me.name, avatar: me.avatar },
    receiver_type: target.receiver_type,
    receiver_id: target.receiver,
    parent_id: parentId ?? null,
    reply_count: 0,
    sent_at: Math.floor(Date.now() / 1000),
    delivered_at: null,
    read_at: null,
    edited_at: null,
    deleted_at: null,
    reactions: {},
    _pending: true,
  };
}

function outgoing(m: ListMessage): OutgoingMessage {
  return {
    client_id: m.client_id,
    receiver_type: m.receiver_type,
    receiver: m.receiver_id,
    category: m.category,
    message_type: m.type,
    text: m.text ?? undefined,
    data: Object.keys(m.data).length > 0 ? m.data : undefined,
    parent_id: m.parent_id ?? undefined,
  };
}

const messageOf = (e: unknown) => (e instanceof ChatError || e instanceof Error ? e.message : String(e));

/**
 * Optimistic sending (seed 001 §4): the composed message shows as "sending", the server's
 * copy replaces it (same client id); a refusal keeps it with the error and a retry, which
 * resends with the same client id so the server stores it once.
 */
export function useSender(
  client: ChatClient,
  me: ChatUser,
  target: Target,
  list: MessageList,
  parentId?: string,
  onSent?: (m: Message) => void,
) {
  const { receiver_type, receiver } = target;
  const dispatch = useCallback(
    async (m: ListMessage): Promise<Message | null> => {
      try {
        const stored = await client.send(outgoing(m));
        list.acked(stored);
        onSent?.(stored);
        return stored;
      } catch (e) {
        list.failed(m.client_id, messageOf(e));
        return null;
      }
    },
    [client, list, onSent],
  );

  const send = useCallback(
    (draft: Draft) => {
      const m = composedMessage(me, { receiver_type, receiver }, draft, parentId);
      list.composed(m);
      playSendSound();
      return dispatch(m);
    },
    [me, receiver_type, receiver, parentId, list, dispatch],
  );

  const retry = useCallback(
    (m: ListMessage) => {
      const again: ListMessage = { ...m, _error: undefined, _pending: true };
      list.acked(again);
      return dispatch(again);
    },
    [list, dispatch],
  );

  return { send, retry };
}
