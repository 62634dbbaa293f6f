import { createContext, useContext } from 'react';
import type { ChatClient } from './chat-client.ts';

/**
 * The chat client of the signed-in session, provided by the chat provider the app mounts
 * after login (null while signed out or before the first connect). Chat components read it
 * here and never construct an adapter themselves.
 */
export const ChatClientContext = createContext<ChatClient | null>(null);

export function useChatClient(): ChatClient | null {
  return useContext(ChatClientContext);
}
