import { useEffect, useRef } from 'react';
import type { ChatEvent } from '../client/chat-client.ts';
import { useChatClient } from '../client/chat-context.tsx';

/** Calls `handler` with every live chat event while mounted (the latest handler, no resubscribe). */
export function useChatEvent(handler: (event: ChatEvent) => void): void {
  const client = useChatClient();
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    if (!client) return;
    return client.on((event) => ref.current(event));
  }, [client]);
}
