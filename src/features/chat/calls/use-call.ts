import { useSyncExternalStore } from 'react';
import type { ChatClient } from '../client/chat-client.ts';
import { useChatClient } from '../client/chat-context.tsx';
import { CallController, type CallView } from './call-controller.ts';

/**
 * One controller per chat client, shared by the header's CallButtons and the CallHost
 * mounted in the chat provider (they are not parent and child, so no context of ours).
 */
const controllers = new WeakMap<ChatClient, CallController>();

export function callControllerFor(client: ChatClient): CallController {
  let c = controllers.get(client);
  if (!c) {
    c = new CallController(client);
    controllers.set(client, c);
  }
  return c;
}

const IDLE_SUBSCRIBE = () => () => {};

export function useCall(): { controller: CallController | null; view: CallView | null } {
  const client = useChatClient();
  const controller = client ? callControllerFor(client) : null;
  const view = useSyncExternalStore(
    controller?.subscribe ?? IDLE_SUBSCRIBE,
    () => controller?.getState() ?? null,
  );
  return { controller, view };
}
