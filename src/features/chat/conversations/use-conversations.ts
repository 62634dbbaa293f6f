import { useCallback, useEffect, useRef, useState } from 'react';
import type { Conversation, Message } from '#shared/chat/entities';
import { PAGE_SIZES } from '#shared/chat/rest';
import type { ChatClient } from '../client/chat-client.ts';

export interface ConversationsState {
  status: 'loading' | 'ready' | 'error';
  items: Conversation[];
  hasMore: boolean;
  loadingMore: boolean;
}

/**
 * A live message moves its conversation to the top with the new last message; it counts
 * as unread unless it is mine, a thread reply, or the conversation is open. Pure.
 */
export function withMessage(
  items: Conversation[],
  m: Message,
  me: string,
  openId: string | null,
): Conversation[] | null {
  const i = items.findIndex((c) => c.conversation_id === m.conversation_id);
  if (i < 0) return null;
  const c = items[i];
  const unread =
    m.sender.uid !== me && !m.parent_id && c.conversation_id !== openId && m.category !== 'action';
  const next: Conversation = {
    ...c,
    last_message: m.parent_id ? c.last_message : m,
    updated_at: Math.max(c.updated_at, m.sent_at),
    unread_message_count: c.unread_message_count + (unread ? 1 : 0),
  };
  return [next, ...items.slice(0, i), ...items.slice(i + 1)];
}

/**
 * Seed 001 §4: marking a conversation read moves it to the top with unread count 0; null
 * when it is not in the list or has nothing unread. Pure.
 */
export function withRead(items: Conversation[], conversationId: string): Conversation[] | null {
  const i = items.findIndex((c) => c.conversation_id === conversationId);
  if (i < 0 || items[i].unread_message_count === 0) return null;
  return [{ ...items[i], unread_message_count: 0 }, ...items.slice(0, i), ...items.slice(i + 1)];
}

/** Replaces the last message when it was edited or deleted. */
export function withChanged(items: Conversation[], m: Message): Conversation[] {
  return items.map((c) => (c.last_message?.id === m.id ? { ...c, last_message: m } : c));
}

/** The conversation list (seed 001 §2, §4): 30 a page, live updates, delete, mark read. */
export function useConversations(client: ChatClient, me: string, openId: string | null) {
  const [state, setState] = useState<ConversationsState>({
    status: 'loading',
    items: [],
    hasMore: false,
    loadingMore: false,
  });
  const ref = useRef(state);
  const page = useRef(1);
  const open = useRef(openId);
  open.current = openId;
  const set = useCallback((next: ConversationsState) => {
    ref.current = next;
    setState(next);
  }, []);

  const reload = useCallback(() => {
    page.current = 1;
    client.conversations({ page: 1 }).then(
      (items) =>
        set({
          status: 'ready',
          items,
          hasMore: items.length >= PAGE_SIZES.conversations,
          loadingMore: false,
        }),
      () => set({ status: 'error', items: [], hasMore: false, loadingMore: false }),
    );
  }, [client, set]);

  useEffect(reload, [reload]);

  const loadMore = useCallback(() => {
    const s = ref.current;
    if (s.status !== 'ready' || !s.hasMore || s.loadingMore) return;
    set({ ...s, loadingMore: true });
    const next = page.current + 1;
    client.conversations({ page: next }).then(
      (items) => {
        page.current = next;
        const known = new Set(ref.current.items.map((c) => c.conversation_id));
        set({
          ...ref.current,
          items: [...ref.current.items, ...items.filter((c) => !known.has(c.conversation_id))],
          hasMore: items.length >= PAGE_SIZES.conversations,
          loadingMore: false,
        });
      },
      () => set({ ...ref.current, loadingMore: false }),
    );
  }, [client, set]);

  useEffect(
    () =>
      client.on((e) => {
        const s = ref.current;
        if (e.type === 'message') {
          const items = withMessage(s.items, e.message, me, open.current);
          if (items) set({ ...s, items, status: 'ready' });
          else if (!e.message.parent_id) reload(); // a new conversation: the server knows its name
        } else if (e.type === 'edited' || e.type === 'deleted') {
          set({ ...s, items: withChanged(s.items, e.message) });
        } else if (e.type === 'ready') {
          reload(); // reconnected: counts may have moved
        }
      }),
    [client, me, reload, set],
  );

  const markRead = useCallback(
    (conversationId: string) => {
      const items = withRead(ref.current.items, conversationId);
      if (items) set({ ...ref.current, items });
    },
    [set],
  );

  const remove = useCallback(
    async (conversationId: string) => {
      await client.deleteConversation(conversationId);
      set({ ...ref.current, items: ref.current.items.filter((c) => c.conversation_id !== conversationId) });
    },
    [client, set],
  );

  return { state, loadMore, markRead, remove, reload };
}
