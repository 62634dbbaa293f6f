// @vitest-environment happy-dom
import { createRequire } from 'node:module';
import type { CometChat } from '@cometchat/chat-sdk-javascript';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type HostedChatFake, hostedChatFake } from '#test/helpers/hosted-chat-fake';
import type { ChatClient } from './chat-client.ts';
import { describeChatPort, type PortHarness } from './chat-port.contract.ts';
import { HostedChatClient } from './hosted-adapter.ts';

/**
 * The hosted adapter against the SDK's own classes (`@cometchat/chat-sdk-javascript`),
 * with the network stubbed at the HTTP boundary: `fetch` and `WebSocket` are a small
 * in-memory hosted service (tests/helpers/hosted-chat-fake.ts). The SDK is one logged-in
 * user per page, so the other side of a conversation is the fake service acting for it.
 */

const APP = 'tambakapp';
const REGION = 'eu';
const AUTH = 'auth-key-1';
const ANI = { uid: 'ani-0001', name: 'Ani' };
const BUDI = { uid: 'budi-0002', name: 'Budi' };

let fake: HostedChatFake;
const require = createRequire(import.meta.url);
const SDK_PATH = require.resolve('@cometchat/chat-sdk-javascript');

/**
 * A fresh copy of the SDK module, as a page load has: the SDK holds one session per page
 * in module state, and each test starts from a new page.
 */
function freshSdk(): typeof CometChat {
  delete require.cache[SDK_PATH];
  localStorage.clear();
  const sdk = require(SDK_PATH).CometChat as typeof CometChat;
  // The SDK retries a lost socket every 5 s; the tests wait for conditions, not that long.
  (sdk as unknown as { WSReconnectionTimerInterval: number }).WSReconnectionTimerInterval = 50;
  return sdk;
}
const clients: ChatClient[] = [];
const realFetch = globalThis.fetch;
const realWebSocket = globalThis.WebSocket;
const real = { setTimeout, setInterval, clearTimeout, clearInterval };
/** Timers started during a test: closing the page stops them (the SDK keeps pings and retries). */
const pending = new Set<ReturnType<typeof setTimeout>>();

beforeAll(() => {
  fake = hostedChatFake(APP, REGION, AUTH);
  globalThis.fetch = fake.fetch;
  globalThis.WebSocket = fake.WebSocket as typeof WebSocket;
  fake.addUser(BUDI.uid, BUDI.name);
  const track =
    (start: typeof setTimeout) =>
    (...args: Parameters<typeof setTimeout>) => {
      const handle = start(...args);
      pending.add(handle);
      return handle;
    };
  globalThis.setTimeout = track(real.setTimeout) as typeof setTimeout;
  globalThis.setInterval = track(real.setInterval as typeof setTimeout) as unknown as typeof setInterval;
});
afterEach(() => {
  fake.up();
  for (const c of clients.splice(0)) c.disconnect();
  // Each test is a page: its end stops what the SDK copies of that page still had scheduled,
  // so no timer of theirs fires after the environment is gone.
  for (const handle of pending) {
    real.clearTimeout(handle);
    real.clearInterval(handle);
  }
  pending.clear();
});
afterAll(() => {
  globalThis.fetch = realFetch;
  globalThis.WebSocket = realWebSocket;
  Object.assign(globalThis, real);
});

function subject(user = ANI, lang: 'id' | 'en' = 'en') {
  const client = new HostedChatClient({
    appId: APP,
    region: REGION,
    authKey: AUTH,
    user: () => user,
    language: () => lang,
    loadSdk: async () => freshSdk(),
    pollMs: 10,
    log: () => {},
  });
  clients.push(client);
  return client;
}

const harness = (): PortHarness => ({
  subject: (lang) => subject(ANI, lang),
  peer: async () => ({
    uid: BUDI.uid,
    name: BUDI.name,
    send: async (text) => String(fake.sendAs(BUDI.uid, ANI.uid, text)),
    received: (id) =>
      fake.inbox(BUDI.uid).some((f) => f.type === 'message' && (f.body as { id: string }).id === id),
    markRead: async (id) => fake.markReadAs(BUDI.uid, Number(id)),
  }),
  cut: () => fake.down(),
  restore: () => fake.up(),
  stored: async (clientId) => fake.messages.filter((m) => m.muid === clientId).length,
});

describeChatPort('hosted (SDK over a stubbed network)', harness);

describe('hosted adapter: what only the hosted mode does', () => {
  it('creates a chat user the service does not know with the auth key, then logs in (seed 001 §7)', async () => {
    const cita = { uid: 'cita-0003', name: 'Cita' };
    const client = subject(cita);
    const me = await client.connect();
    expect(me).toMatchObject({ uid: 'cita-0003', name: 'Cita' });
    expect(fake.users.get('cita-0003')).toEqual(cita);
    const auth = fake.requests.filter((r) => r.includes('/users'));
    expect(auth).toEqual(
      expect.arrayContaining([
        `POST ${APP}.api-${REGION}.cometchat.io/v3.0/users/cita-0003/auth_tokens`,
        `POST ${APP}.api-${REGION}.cometchat.io/v3.0/users`,
      ]),
    );
    expect(fake.unknown).toEqual([]);
  });

  it('a wrong auth key fails the connect with a ChatError (the provider logs it, seed 001 §1)', async () => {
    const client = new HostedChatClient({
      appId: APP,
      region: REGION,
      authKey: 'wrong',
      user: () => ANI,
      loadSdk: async () => freshSdk(),
      pollMs: 10,
      log: () => {},
    });
    clients.push(client);
    const error = await client.connect().catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ChatError', code: 'internal' });
    expect(client.state).toBe('offline');
  });

  it('marks read over the service socket with the message sender named', async () => {
    const client = subject();
    await client.connect();
    const id = String(fake.sendAs(BUDI.uid, ANI.uid, 'baca ya'));
    await client.markRead(id);
    await vi.waitFor(() =>
      expect(fake.receiptsSent).toContainEqual(
        expect.objectContaining({
          type: 'receipts',
          messageSender: BUDI.uid,
          body: expect.objectContaining({ action: 'read', messageId: id }),
        }),
      ),
    );
  });

  it('polls, votes, reactions and stickers go through the service extensions (seed 001 §7)', async () => {
    const client = subject();
    await client.connect();
    const target = { receiver_type: 'user' as const, receiver: BUDI.uid };
    const poll = await client.createPoll(target, ' Pakan cukup? ', ['ya', ' tidak ']);
    expect(poll).toMatchObject({ category: 'custom', type: 'poll', receiver_id: BUDI.uid });
    await client.vote(poll.id, 1);
    await client.react(poll.id, ':thumbsup:');
    const stickers = await client.stickers();
    expect(stickers.defaultStickers.map((s) => s.sticker_name)).toEqual(['udang']);
    expect(fake.extensionCalls).toEqual([
      {
        slug: 'polls',
        method: 'POST',
        path: '/v1/create',
        body: {
          question: 'Pakan cukup?',
          options: ['ya', 'tidak'],
          receiver: BUDI.uid,
          receiverType: 'user',
        },
      },
      { slug: 'polls', method: 'POST', path: '/v1/vote', body: { vote: 1, id: poll.id } },
      { slug: 'reactions', method: 'POST', path: '/v1/react', body: { msgId: poll.id, emoji: ':thumbsup:' } },
      { slug: 'stickers', method: 'GET', path: '/v1/fetch', body: {} },
    ]);
    expect(fake.inbox(BUDI.uid).some((f) => (f.body as { id?: string }).id === poll.id)).toBe(true);
  });
});
