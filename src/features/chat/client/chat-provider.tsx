import { createContext, type ReactNode, Suspense, useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { afterFirstScreen } from '#components/first-screen.ts';
import { lazyPart, QuietBoundary } from '#components/lazy-part';
import { useSession } from '#components/session';
import { api } from '#local/api-client';
import { DEFAULT_LANGUAGE, isLanguage } from '#shared/i18n/language';
import type { ChatClient } from './chat-client.ts';
import { ChatClientContext } from './chat-context.tsx';

const ChatUnreadContext = createContext(0);
/** Calls ring on any screen; their code loads only once the chat client exists. */
const CallHost = lazyPart(() => import('../calls/call-host.tsx').then((m) => ({ default: m.CallHost })));

/** Total unread messages over all conversations (0 while signed out or not connected yet). */
export function useChatUnread(): number {
  return useContext(ChatUnreadContext);
}

/**
 * Connects the chat while a session exists (seed 001 §1): the adapter loads after the
 * first screen, connects, and is provided through ChatClientContext; logout or another user
 * tears it down. A chat failure never blocks the app: errors are logged and swallowed,
 * and the adapter keeps reconnecting on its own.
 */
export function ChatProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const token = session?.token ?? null;
  const { i18n } = useTranslation();
  const language = useRef(i18n.language);
  language.current = i18n.language;
  const [client, setClient] = useState<ChatClient | null>(null);
  const [unread, setUnread] = useState(0);

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    let teardown = () => {};
    // The chat connects once the first screen is up: on a slow link its code and socket
    // must not hold back the screen the user opened.
    afterFirstScreen()
      .then(() => import('./chat-runtime.ts'))
      .then(async ({ createChatClient, DeliveryMarker, UnreadTracker }) => {
        // Built-in, or hosted when configured (ADR 0006): the server's choice, remembered offline.
        const made = await createChatClient({
          language: () => (isLanguage(language.current) ? language.current : DEFAULT_LANGUAGE),
        });
        if (cancelled) return;
        const tracker = new UnreadTracker(made, setUnread);
        // Delivered on receipt on any screen, once (seed 001 §4).
        const delivery = new DeliveryMarker(made);
        teardown = () => {
          tracker.stop();
          delivery.stop();
          made.disconnect();
        };
        setClient(made);
        made
          .connect()
          // Push is initialised after chat login (seed 001 §1): only re-subscribes where the
          // user already allowed notifications; asking is the info tab's switch.
          // The push module loads then, not with the app's first download.
          .then(() => import('#local/push-subscription'))
          .then(({ syncPushSubscription }) => syncPushSubscription(api))
          .catch((error: unknown) => console.warn('[chat] connect failed', error));
      })
      .catch((error: unknown) => console.warn('[chat] could not load', error));
    return () => {
      cancelled = true;
      teardown();
      setClient(null);
      setUnread(0);
    };
  }, [token]);

  return (
    <ChatClientContext.Provider value={client}>
      <ChatUnreadContext.Provider value={unread}>{children}</ChatUnreadContext.Provider>
      {client && (
        <QuietBoundary>
          <Suspense fallback={null}>
            <CallHost />
          </Suspense>
        </QuietBoundary>
      )}
    </ChatClientContext.Provider>
  );
}
