import { useEffect, useState } from 'react';
import type { ChatUser } from '#shared/chat/entities';
import type { ChatClient } from '../client/chat-client.ts';

/**
 * The partner of a one-to-one conversation opened from the conversation list: the port
 * has no single-user read, so the user list is searched by the conversation's name and
 * matched by uid. Presence and blocks then change it live (`setUser`).
 */
export function useChatUser(client: ChatClient, uid: string | null, name: string, known?: ChatUser) {
  const [user, setUser] = useState<ChatUser | undefined>(known);
  useEffect(() => {
    if (!uid) return setUser(undefined);
    if (known?.uid === uid) return setUser(known);
    let live = true;
    setUser(undefined);
    client
      .users({ search: name })
      .then((users) => live && setUser(users.find((u) => u.uid === uid)))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [client, uid, name, known]);
  return [user, setUser] as const;
}
