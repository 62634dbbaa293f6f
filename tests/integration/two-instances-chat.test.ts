import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import type { ServerMessage } from '#shared/chat/protocol';
import { LoopbackProxy } from '#test/helpers/loopback-proxy';
import {
  freePort,
  freshDatabase,
  SERVER_START_TIMEOUT_MS,
  ServerProcess,
} from '#test/helpers/server-process';

/**
 * Chat across two server processes on ONE database (issue 5 §6): fan-out rides
 * PostgreSQL LISTEN/NOTIFY, presence is counted per instance. Ani is connected to
 * instance 0, Budi to instance 1, Citra to instance 1 and Dodi through the round-robin
 * proxy; every delivery is checked to arrive exactly once (a later frame from the same
 * sender is the fence: once it is there, a duplicate of the earlier one would be too).
 */

let servers: ServerProcess[] = [];
let proxy: LoopbackProxy;

class Client {
  readonly frames: ServerMessage[] = [];
  private waiters: { pred: (f: ServerMessage) => boolean; resolve: (f: ServerMessage) => void }[] = [];
  uid = '';
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as ServerMessage;
      this.frames.push(frame);
      const hit = this.waiters.filter((w) => w.pred(frame));
      this.waiters = this.waiters.filter((w) => !hit.includes(w));
      for (const w of hit) w.resolve(frame);
    });
  }

  static async open(base: string, token: string): Promise<Client> {
    const c = new Client(
      new WebSocket(`${base.replace(/^http/, 'ws')}/api/chat/socket?token=${token}&lang=en`),
    );
    const ready = await c.next<'ready'>((f) => f.type === 'ready');
    c.uid = ready.user.uid;
    return c;
  }

  next<T extends ServerMessage['type']>(pred: (f: ServerMessage) => boolean, timeoutMs = 10_000) {
    const seen = this.frames.find(pred);
    if (seen) return Promise.resolve(seen as Extract<ServerMessage, { type: T }>);
    return new Promise<Extract<ServerMessage, { type: T }>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no matching frame')), timeoutMs);
      this.waiters.push({
        pred,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f as Extract<ServerMessage, { type: T }>);
        },
      });
    });
  }

  count(pred: (f: ServerMessage) => boolean): number {
    return this.frames.filter(pred).length;
  }

  send(frame: object): void {
    this.ws.send(JSON.stringify(frame));
  }

  /** Sends a text and waits for the ack (the message is committed). */
  async text(receiver_type: 'user' | 'group', receiver: string, text: string) {
    const client_id = randomUUID();
    this.send({ type: 'send', client_id, receiver_type, receiver, text });
    return (await this.next<'ack'>((f) => f.type === 'ack' && f.client_id === client_id)).message;
  }

  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return;
    const closed = new Promise((r) => this.ws.once('close', r));
    this.ws.close();
    await closed;
  }
}

async function call(base: string, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

const emails: string[] = [];
async function signUp(base: string, username: string): Promise<string> {
  const email = `${username.toLowerCase()}.${randomUUID().slice(0, 6)}@example.com`;
  emails.push(email);
  const password = 'rahasia-123';
  await call(base, 'POST', '/registrasi', { username, email, password, password_confirmation: password });
  await call(base, 'POST', '/login/email', { email, password });
  const outbox = await call(base, 'GET', `/dev/outbox?to=${encodeURIComponent(email)}`);
  const code = outbox.find((m: { body: string }) => /\d{6}/.test(m.body)).body.match(/(\d{6})/)[1];
  return (await call(base, 'POST', '/login/otp', { email, code })).token;
}

const isMessage = (id: string) => (f: ServerMessage) => f.type === 'message' && f.message.id === id;
const presenceOf = (uid: string, status: 'online' | 'offline') => (f: ServerMessage) =>
  f.type === 'presence' && f.uid === uid && f.status === status;

const tokens: Record<'ani' | 'budi' | 'citra' | 'dodi', string> = { ani: '', budi: '', citra: '', dodi: '' };
let ani: Client;
let budi: Client;
const open: Client[] = [];

beforeAll(async () => {
  const databaseUrl = await freshDatabase(inject('pgBaseUrl'));
  servers = [
    new ServerProcess(databaseUrl, await freePort()),
    new ServerProcess(databaseUrl, await freePort()),
  ];
  await Promise.all(servers.map((s) => s.start()));
  proxy = new LoopbackProxy(servers.map((s) => ({ host: '127.0.0.1', port: s.port })));
  await proxy.listen();
  const base = servers[0]!.baseUrl;
  for (const name of ['Ani', 'Budi', 'Citra', 'Dodi'] as const)
    tokens[name.toLowerCase() as keyof typeof tokens] = await signUp(base, name);
  // Chat stays inside farms: Ani's farm makes the four each other's contacts.
  const farm = await call(base, 'POST', '/farm/add', { name: 'Tambak Bersama' }, tokens.ani);
  for (const email of emails.slice(1))
    await call(
      base,
      'POST',
      '/userFarm',
      { farm_id: farm.farm_id, email, role_id: 2, ponds: [] },
      tokens.ani,
    );
}, SERVER_START_TIMEOUT_MS);

afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
  await proxy?.close();
  await Promise.all(servers.map((s) => s.kill()));
});

describe('chat across two instances on one database', () => {
  it("shows Budi (instance 1) online at Ani's (instance 0)", async () => {
    ani = await Client.open(servers[0]!.baseUrl, tokens.ani);
    open.push(ani);
    budi = await Client.open(servers[1]!.baseUrl, tokens.budi);
    open.push(budi);
    await ani.next(presenceOf(budi.uid, 'online'));
  });

  it("delivers Ani's message to Budi once and Budi's read receipt back to Ani", async () => {
    const first = await ani.text('user', budi.uid, 'Pakan pagi sudah?');
    const got = await budi.next<'message'>(isMessage(first.id));
    expect(got.message.text).toBe('Pakan pagi sudah?');
    expect(got.message.sender.uid).toBe(ani.uid);

    budi.send({ type: 'mark_read', id: first.id, ref: 'r1' });
    await budi.next((f) => f.type === 'ok' && f.ref === 'r1');
    const receipt = await ani.next<'receipt'>(
      (f) => f.type === 'receipt' && f.message_id === first.id && f.receipt === 'read',
    );
    expect(receipt.uid).toBe(budi.uid);

    // Fence: a second message arrives after the first; the first arrived exactly once.
    const second = await ani.text('user', budi.uid, 'Sudah dicek?');
    await budi.next(isMessage(second.id));
    expect(budi.count(isMessage(first.id))).toBe(1);
    // Budi's answer crosses the other way, once.
    const answer = await budi.text('user', ani.uid, 'Sudah, 25 kg.');
    await ani.next(isMessage(answer.id));
    const fence = await budi.text('user', ani.uid, 'Oke');
    await ani.next(isMessage(fence.id));
    expect(ani.count(isMessage(answer.id))).toBe(1);
    expect(ani.count((f) => f.type === 'receipt' && f.message_id === first.id && f.receipt === 'read')).toBe(
      1,
    );
  });

  it('delivers a group message once to members spread over both instances and the proxy', async () => {
    const citra = await Client.open(servers[1]!.baseUrl, tokens.citra);
    const dodi = await Client.open(proxy.url, tokens.dodi);
    open.push(citra, dodi);
    const group = await call(
      servers[0]!.baseUrl,
      'POST',
      '/chat/groups',
      { name: 'Tambak Dua', type: 'private' },
      tokens.ani,
    );
    const added = await call(
      servers[1]!.baseUrl,
      'POST',
      `/chat/groups/${group.guid}/members`,
      { uids: [budi.uid, citra.uid, dodi.uid] },
      tokens.ani,
    );
    expect(Object.values(added)).toEqual(['success', 'success', 'success']);

    const msg = await ani.text('group', group.guid, 'Panen besok jam 5.');
    for (const member of [budi, citra, dodi]) await member.next(isMessage(msg.id));
    // Citra (instance 1) answers; Ani (instance 0), Budi (1) and Dodi (proxy) get it.
    const reply = await citra.text('group', group.guid, 'Siap.');
    for (const member of [ani, budi, dodi]) await member.next(isMessage(reply.id));
    const fence = await ani.text('group', group.guid, 'Terima kasih.');
    for (const member of [budi, citra, dodi]) await member.next(isMessage(fence.id));
    for (const member of [budi, citra, dodi]) expect(member.count(isMessage(msg.id))).toBe(1);
    for (const member of [ani, budi, dodi]) expect(member.count(isMessage(reply.id))).toBe(1);
  });

  it("shows Budi offline at Ani's once his only socket (on the other instance) closes", async () => {
    expect(ani.count(presenceOf(budi.uid, 'offline'))).toBe(0);
    await budi.close();
    const offline = await ani.next<'presence'>(presenceOf(budi.uid, 'offline'));
    expect(offline.last_active_at).toEqual(expect.any(Number));
    // Back online on instance 0 this time: Ani hears of it again.
    budi = await Client.open(servers[0]!.baseUrl, tokens.budi);
    open.push(budi);
    const online = presenceOf(budi.uid, 'online');
    await ani.next((f) => online(f) && ani.count(online) >= 2);
    expect(ani.count(online)).toBe(2);
  });
});
