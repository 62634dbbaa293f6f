import { useEffect, useState } from 'react';
import type { Group } from '#shared/chat/entities';
import type { ChatClient } from '../client/chat-client.ts';

/** The group of a group conversation (member count for the header), found by name like users. */
export function useChatGroup(client: ChatClient, guid: string | null, name: string): Group | undefined {
  const [group, setGroup] = useState<Group | undefined>();
  useEffect(() => {
    setGroup(undefined);
    if (!guid) return;
    let live = true;
    client
      .groups({ search: name })
      .then((groups) => live && setGroup(groups.find((g) => g.guid === guid)))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [client, guid, name]);
  return group;
}
