import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import * as ece from 'http_ece';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { isPushPayload, type PushPayload } from '#shared/contracts/push';
import { type QuickUser, quickUser, shareFarm } from '#test/helpers/farm-fixtures';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from '../../app.ts';
import type { PushSender } from './push.service.ts';

/**
 * A local push service: receives what web-push would post to FCM/Mozilla (real
 * aes128gcm encryption and VAPID headers, made by web-push itself) and decrypts it with
 * the fake browser's keys, so the test reads exactly what the service worker would.
 */
interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  payload: PushPayload;
}

const browser = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
};
type Browser = ReturnType<typeof browser>;

let server: Server;
let base: string;
const inbox: Received[] = [];
const browsers = new Map<string, Browser>();
/** Paths answered 410 Gone, as a push service does for a subscription the browser dropped. */
const gone = new Set<string>();

const sender: PushSender = async (subscription, payload, options) => {
  const details = webpush.generateRequestDetails(subscription, payload ?? undefined, options);
  const res = await fetch(details.endpoint, {
    method: details.method,
    headers: details.headers as Record<string, string>,
    body: new Uint8Array(details.body as Buffer),
  });
  if (res.status >= 400) throw Object.assign(new Error(`push ${res.status}`), { statusCode: res.status });
  return { statusCode: res.status, body: '', headers: {} };
};

let app: App;
let a: QuickUser;
let b: QuickUser;
let c: QuickUser;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      if (gone.has(path)) {
        res.writeHead(410).end();
        return;
      }
      const who = browsers.get(path);
      if (!who) {
        res.writeHead(404).end();
        return;
      }
      const plain = ece.decrypt(Buffer.concat(chunks), {
        version: 'aes128gcm',
        privateKey: who.ecdh,
        authSecret: who.auth.toString('base64url'),
      });
      const payload = JSON.parse(plain.toString('utf8'));
      if (!isPushPayload(payload)) throw new Error('bad payload');
      inbox.push({ path, headers: req.headers, payload });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  app = await createTestApp({}, { pushSender: sender });
  a = await quickUser(app, 'Ani');
  b = await quickUser(app, 'Budi');
  c = await quickUser(app, 'Citra');
  await shareFarm(app, a, b, c);
  await app.ctx.db.updateTable('users').set({ language: 'en' }).where('id', '=', c.id).execute();
});
afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => server?.close(resolve));
});

async function subscribe(user: QuickUser) {
  const path = `/push/${randomUUID()}`;
  const who = browser();
  browsers.set(path, who);
  const res = await app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: user.auth,
    payload: { endpoint: `${base}${path}`, keys: who.keys },
  });
  expect(res.statusCode).toBe(200);
  return path;
}

const send = (from: QuickUser, to: QuickUser, text: string) =>
  app.ctx.chat.messages.send(from.id, {
    client_id: randomUUID(),
    receiver_type: 'user',
    receiver: to.id,
    text,
  });

/** Pushes leave after the send answered; wait for the inbox to reach `n`. */
async function inboxOf(n: number) {
  await expect.poll(() => inbox.length, { timeout: 5000 }).toBeGreaterThanOrEqual(n);
  return inbox;
}

describe('Web Push for chat', () => {
  it('hands out one VAPID public key per installation', async () => {
    const one = await app.inject({ url: '/api/push/key', headers: a.auth });
    const two = await app.inject({ url: '/api/push/key', headers: b.auth });
    expect(one.statusCode).toBe(200);
    expect(one.json().data.public_key).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    expect(two.json().data.public_key).toBe(one.json().data.public_key);
  });

  it('pushes a message to an offline recipient, encrypted, signed, in their language', async () => {
    const path = await subscribe(b);
    const pathC = await subscribe(c);
    await send(a, b, 'Air kolam 3 keruh');
    await send(a, c, 'Harvest tomorrow');
    const got = await inboxOf(2);
    const toB = got.find((r) => r.path === path);
    const toC = got.find((r) => r.path === pathC);
    expect(toB?.payload).toMatchObject({ title: 'Ani', body: 'Air kolam 3 keruh', url: '/chat' });
    expect(toB?.headers['content-encoding']).toBe('aes128gcm');
    expect(toB?.headers.authorization).toMatch(/^vapid t=.+, k=.+/);
    expect(toB?.headers.urgency).toBe('high');
    expect(toC?.payload.body).toBe('Harvest tomorrow');
  });

  it('translates media previews and never pushes to the sender', async () => {
    inbox.length = 0;
    const pathA = await subscribe(a);
    await app.ctx.chat.messages.send(c.id, {
      client_id: randomUUID(),
      receiver_type: 'user',
      receiver: a.id,
      message_type: 'image',
      data: { url: '/api/files/x' },
    });
    const [got] = await inboxOf(1);
    expect(got.path).toBe(pathA);
    expect(got.payload.body).toBe('📷 Foto');
    expect(got.payload.title).toBe('Citra');
  });

  it('forgets a subscription the push service says is gone, and a user removes only their own', async () => {
    const path = await subscribe(b);
    gone.add(path);
    inbox.length = 0;
    await send(a, b, 'masih ada?');
    await expect
      .poll(
        async () =>
          (
            await app.ctx.db
              .selectFrom('push_subscriptions')
              .select('endpoint')
              .where('endpoint', '=', `${base}${path}`)
              .execute()
          ).length,
      )
      .toBe(0);
    const pathC = await subscribe(c);
    const other = await app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: a.auth,
      payload: { endpoint: `${base}${pathC}` },
    });
    expect(other.statusCode).toBe(200);
    const own = await app.ctx.db
      .selectFrom('push_subscriptions')
      .select('user_id')
      .where('endpoint', '=', `${base}${pathC}`)
      .executeTakeFirst();
    expect(own?.user_id).toBe(c.id);
  });

  it('refuses a malformed subscription with field errors and stores nothing', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: { ...a.auth, 'accept-language': 'id' },
      payload: { endpoint: 'javascript:alert(1)', keys: { p256dh: '<x>', auth: '' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation-failed');
    const rows = await app.ctx.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('endpoint', 'like', 'javascript%')
      .execute();
    expect(rows).toHaveLength(0);
  });
});
