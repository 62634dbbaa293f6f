import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '#shared/chat/entities';
import { quickUser, shareFarm } from '#test/helpers/farm-fixtures';
import type { App } from '../app.ts';
import { createChatApps, TestSocket, tokenOf } from './chat-test-kit.ts';

let app: App;
let other: App;
type U = Awaited<ReturnType<typeof quickUser>>;
let a: U;
let b: U;
let sa: TestSocket;
let sb: TestSocket;
beforeAll(async () => {
  [app, other] = await createChatApps(2);
  a = await quickUser(app, 'Ani');
  b = await quickUser(app, 'Budi');
  await shareFarm(app, a, b);
  sa = await TestSocket.open(app, tokenOf(a.auth));
  sb = await TestSocket.open(other, tokenOf(b.auth)); // b sits on the second instance
});
afterAll(async () => {
  sa?.close();
  sb?.close();
  await app?.close();
  await other?.close();
});

async function send(from: TestSocket, to: string, text: string, extra: object = {}): Promise<Message> {
  const client_id = randomUUID();
  from.send({ type: 'send', client_id, receiver_type: 'user', receiver: to, text, ...extra });
  const f = await from.next(
    (x) => (x.type === 'ack' && x.client_id === client_id) || (x.type === 'error' && x.ref === client_id),
  );
  if (f.type !== 'ack') throw new Error(JSON.stringify(f));
  return f.message;
}

describe('across instances (LISTEN/NOTIFY)', () => {
  it('delivers a message, its receipts and typing between sockets on two instances', async () => {
    const m = await send(sa, b.id, 'dari instance satu');
    await sb.next((f) => f.type === 'message' && f.message.id === m.id);
    expect((await sb.call({ type: 'mark_delivered', id: m.id })).type).toBe('ok');
    await sa.next((f) => f.type === 'receipt' && f.message_id === m.id && f.receipt === 'delivered');
    await sb.call({ type: 'mark_read', id: m.id });
    await sa.next((f) => f.type === 'receipt' && f.message_id === m.id && f.receipt === 'read');
    sb.send({ type: 'typing_start', receiver_type: 'user', receiver: a.id });
    const typing = await sa.next((f) => f.type === 'typing' && f.uid === b.id);
    expect(typing).toMatchObject({ state: 'start', name: 'Budi' });
    const conv = await app.inject({ method: 'GET', url: '/api/chat/conversations', headers: b.auth });
    expect(conv.json().data[0]).toMatchObject({ conversation_with: a.id, unread_message_count: 0 });
  });
});

describe('edit and delete', () => {
  it('edits and deletes only own messages, text only for edits', async () => {
    const m = await send(sa, b.id, 'asli');
    await sb.next((f) => f.type === 'message' && f.message.id === m.id);
    expect(await sb.call({ type: 'edit', id: m.id, text: 'palsu' })).toMatchObject({
      code: 'chat-not-own-message',
    });
    expect(await sb.call({ type: 'delete', id: m.id })).toMatchObject({ code: 'chat-not-own-message' });
    expect(await sa.call({ type: 'edit', id: m.id, text: '  ' })).toMatchObject({
      code: 'validation-failed',
    });
    expect((await sa.call({ type: 'edit', id: m.id, text: 'diubah' })).type).toBe('ok');
    const edited = await sb.next((f) => f.type === 'edited' && f.message.id === m.id);
    expect(edited.type === 'edited' && edited.message.text).toBe('diubah');
    expect((await sa.call({ type: 'delete', id: m.id })).type).toBe('ok');
    const deleted = await sb.next((f) => f.type === 'deleted' && f.message.id === m.id);
    expect(deleted.type === 'deleted' && deleted.message).toMatchObject({ text: null });
    const forged = await sa.call({ type: 'delete', id: randomUUID() });
    expect(forged).toMatchObject({ code: 'not-found' });
  });
});

describe('threads, reactions and polls', () => {
  it('counts replies, hides them from the main view and refuses a thread of a reply', async () => {
    const parent = await send(sa, b.id, 'induk');
    const reply = await send(sb, a.id, 'balasan', { parent_id: parent.id });
    const err = await sa.call({
      type: 'send',
      client_id: randomUUID(),
      receiver_type: 'user',
      receiver: b.id,
      text: 'x',
      parent_id: reply.id,
    });
    expect(err).toMatchObject({ code: 'validation-failed' });
    const main = await app.inject({
      method: 'GET',
      url: `/api/chat/messages?receiver_type=user&receiver=${b.id}`,
      headers: a.auth,
    });
    const list = main.json().data as Message[];
    expect(list.find((x) => x.id === parent.id)?.reply_count).toBe(1);
    expect(list.some((x) => x.id === reply.id)).toBe(false);
    const thread = await app.inject({
      method: 'GET',
      url: `/api/chat/messages?receiver_type=user&receiver=${b.id}&parent_id=${parent.id}`,
      headers: a.auth,
    });
    expect(thread.json().data.map((x: Message) => x.id)).toEqual([reply.id]);
  });

  it('stores reactions and poll votes and tells both sides', async () => {
    const m = await send(sa, b.id, 'reaksi');
    expect((await sb.call({ type: 'react', id: m.id, emoji: ':heart:' })).type).toBe('ok');
    const r = await sa.next((f) => f.type === 'reaction' && f.message_id === m.id);
    expect(r.type === 'reaction' && r.reactions[':heart:'][b.id]).toEqual({ name: 'Budi' });
    const blank = await app.inject({
      method: 'POST',
      url: '/api/chat/polls?lang=en',
      headers: a.auth,
      payload: { question: ' ', options: ['a', ' '], receiver_type: 'user', receiver: b.id },
    });
    expect(blank.json().errors).toEqual({
      question: ['Question cannot be blank'],
      'options.1': ['Option cannot be blank'],
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/chat/polls',
      headers: a.auth,
      payload: {
        question: 'Panen kapan?',
        options: ['Senin', 'Selasa'],
        receiver_type: 'user',
        receiver: b.id,
      },
    });
    const poll = res.json().data as Message;
    expect((await sb.call({ type: 'poll_vote', id: poll.id, option: 2 })).type).toBe('ok');
    const p = await sa.next((f) => f.type === 'poll' && f.message_id === poll.id);
    expect(p.type === 'poll' && p.poll.options['2']).toMatchObject({ text: 'Selasa', count: 1 });
  });
});

describe('blocking', () => {
  it('stops both sides from sending and reacting, until unblocked', async () => {
    const m = await send(sa, b.id, 'sebelum blokir');
    expect(
      (await app.inject({ method: 'POST', url: `/api/chat/users/${b.id}/block`, headers: a.auth }))
        .statusCode,
    ).toBe(200);
    await expect(send(sb, a.id, 'diblokir')).rejects.toThrow('chat-blocked');
    await expect(send(sa, b.id, 'juga tidak')).rejects.toThrow('chat-blocked');
    expect(await sb.call({ type: 'react', id: m.id, emoji: ':heart:' })).toMatchObject({
      code: 'chat-blocked',
    });
    const users = await app.inject({ method: 'GET', url: '/api/chat/users?search=Budi', headers: a.auth });
    expect(users.json().data[0]).toMatchObject({ uid: b.id, blocked_by_me: true });
    await app.inject({ method: 'DELETE', url: `/api/chat/users/${b.id}/block`, headers: a.auth });
    expect((await send(sb, a.id, 'sesudah')).text).toBe('sesudah');
  });

  it('tells both parties live (across instances) and stores the change for catch-up', async () => {
    const c = await quickUser(app, 'Cici');
    const d = await quickUser(app, 'Dodi');
    await shareFarm(app, c, d);
    const sc = await TestSocket.open(app, tokenOf(c.auth));
    const sd = await TestSocket.open(other, tokenOf(d.auth));
    try {
      await app.inject({ method: 'POST', url: `/api/chat/users/${d.id}/block`, headers: c.auth });
      const frame = { type: 'block', uid: d.id, by: c.id, blocked: true };
      const toD = await sd.next((f) => f.type === 'block');
      expect(toD).toMatchObject(frame);
      expect(await sc.next((f) => f.type === 'block')).toMatchObject(frame);
      // d sees the block on a single read too.
      const seen = await other.inject({ method: 'GET', url: `/api/chat/users/${c.id}`, headers: d.auth });
      expect(seen.json().data).toMatchObject({
        uid: c.id,
        name: 'Cici',
        blocked_by_me: false,
        has_blocked_me: true,
      });
      // Unblock while d is away: d catches up on reconnect.
      sd.close();
      const since = (toD as { event_id?: string }).event_id;
      expect(since).toBeTruthy();
      await app.inject({ method: 'DELETE', url: `/api/chat/users/${d.id}/block`, headers: c.auth });
      const back = await TestSocket.open(other, `${tokenOf(d.auth)}&since=${since}`);
      expect(await back.next((f) => f.type === 'block')).toMatchObject({ ...frame, blocked: false });
      back.close();
    } finally {
      sc.close();
      sd.close();
    }
  });
});

describe('GET /api/chat/users/:uid', () => {
  it('shows one user with presence and blocks as the caller sees them; 404 for unknown ids', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/chat/users/${b.id}`, headers: a.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      uid: b.id,
      name: 'Budi',
      status: 'online', // b's socket is open on the other instance
      blocked_by_me: false,
      has_blocked_me: false,
    });
    expect(typeof res.json().data.last_active_at).toBe('number');
    const unknown = await app.inject({
      method: 'GET',
      url: `/api/chat/users/${randomUUID()}?lang=id`,
      headers: a.auth,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('not-found');
    expect(
      (await app.inject({ method: 'GET', url: '/api/chat/users/not-a-uuid', headers: a.auth })).statusCode,
    ).toBe(400);
  });
});
