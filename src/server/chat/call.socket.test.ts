import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallInfo } from '#shared/chat/protocol';
import { quickUser, shareFarm } from '#test/helpers/farm-fixtures';
import type { App } from '../app.ts';
import type { CallScheduler } from './call.service.ts';
import { createChatApps, TestSocket, tokenOf } from './chat-test-kit.ts';

/** A ring timer the test fires by hand: no sleeping until a timeout. */
class ManualScheduler implements CallScheduler {
  readonly pending = new Map<number, { fn: () => Promise<void>; ms: number }>();
  private next = 1;
  set(fn: () => Promise<void>, ms: number): unknown {
    const id = this.next++;
    this.pending.set(id, { fn, ms });
    return id;
  }
  clear(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  async fireAll(): Promise<void> {
    const due = [...this.pending.values()];
    this.pending.clear();
    await Promise.all(due.map((t) => t.fn()));
  }
}

type User = Awaited<ReturnType<typeof quickUser>>;
let app: App;
let other: App;
let a: User;
let b: User;
let c: User;
let sa: TestSocket;
let sb: TestSocket;
let sc: TestSocket;
const timers = new ManualScheduler();

beforeAll(async () => {
  // Two instances on one database: B is connected to the other one, so every call
  // frame and signal crosses instances through LISTEN/NOTIFY.
  [app, other] = await createChatApps(2);
  app.ctx.chat.calls.scheduler = timers;
  other.ctx.chat.calls.scheduler = timers;
  a = await quickUser(app, 'Ani');
  b = await quickUser(app, 'Budi');
  c = await quickUser(app, 'Citra');
  await shareFarm(app, a, b, c);
  sa = await TestSocket.open(app, tokenOf(a.auth));
  sb = await TestSocket.open(other, tokenOf(b.auth));
  sc = await TestSocket.open(app, tokenOf(c.auth));
});
afterAll(async () => {
  for (const s of [sa, sb, sc]) s?.close();
  await app?.close();
  await other?.close();
});

const callFrame = (s: TestSocket, pred: (c: CallInfo) => boolean) =>
  s.next<'call'>((f) => f.type === 'call' && pred(f.call));

/** A places a call to `to` and both see it ringing; answers the call id. */
async function ring(from: TestSocket, to: TestSocket, uid: string, type: 'audio' | 'video' = 'audio') {
  const device = randomUUID();
  expect((await from.call({ type: 'call_initiate', receiver: uid, call_type: type, device })).type).toBe(
    'ok',
  );
  const mine = await callFrame(from, (c) => c.initiator_device === device);
  expect(mine.call.status).toBe('initiated');
  const theirs = await callFrame(to, (c) => c.call_id === mine.call.call_id);
  return { id: mine.call.call_id, device, incoming: theirs };
}

const status = async (id: string) => {
  const row = await app.ctx.db
    .selectFrom('chat_messages')
    .select(['category', 'type', 'data'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { ...row, status: (row.data as { customData: { status: string } }).customData.status };
};

describe('calls over the chat socket', () => {
  it('rings, is accepted, relays signalling between the two parties only, and ends', async () => {
    const { id, incoming } = await ring(sa, sb, b.id, 'video');
    expect(incoming.call).toMatchObject({ type: 'video', initiator: { uid: a.id, name: 'Ani' } });
    expect(incoming.ice_servers).toEqual([]);
    const stored = await sb.next<'message'>((f) => f.type === 'message' && f.message.id === id);
    expect(stored.message).toMatchObject({ category: 'call', type: 'video' });
    expect(timers.pending.size).toBe(1);
    expect([...timers.pending.values()][0].ms).toBe(45_000);

    const device = randomUUID();
    expect((await sb.call({ type: 'call_accept', call_id: id, device })).type).toBe('ok');
    const accepted = await callFrame(sa, (c) => c.call_id === id && c.status === 'ongoing');
    expect(accepted.call.receiver_device).toBe(device);
    await sb.next((f) => f.type === 'edited' && f.message.id === id);
    // B answered on the other instance; the caller's ring timer finds nothing left to do.
    await timers.fireAll();
    expect(await status(id)).toMatchObject({ status: 'ongoing' });

    sa.send({ type: 'call_signal', call_id: id, payload: { kind: 'offer', sdp: 'v=0 offer' } });
    const offer = await sb.next<'call_signal'>((f) => f.type === 'call_signal' && f.call_id === id);
    expect(offer).toMatchObject({ from: a.id, payload: { kind: 'offer', sdp: 'v=0 offer' } });
    const candidate = {
      candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
    };
    sb.send({ type: 'call_signal', call_id: id, payload: { kind: 'candidate', candidate } });
    const ice = await sa.next<'call_signal'>(
      (f) => f.type === 'call_signal' && f.payload.kind === 'candidate',
    );
    expect(ice.payload.candidate).toEqual(candidate);
    // Nothing of this call reached the third user; senders never get their own signals back.
    expect(sc.frames.some((f) => (f.type === 'call' || f.type === 'call_signal') && 'call_id' in f)).toBe(
      false,
    );
    expect(sc.frames.some((f) => f.type === 'call')).toBe(false);
    expect(sa.frames.some((f) => f.type === 'call_signal' && f.from === a.id)).toBe(false);

    expect((await sb.call({ type: 'call_end', call_id: id })).type).toBe('ok');
    const ended = await callFrame(sa, (c) => c.call_id === id && c.status === 'ended');
    expect(ended.call.ended_at).not.toBeNull();
    expect(await status(id)).toMatchObject({ category: 'call', type: 'video', status: 'ended' });
    // An ended call takes no more signalling or changes.
    expect(
      await sa.call({ type: 'call_signal', call_id: id, payload: { kind: 'answer', sdp: 'x' } }),
    ).toMatchObject({ type: 'error', code: 'conflict' });
    expect(await sa.call({ type: 'call_end', call_id: id })).toMatchObject({
      type: 'error',
      code: 'conflict',
    });
  });

  it('a third user cannot accept, end, signal or even see someone else’s call', async () => {
    const { id } = await ring(sa, sb, b.id);
    const device = randomUUID();
    for (const frame of [
      { type: 'call_accept', call_id: id, device },
      { type: 'call_reject', call_id: id },
      { type: 'call_cancel', call_id: id },
      { type: 'call_end', call_id: id },
      { type: 'call_signal', call_id: id, payload: { kind: 'offer', sdp: 'evil' } },
    ]) {
      expect(await sc.call(frame)).toMatchObject({ type: 'error', code: 'not-found' });
    }
    // The caller cannot answer their own call either.
    expect(await sa.call({ type: 'call_accept', call_id: id, device })).toMatchObject({ code: 'conflict' });
    expect(await status(id)).toMatchObject({ status: 'initiated' });
    // Forged or unknown ids are simply not found.
    expect(await sc.call({ type: 'call_end', call_id: randomUUID() })).toMatchObject({ code: 'not-found' });
    expect(await sc.call({ type: 'call_end', call_id: 'x' })).toMatchObject({ code: 'not-found' });
    await sa.call({ type: 'call_cancel', call_id: id });
  });

  it('a declined call stops the caller’s ringing', async () => {
    const { id } = await ring(sa, sb, b.id);
    expect((await sb.call({ type: 'call_reject', call_id: id, reason: 'rejected' })).type).toBe('ok');
    await callFrame(sa, (c) => c.call_id === id && c.status === 'rejected');
    expect(await status(id)).toMatchObject({ status: 'rejected' });
    await timers.fireAll();
    expect(await status(id)).toMatchObject({ status: 'rejected' });
  });

  it('the caller cancels a ringing call; the receiver can no longer accept it', async () => {
    const { id } = await ring(sa, sb, b.id);
    expect((await sa.call({ type: 'call_cancel', call_id: id })).type).toBe('ok');
    await callFrame(sb, (c) => c.call_id === id && c.status === 'cancelled');
    expect(await sb.call({ type: 'call_accept', call_id: id, device: 'd' })).toMatchObject({
      code: 'conflict',
    });
    expect(await status(id)).toMatchObject({ status: 'cancelled' });
  });

  it('a call to someone already in a call is stored as busy; the caller cannot start a second call', async () => {
    const { id } = await ring(sa, sb, b.id);
    await sb.call({ type: 'call_accept', call_id: id, device: 'b1' });
    await callFrame(sa, (c) => c.call_id === id && c.status === 'ongoing');

    const device = randomUUID();
    expect((await sc.call({ type: 'call_initiate', receiver: b.id, call_type: 'audio', device })).type).toBe(
      'ok',
    );
    const busy = await callFrame(sc, (c) => c.initiator_device === device);
    expect(busy.call).toMatchObject({ status: 'busy', receiver: { uid: b.id, name: 'Budi' } });
    expect(await status(busy.call.call_id)).toMatchObject({ status: 'busy' });
    // Someone on a call cannot place another one.
    expect(
      await sa.call({ type: 'call_initiate', receiver: c.id, call_type: 'audio', device: 'x' }),
    ).toMatchObject({ type: 'error', code: 'conflict' });
    await sa.call({ type: 'call_end', call_id: id });
    await callFrame(sb, (c) => c.call_id === id && c.status === 'ended');
  });

  it('a receiver already on a call elsewhere can reject as busy', async () => {
    const { id } = await ring(sc, sb, b.id);
    expect((await sb.call({ type: 'call_reject', call_id: id, reason: 'busy' })).type).toBe('ok');
    await callFrame(sc, (c) => c.call_id === id && c.status === 'busy');
  });

  it('an unanswered call times out when its ring timer fires', async () => {
    await timers.fireAll(); // timers of calls answered on the other instance: no-ops
    const { id } = await ring(sa, sb, b.id);
    expect(timers.pending.size).toBe(1);
    await timers.fireAll();
    await callFrame(sa, (c) => c.call_id === id && c.status === 'unanswered');
    await callFrame(sb, (c) => c.call_id === id && c.status === 'unanswered');
    expect(await status(id)).toMatchObject({ status: 'unanswered' });
    expect(await sb.call({ type: 'call_accept', call_id: id, device: 'late' })).toMatchObject({
      code: 'conflict',
    });
  });

  it('a call left ongoing by a party who went offline does not keep the other busy', async () => {
    const d = await quickUser(app, 'Dedi');
    await shareFarm(app, a, d);
    const sd = await TestSocket.open(app, tokenOf(d.auth));
    const { id } = await ring(sa, sd, d.id);
    await sd.call({ type: 'call_accept', call_id: id, device: 'd1' });
    await callFrame(sa, (c) => c.call_id === id && c.status === 'ongoing');
    sd.close();
    await sa.next((f) => f.type === 'presence' && f.uid === d.id && f.status === 'offline');
    const { id: next } = await ring(sa, sc, c.id);
    expect(await status(id)).toMatchObject({ status: 'ended' });
    await sa.call({ type: 'call_cancel', call_id: next });
  });

  it('lists calls as call category messages and refuses bad frames with translated errors', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/chat/messages?receiver_type=user&receiver=${b.id}&limit=50`,
      headers: a.auth,
    });
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { category: string; data: { customData?: { status?: string } } }[];
    const calls = list.filter((m) => m.category === 'call');
    expect(calls.map((m) => m.data.customData?.status)).toEqual(
      expect.arrayContaining(['ended', 'rejected', 'cancelled', 'unanswered']),
    );
    const bad = await sa.call({ type: 'call_initiate', receiver: b.id, call_type: 'hologram', device: 'x' });
    expect(bad).toMatchObject({ type: 'error', code: 'validation-failed' });
    const self = await sa.call({ type: 'call_initiate', receiver: a.id, call_type: 'audio', device: 'x' });
    expect(self).toMatchObject({ type: 'error', code: 'not-found' });
  });

  it('a call to someone of another farm is refused as not found, and rings nobody', async () => {
    const stranger = await quickUser(app, 'Orang Lain');
    await shareFarm(app, stranger);
    const ss = await TestSocket.open(app, tokenOf(stranger.auth));
    const refused = await sa.call({
      type: 'call_initiate',
      receiver: stranger.id,
      call_type: 'audio',
      device: 'a1',
    });
    expect(refused).toMatchObject({ type: 'error', code: 'not-found' });
    // The same answer as for an id that exists nowhere: nothing tells them apart.
    const forged = await sa.call({
      type: 'call_initiate',
      receiver: randomUUID(),
      call_type: 'audio',
      device: 'a1',
    });
    expect(forged).toMatchObject({
      type: 'error',
      code: 'not-found',
      message: (refused as { message: string }).message,
    });
    expect(ss.frames.filter((f) => f.type === 'call')).toHaveLength(0);
    ss.close();
  });
});
