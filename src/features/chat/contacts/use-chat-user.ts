import { useEffect, useState } from 'react';
import type { ChatUser } from '#shared/chat/entities';
import type { ChatClient } from '../client/chat-client.ts';
import { applyBlock, useBlockFrames } from './live-block.ts';

/**
 * The partner of a one-to-one conversation opened from the conversation list, read by
 * uid (presence and blocks as the caller sees them). Presence and blocks then change it
 * live (`setUser`).
 */
export function useChatUser(client: ChatClient, uid: string | null, known?: ChatUser) {
  const [user, setUser] = useState<ChatUser | undefined>(known);
  useEffect(() => {
    if (!uid) return setUser(undefined);
    if (known?.uid === uid) return setUser(known);
    let live = true;
    setUser(undefined);
    client
      .user(uid)
      .then((u) => live && setUser(u))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [client, uid, known]);
  useBlockFrames(client, (e) => {
    const me = client.me?.uid;
    if (me) setUser((u) => u && applyBlock(u, e, me));
  });
  return [user, setUser] as const;
}
