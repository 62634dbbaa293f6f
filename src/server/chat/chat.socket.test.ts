import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quickUser, shareFarm } from '#test/helpers/farm-fixtures';
import type { App } from '../app.ts';
import { createChatApps, TestSocket, tokenOf } from './chat-test-kit.ts';

let app: App;
let other: App;
let a: Awaited<ReturnType<typeof quickUser>>;
let b: Awaited<ReturnType<typeof quickUser>>;
let sa: TestSocket;
let sb: TestSocket;
beforeAll(async () => {
  [app, other] = await createChatApps(2);
  a = await quickUser(app, 'Ani');
  b = await quickUser(app, 'Budi');
  await shareFarm(app, a, b);
  sa = await TestSocket.open(app, tokenOf(a.auth));
  sb = await TestSocket.open(app, tokenOf(b.auth));
});
afterAll(async () => {
  sa?.close();
  sb?.close();
  await app?.close();
  await other?.close();
});

const count = async (sender: string) =>
  (await app.ctx.db.selectFrom('chat_messages').select('id').where('sender', '=', sender).execute()).length;
const text = (to: string, t: string, extra: object = {}) => ({
  type: 'send',
  client_id: randomUUID(),
  receiver_type: 'user',
  receiver: to,
  text: t,
  ...extra,
});

describe('GET /api/chat/socket: sending', () => {
  it('acks only a stored message, delivers it, and stores one copy of a resend', async () => {
    const frame = text(b.id, '  halo  ');
    sa.send(frame);
    const ack = await sa.next<'ack'>((f) => f.type === 'ack' && f.client_id === frame.client_id);
    const stored = await app.ctx.db
      .selectFrom('chat_messages')
      .selectAll()
      .where('id', '=', ack.message.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(ack.message.text).toBe('halo');
    const got = await sb.next<'message'>((f) => f.type === 'message' && f.message.id === ack.message.id);
    expect(got.message.sender.name).toBe('Ani');
    const before = await count(a.id);
    sa.send(frame);
    await sa.next((f) => f.type === 'ack' && f !== ack && f.client_id === frame.client_id);
    expect(await count(a.id)).toBe(before);
  });

  it('answers a resend with the stored message even when sending is refused by now', async () => {
    const frame = text(b.id, 'sebelum blokir');
    sa.send(frame);
    const ack = await sa.next<'ack'>((f) => f.type === 'ack' && f.client_id === frame.client_id);
    const block = { method: 'POST' as const, url: `/api/chat/users/${a.id}/block`, headers: b.auth };
    expect((await app.inject(block)).statusCode).toBeLessThan(300);
    try {
      const before = await count(a.id);
      sa.send(frame);
      const again = await sa.next<'ack'>(
        (f) => f.type === 'ack' && f !== ack && f.client_id === frame.client_id,
      );
      expect(again.message.id).toBe(ack.message.id);
      const fresh = text(b.id, 'sesudah blokir');
      sa.send(fresh);
      const err = await sa.next<'error'>((f) => f.type === 'error' && f.ref === fresh.client_id);
      expect(err.code).toBe('chat-blocked');
      expect(await count(a.id)).toBe(before);
    } finally {
      await app.inject({ ...block, method: 'DELETE' });
    }
  });

  it('refuses blank text and garbage with translated errors, storing nothing', async () => {
    const before = await count(a.id);
    const blank = text(b.id, '   ');
    sa.send(blank);
    const err = await sa.next<'error'>((f) => f.type === 'error' && f.ref === blank.client_id);
    expect(err.errors?.text).toEqual(['Message cannot be blank.']);
    sa.ws.send('not json');
    sa.send({ type: 'nope', ref: 'r1' });
    await sa.next((f) => f.type === 'error' && f.ref === 'r1');
    sa.send({ type: 'send', client_id: 'x', receiver_type: 'user' });
    await sa.next((f) => f.type === 'error' && f.ref === 'x');
    expect(await count(a.id)).toBe(before);
  });

  it('refuses NUL, lone surrogates and 1e309 in a frame as invalid (never an internal error)', async () => {
    const before = await count(a.id);
    for (const bad of ['a\u0000b', 'a\ud800b']) {
      const frame = text(b.id, bad);
      sa.send(frame);
      const err = await sa.next<'error'>((f) => f.type === 'error' && f.ref === frame.client_id);
      expect(err.code).toBe('validation-failed');
      expect(err.errors?.text).toEqual(['Contains characters that are not allowed.']);
    }
    const id = randomUUID();
    sa.ws.send(JSON.stringify(text(b.id, 'x', { client_id: id, n: 0 })).replace('"n":0', '"n":1e309'));
    const err = await sa.next<'error'>((f) => f.type === 'error' && f.ref === id);
    expect(err.code).toBe('validation-failed');
    sa.ws.send('null');
    sa.send({ type: 'ping', ref: 'still-open' });
    await sa.next((f) => f.type === 'pong');
    expect(await count(a.id)).toBe(before);
  });

  it('refuses messages only the server makes (call, action, poll), storing nothing', async () => {
    const before = await count(a.id);
    for (const extra of [
      { category: 'call', message_type: 'audio' },
      { category: 'action' },
      { message_type: 'poll' },
    ]) {
      const forged = text(b.id, 'palsu', extra);
      sa.send(forged);
      const err = await sa.next<'error'>((f) => f.type === 'error' && f.ref === forged.client_id);
      expect(err.code).toBe('validation-failed');
    }
    expect(await count(a.id)).toBe(before);
  });

  it('answers ping with pong', async () => {
    sa.send({ type: 'ping', ref: 'p1' });
    expect((await sa.next((f) => f.type === 'pong' && f.ref === 'p1')).type).toBe('pong');
  });
});
