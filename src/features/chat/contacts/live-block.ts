import { useEffect, useRef } from 'react';
import type { ChatUser } from '#shared/chat/entities';
import type { ChatClient, ChatEvent } from '../client/chat-client.ts';

export type BlockEvent = Extract<ChatEvent, { type: 'block' }>;

/** `user` as `me` sees it after a block or unblock between the two (either way). */
export function applyBlock<U extends ChatUser>(user: U, e: BlockEvent, me: string): U {
  if (e.by === me && e.uid === user.uid && user.blocked_by_me !== e.blocked)
    return { ...user, blocked_by_me: e.blocked };
  if (e.uid === me && e.by === user.uid && user.has_blocked_me !== e.blocked)
    return { ...user, has_blocked_me: e.blocked };
  return user;
}

/** Calls `onBlock` for each live (or caught-up) block frame about `me`. */
export function useBlockFrames(client: ChatClient, onBlock: (e: BlockEvent) => void): void {
  const ref = useRef(onBlock);
  ref.current = onBlock;
  useEffect(
    () =>
      client.on((e) => {
        if (e.type === 'block') ref.current(e);
      }),
    [client],
  );
}
