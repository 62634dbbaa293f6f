import { useEffect, useState } from 'react';
import type { Group } from '#shared/chat/entities';
import type { ChatClient } from '../client/chat-client.ts';

/** The group of a group conversation (member count for the header), read by its id. */
export function useChatGroup(client: ChatClient, guid: string | null): Group | undefined {
  const [group, setGroup] = useState<Group | undefined>();
  useEffect(() => {
    setGroup(undefined);
    if (!guid) return;
    let live = true;
    client
      .group(guid)
      .then((g) => live && setGroup(g))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [client, guid]);
  return group;
}
