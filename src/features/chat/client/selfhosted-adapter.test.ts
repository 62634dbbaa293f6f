import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createSessionStore } from '#local/session-store';
import type { Language } from '#shared/i18n/language';
import { translate } from '#shared/i18n/messages';
import { type QuickUser, quickUser, shareFarm } from '#test/helpers/farm-fixtures';
import { type App, createTestApp } from '#test/helpers/test-app';
import type { ChatEvent } from './chat-client.ts';
import { describeChatPort, type PortHarness } from './chat-port.contract.ts';
import { DeliveryMarker } from './delivery-marker.ts';
import { SelfHostedChatClient } from './selfhosted-adapter.ts';
import type { WebSocketFactory } from './socket-connection.ts';
import { UnreadTracker } from './unread-tracker.ts';

/**
 * A raw TCP proxy in front of the server that can cut every connection, refuse new ones
 * ("no signal") and swallow what the server sends back (an answer lost on the way).
 */
class CutProxy {
  private readonly server: net.Server;
  private readonly pairs = new Set<[net.Socket, net.Socket]>();
  port = 0;
  refuse = false;
  holdDownstream = false;
  accepted = 0;

  constructor(private readonly target: number) {
    this.server = net.createServer((client) => {
      if (this.refuse) {
        client.destroy();
        return;
      }
      this.accepted += 1;
      const upstream = net.connect(this.target, '127.0.0.1');
      const pair: [net.Socket, net.Socket] = [client, upstream];
      this.pairs.add(pair);
      const end = () => {
        client.destroy();
        upstream.destroy();
        this.pairs.delete(pair);
      };
      client.on('data', (d) => upstream.write(d));
      upstream.on('data', (d) => {
        if (!this.holdDownstream) client.write(d);
      });
      for (const s of pair) {
        s.on('error', end);
        s.on('close', end);
      }
    });
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  cut(): void {
    for (const [a, b] of this.pairs) {
      a.destroy();
      b.destroy();
    }
    this.pairs.clear();
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Counts and records every socket the adapter opens. */
function countingWebSocket() {
  const urls: string[] = [];
  class Counting extends WebSocket {
    constructor(url: string) {
      super(url);
      urls.push(url);
    }
  }
  return { urls, WebSocket: Counting as unknown as WebSocketFactory };
}

/** A stand-in for the page's window and document: only the events the adapter listens to. */
function pageEnv() {
  const window = new EventTarget();
  const document = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  return { window, document };
}

let app: App;
let proxy: CutProxy;
let appPort = 0;
let ani: QuickUser;
let budi: QuickUser;
const clients: SelfHostedChatClient[] = [];

beforeAll(async () => {
  app = await createTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  appPort = (app.server.address() as net.AddressInfo).port;
  proxy = new CutProxy(appPort);
  await proxy.listen();
  ani = await quickUser(app, 'Ani');
  budi = await quickUser(app, 'Budi');
  await shareFarm(app, ani, budi);
});
afterEach(() => {
  for (const c of clients.splice(0)) c.disconnect();
  proxy.refuse = false;
  proxy.holdDownstream = false;
  proxy.cut();
});
afterAll(async () => {
  await proxy?.close();
  await app?.close();
});

interface ClientSetup {
  viaProxy?: boolean;
  lang?: Language;
  token?: string;
  WebSocket?: WebSocketFactory;
  env?: ReturnType<typeof pageEnv>;
  pingIntervalMs?: number;
  reconnectBaseMs?: number;
}

function chatClient(user: QuickUser, setup: ClientSetup = {}) {
  const session = createSessionStore(null);
  const token = setup.token ?? user.auth.authorization.slice('Bearer '.length);
  session.set({ token, user: null, pu_id: '' });
  const port = setup.viaProxy ? proxy.port : appPort;
  const client = new SelfHostedChatClient({
    baseUrl: `http://127.0.0.1:${port}/api`,
    session,
    language: () => setup.lang ?? 'en',
    WebSocket: setup.WebSocket ?? (WebSocket as unknown as WebSocketFactory),
    env: setup.env ?? { window: null, document: null },
    reconnectBaseMs: setup.reconnectBaseMs ?? 20,
    reconnectCapMs: Math.max(200, setup.reconnectBaseMs ?? 0),
    pingIntervalMs: setup.pingIntervalMs,
    log: () => {},
  });
  clients.push(client);
  const events: ChatEvent[] = [];
  client.on((e) => events.push(e));
  /** The first event (seen already or coming) that matches. */
  const next = async <T extends ChatEvent>(pred: (e: ChatEvent) => boolean): Promise<T> => {
    await vi.waitFor(() => expect(events.some(pred)).toBe(true), { timeout: 10_000, interval: 10 });
    return events.find(pred) as T;
  };
  return { client, events, next };
}

const textTo = (to: QuickUser, text: string) => ({
  client_id: randomUUID(),
  receiver_type: 'user' as const,
  receiver: to.id,
  text,
});

const stored = (clientId: string) =>
  app.ctx.db.selectFrom('chat_messages').select('id').where('client_id', '=', clientId).execute();

/** The port's contract (chat-port.contract.ts) against the real engine, cut through the proxy. */
const harness = (): PortHarness => ({
  subject: (lang) => chatClient(ani, { viaProxy: true, lang }).client,
  peer: async () => {
    const b = chatClient(budi);
    await b.client.connect();
    return {
      uid: budi.id,
      name: 'Budi',
      send: async (text) => (await b.client.send(textTo(ani, text))).id,
      received: (id) => b.events.some((e) => e.type === 'message' && e.message.id === id),
      markRead: (id) => b.client.markRead(id),
    };
  },
  cut: () => {
    proxy.refuse = true;
    proxy.cut();
  },
  restore: () => {
    proxy.refuse = false;
  },
  stored: async (clientId) => (await stored(clientId)).length,
});

describeChatPort('selfhosted (the real chat engine over a real socket)', harness);

describe('SelfHostedChatClient against the real chat engine', () => {
  it('resends an unanswered message after a dropped connection and it is stored once', async () => {
    const a = chatClient(ani, { viaProxy: true });
    await a.client.connect();
    proxy.holdDownstream = true; // the server's ack will be lost
    const out = textTo(budi, 'sekali saja');
    const sending = a.client.send(out);
    await vi.waitFor(async () => expect(await stored(out.client_id)).toHaveLength(1), {
      interval: 10,
      timeout: 10_000,
    });
    proxy.holdDownstream = false;
    proxy.cut();
    const message = await sending;
    const rows = await stored(out.client_id);
    expect(rows).toEqual([{ id: message.id }]);
    // It went down and came back on its own.
    const states = a.events.flatMap((e) => (e.type === 'connection' ? [e.state] : []));
    expect(states).toEqual(['connecting', 'online', 'offline', 'connecting', 'online']);
  });

  it('catches up after a reconnect on what was missed while disconnected', async () => {
    const sockets = countingWebSocket();
    const a = chatClient(ani);
    const b = chatClient(budi, { viaProxy: true, WebSocket: sockets.WebSocket });
    await a.client.connect();
    await b.client.connect();
    proxy.refuse = true;
    proxy.cut();
    await b.next((e) => e.type === 'connection' && e.state === 'offline');
    const missed = await a.client.send(textTo(budi, 'selagi kamu offline'));
    await a.client.react(missed.id, ':heart:');
    expect(b.events.some((e) => e.type === 'message' && e.message.id === missed.id)).toBe(false);
    proxy.refuse = false;
    const replayed = await b.next<Extract<ChatEvent, { type: 'message' }>>(
      (e) => e.type === 'message' && e.message.id === missed.id,
    );
    expect(replayed.event_id).toMatch(/^\d+$/);
    await b.next((e) => e.type === 'reaction' && e.message_id === missed.id && e.action === 'added');
    expect(sockets.urls.at(-1)).toMatch(/[?&]since=\d+/);
    expect(sockets.urls[0]).not.toMatch(/since=/);
    // Each replayed event is emitted once.
    expect(b.events.filter((e) => e.type === 'message' && e.message.id === missed.id)).toHaveLength(1);
  });

  it('finds a dead socket by its unanswered ping and reconnects', async () => {
    const a = chatClient(ani, { viaProxy: true, pingIntervalMs: 50 });
    await a.client.connect();
    proxy.holdDownstream = true; // the socket stays open but nothing comes back
    await a.next((e) => e.type === 'connection' && e.state === 'offline');
    proxy.holdDownstream = false;
    await vi.waitFor(() => expect(a.client.state).toBe('online'), { interval: 10, timeout: 10_000 });
    expect(proxy.accepted).toBeGreaterThanOrEqual(2);
  });

  it('reconnects at once when the device comes back online or the page becomes visible', async () => {
    const sockets = countingWebSocket();
    const env = pageEnv();
    // A backoff so long that only the trigger can bring it back within the wait.
    const a = chatClient(ani, {
      viaProxy: true,
      WebSocket: sockets.WebSocket,
      env,
      reconnectBaseMs: 600_000,
    });
    await a.client.connect();
    proxy.cut();
    await a.next((e) => e.type === 'connection' && e.state === 'offline');
    env.window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(a.client.state).toBe('online'), { interval: 10, timeout: 10_000 });
    proxy.cut();
    await vi.waitFor(() => expect(a.client.state).toBe('offline'), { interval: 10, timeout: 10_000 });
    env.document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(a.client.state).toBe('online'), { interval: 10, timeout: 10_000 });
    expect(sockets.urls).toHaveLength(3);
  });

  it('disconnect on logout rejects queued sends and stops reconnecting', async () => {
    const sockets = countingWebSocket();
    const env = pageEnv();
    const a = chatClient(ani, { viaProxy: true, WebSocket: sockets.WebSocket, env });
    await a.client.connect();
    proxy.refuse = true;
    proxy.cut();
    await a.next((e) => e.type === 'connection' && e.state === 'offline');
    const out = textTo(budi, 'tidak pernah terkirim');
    const sending = a.client.send(out).catch((e: unknown) => e);
    a.client.disconnect();
    expect(await sending).toMatchObject({ code: 'disconnected' });
    expect(a.client.state).toBe('idle');
    expect(a.client.me).toBeNull();
    proxy.refuse = false;
    const opened = sockets.urls.length;
    env.window.dispatchEvent(new Event('online'));
    env.document.dispatchEvent(new Event('visibilitychange'));
    expect(sockets.urls).toHaveLength(opened);
    expect(await stored(out.client_id)).toHaveLength(0);
  });

  it('a refused session (close 4401) goes offline without a reconnect loop', async () => {
    const sockets = countingWebSocket();
    const env = pageEnv();
    const a = chatClient(ani, { token: 'not-a-session', WebSocket: sockets.WebSocket, env });
    const error = await a.client.connect().catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'session-expired',
      message: translate('en', 'error.session-expired'),
    });
    expect(a.client.state).toBe('offline');
    env.window.dispatchEvent(new Event('online'));
    expect(sockets.urls).toHaveLength(1);
  });
});

describe('UnreadTracker (the chat button badge)', () => {
  it('counts live messages from others, not replies or own, and clears after mark-read', async () => {
    const cita = await quickUser(app, 'Cita');
    await shareFarm(app, ani, cita);
    const a = chatClient(ani);
    const c = chatClient(cita);
    await a.client.connect();
    await c.client.connect();
    const first = await a.client.send(textTo(cita, 'satu'));
    const totals: number[] = [];
    const tracker = new UnreadTracker(c.client, (total) => totals.push(total));
    try {
      await vi.waitFor(() => expect(totals.at(-1)).toBe(1), { interval: 10, timeout: 10_000 }); // the server's count
      const second = await a.client.send(textTo(cita, 'dua'));
      await a.client.send({ ...textTo(cita, 'balasan'), parent_id: second.id });
      await c.client.send(textTo(ani, 'jawaban saya'));
      await c.next((e) => e.type === 'message' && e.message.parent_id === second.id);
      expect(tracker.total).toBe(2);
      expect(first.id).not.toBe(second.id);
      await c.client.markRead(second.id);
      await vi.waitFor(() => expect(totals.at(-1)).toBe(0), { interval: 10, timeout: 10_000 });
    } finally {
      tracker.stop();
    }
  });
});

describe('DeliveryMarker (chat provider level)', () => {
  it('marks each incoming one-to-one message delivered once, with no chat screen open', async () => {
    const dewi = await quickUser(app, 'Dewi');
    await shareFarm(app, ani, dewi);
    const a = chatClient(ani);
    const d = chatClient(dewi, { viaProxy: true });
    await a.client.connect();
    await d.client.connect();
    const marks: string[] = [];
    const mark = d.client.markDelivered.bind(d.client);
    d.client.markDelivered = (id: string) => {
      marks.push(id);
      return mark(id);
    };
    const marker = new DeliveryMarker(d.client);
    try {
      const first = await a.client.send(textTo(dewi, 'sudah sampai?'));
      await a.next((e) => e.type === 'receipt' && e.receipt === 'delivered' && e.message_id === first.id);
      // Own messages are not marked.
      await d.client.send(textTo(ani, 'sudah'));
      // A message missed while offline is replayed on reconnect and marked then.
      proxy.refuse = true;
      proxy.cut();
      await d.next((e) => e.type === 'connection' && e.state === 'offline');
      const missed = await a.client.send(textTo(dewi, 'selagi offline'));
      proxy.refuse = false;
      await a.next((e) => e.type === 'receipt' && e.receipt === 'delivered' && e.message_id === missed.id);
      expect(marks).toEqual([first.id, missed.id]);
    } finally {
      marker.stop();
    }
  });
});

describe('single reads and live blocks', () => {
  it('reads one user and one group, and tells the blocked person live and after a reconnect', async () => {
    const eko = await quickUser(app, 'Eko');
    await shareFarm(app, ani, eko);
    const a = chatClient(ani);
    const e = chatClient(eko, { viaProxy: true });
    await a.client.connect();
    await e.client.connect();
    expect(await a.client.user(eko.id)).toMatchObject({ uid: eko.id, name: 'Eko', status: 'online' });
    await expect(a.client.user(randomUUID())).rejects.toMatchObject({ code: 'not-found' });
    const group = await a.client.createGroup({ name: 'Rahasia Ani', type: 'private' });
    expect(await a.client.group(group.guid)).toMatchObject({ guid: group.guid, scope: 'admin' });
    await expect(e.client.group(group.guid)).rejects.toMatchObject({ code: 'not-found' });

    await a.client.block(eko.id);
    await e.next((x) => x.type === 'block' && x.by === ani.id && x.uid === eko.id && x.blocked);
    expect(await e.client.user(ani.id)).toMatchObject({ has_blocked_me: true, blocked_by_me: false });

    proxy.refuse = true;
    proxy.cut();
    await e.next((x) => x.type === 'connection' && x.state === 'offline');
    await a.client.unblock(eko.id);
    proxy.refuse = false;
    await e.next((x) => x.type === 'block' && x.by === ani.id && !x.blocked);
  });
});
