import type net from 'node:net';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import WebSocket from 'ws';
import { createSessionStore } from '#local/session-store';
import type { Language } from '#shared/i18n/language';
import { MESSAGES } from '#shared/i18n/messages';
import { uiLocales } from '../../src/components/locales.ts';
import type { ChatClient } from '../../src/features/chat/client/chat-client.ts';
import { ChatClientContext } from '../../src/features/chat/client/chat-context.tsx';
import { SelfHostedChatClient } from '../../src/features/chat/client/selfhosted-adapter.ts';
import type { WebSocketFactory } from '../../src/features/chat/client/socket-connection.ts';
import { chatExtrasLocales } from '../../src/features/chat/extras/locales.ts';
import type { App } from '../../src/server/app.ts';
import type { QuickUser } from './farm-fixtures.ts';
import { createTestApp } from './test-app.ts';

/**
 * Chat components against the real chat engine: a listening test server and the real
 * self-hosted adapter over the `ws` package, signed in as a fixture user.
 */
export async function startChatServer(): Promise<{ app: App; baseUrl: string }> {
  const app = await createTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as net.AddressInfo;
  return { app, baseUrl: `http://127.0.0.1:${port}/api` };
}

export async function connectedClient(baseUrl: string, user: QuickUser, lang: Language = 'en') {
  const session = createSessionStore(null);
  session.set({ token: user.auth.authorization.slice('Bearer '.length), user: null, pu_id: '' });
  const client = new SelfHostedChatClient({
    baseUrl,
    session,
    language: () => lang,
    WebSocket: WebSocket as unknown as WebSocketFactory,
    env: { window: null, document: null },
    log: () => {},
  });
  await client.connect();
  return client;
}

export async function chatI18n(lang: Language) {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: 'en',
    resources: Object.fromEntries(
      (['id', 'en'] as const).map((l) => [
        l,
        { common: MESSAGES[l], ui: uiLocales[l], chatExtras: chatExtrasLocales[l] },
      ]),
    ),
    interpolation: { escapeValue: false },
  });
  return instance;
}

export async function renderWithChat(ui: ReactNode, client: ChatClient | null, lang: Language = 'en') {
  const i18n = await chatI18n(lang);
  return render(
    <I18nextProvider i18n={i18n}>
      <ChatClientContext.Provider value={client}>{ui}</ChatClientContext.Provider>
    </I18nextProvider>,
  );
}
