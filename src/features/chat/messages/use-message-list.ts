import { useCallback, useEffect, useRef, useState } from 'react';
import type { Message } from '#shared/chat/entities';
import { conversationId } from '#shared/chat/rules';
import type { ChatClient, ChatEvent, Target } from '../client/chat-client.ts';
import {
  acked,
  applyReceipt,
  compose,
  flush,
  initialList,
  type ListMessage,
  type ListState,
  loaded,
  olderLoaded,
  PAGE_SIZE,
  receive,
  sendFailed,
  updateById,
} from './list-state.ts';

interface Options {
  client: ChatClient;
  me: string;
  target: Target;
  /** Thread view: the replies of this message; main view hides replies. */
  parentId?: string;
  search?: string;
  /** Tells the view whether the reader is at the bottom right now. */
  isAtBottom: () => boolean;
}

export interface MessageList {
  state: ListState;
  reload: () => void;
  loadOlder: () => void;
  /** Banner click or scroll to the bottom. */
  showQueued: () => void;
  composed: (message: ListMessage) => void;
  acked: (message: Message) => void;
  failed: (clientId: string, error: string) => void;
  patch: (id: string, fn: (m: ListMessage) => ListMessage) => void;
}

/**
 * One conversation's (or thread's) messages: loads pages of 30, applies live events and
 * marks incoming messages read once they are shown (seed 001 §4).
 */
export function useMessageList({ client, me, target, parentId, search, isAtBottom }: Options): MessageList {
  const [state, setState] = useState<ListState>(initialList);
  const ref = useRef(state);
  const counted = useRef(new Set<string>());
  const generation = useRef(0);
  const set = useCallback((next: ListState) => {
    ref.current = next;
    setState(next);
  }, []);
  const { receiver_type, receiver } = target;
  const convId = conversationId(receiver_type, me, receiver);
  const atBottom = useRef(isAtBottom);
  atBottom.current = isAtBottom;

  const markRead = useCallback(
    (messages: Message[]) => {
      // Reading the newest marks the conversation read up to it; receipts are not worth a toast.
      const last = [...messages].reverse().find((m) => m.sender.uid !== me && !m.deleted_at);
      if (last && (last.receiver_type === 'group' || last.read_at === null))
        client.markRead(last.id).catch(() => {});
    },
    [client, me],
  );

  const request = useCallback(
    (before?: string) =>
      client.history({
        receiver_type,
        receiver,
        before,
        parent_id: parentId,
        hide_replies: parentId ? undefined : true,
        search: search || undefined,
        limit: PAGE_SIZE,
      }),
    [client, receiver_type, receiver, parentId, search],
  );

  const reload = useCallback(() => {
    const gen = ++generation.current;
    counted.current = new Set();
    set(initialList);
    request().then(
      (page) => {
        if (gen !== generation.current) return;
        set(loaded(page));
        markRead(page);
      },
      () => gen === generation.current && set({ ...initialList, status: 'error' }),
    );
  }, [request, set, markRead]);

  useEffect(reload, [reload]);

  const loadOlder = useCallback(() => {
    const s = ref.current;
    if (s.status !== 'ready' || !s.hasOlder || s.loadingOlder) return;
    const oldest = s.messages.find((m) => !m._pending);
    if (!oldest) return;
    const gen = generation.current;
    set({ ...s, loadingOlder: true });
    request(oldest.id).then(
      (page) => gen === generation.current && set(olderLoaded(ref.current, page)),
      () => gen === generation.current && set({ ...ref.current, loadingOlder: false }),
    );
  }, [request, set]);

  const showQueued = useCallback(() => {
    const out = flush(ref.current);
    if (out.shown.length === 0) return;
    markRead(out.shown);
    if (out.rebuild) reload();
    else set(out.state);
  }, [markRead, reload, set]);

  useEffect(() => {
    const onMessage = (m: Message) => {
      if (m.conversation_id !== convId) return;
      if (!parentId && m.parent_id) {
        // Replies stay in their thread; the parent's count goes up once per reply.
        if (counted.current.has(m.id)) return;
        counted.current.add(m.id);
        set(updateById(ref.current, m.parent_id, (p) => ({ ...p, reply_count: p.reply_count + 1 })));
        return;
      }
      if (parentId && m.parent_id !== parentId) return;
      if (search) return; // search results are a snapshot
      const out = receive(ref.current, m, atBottom.current());
      set(out.state);
      if (out.outcome === 'appended') markRead([m]);
    };
    const onEvent = (e: ChatEvent) => {
      switch (e.type) {
        case 'message':
          return onMessage(e.message);
        case 'edited':
        case 'deleted':
          return set(updateById(ref.current, e.message.id, () => e.message));
        case 'receipt':
          if (e.conversation_id === convId && e.uid !== me)
            set(applyReceipt(ref.current, me, e.message_id, e.receipt, e.at));
          return;
        case 'reaction':
          return set(updateById(ref.current, e.message_id, (m) => ({ ...m, reactions: e.reactions })));
        case 'poll':
          return set(
            updateById(ref.current, e.message_id, (m) => ({ ...m, data: { ...m.data, poll: e.poll } })),
          );
        default:
          return;
      }
    };
    return client.on(onEvent);
  }, [client, convId, me, parentId, search, set, markRead]);

  return {
    state,
    reload,
    loadOlder,
    showQueued,
    composed: useCallback((m) => set(compose(ref.current, m)), [set]),
    acked: useCallback((m) => set(acked(ref.current, m)), [set]),
    failed: useCallback((clientId, error) => set(sendFailed(ref.current, clientId, error)), [set]),
    patch: useCallback((id, fn) => set(updateById(ref.current, id, fn)), [set]),
  };
}
