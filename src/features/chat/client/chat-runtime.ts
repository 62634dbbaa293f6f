/**
 * What the chat provider loads after the shell (one lazy chunk): the adapter chosen by
 * the installation, the unread tracker and the delivery marker, with the protocol schemas
 * they pull in. The hosted adapter is not in this chunk (imported only in hosted mode), nor
 * the hosted SDK (the adapter imports it on connect), so the built-in chat downloads neither.
 */
import { api } from '#local/api-client';
import { sessionStore } from '#local/session-store';
import type { Language } from '#shared/i18n/language';
import type { ChatClient } from './chat-client.ts';
import { chatProviderChoice } from './chat-provider-choice.ts';
import { createChatRest } from './rest.ts';
import { createSelfHostedChatClient } from './selfhosted-adapter.ts';

export { DeliveryMarker } from './delivery-marker.ts';
export { UnreadTracker } from './unread-tracker.ts';

/** The built-in chat, or the hosted one when the server says so (GET /api/chat/provider). */
export async function createChatClient(options: { language: () => Language }): Promise<ChatClient> {
  const choice = await chatProviderChoice(api);
  if (choice.provider !== 'hosted') return createSelfHostedChatClient(options);
  // The hosted adapter is a chunk of its own (and the SDK another): the built-in chat never loads them.
  const { createHostedChatClient } = await import('./hosted-adapter.ts');
  const rest = createChatRest({ api, session: sessionStore, language: options.language, baseUrl: '/api' });
  return createHostedChatClient({
    appId: choice.app_id,
    region: choice.region,
    authKey: choice.auth_key,
    user: () => {
      const user = sessionStore.get()?.user;
      return user ? { uid: user.id, name: user.username } : null;
    },
    language: options.language,
    upload: (file, name) => rest.upload(file, name),
  });
}
