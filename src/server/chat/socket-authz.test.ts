import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_FRAMES, type ClientMessageType, type ServerMessage } from '#shared/chat/protocol';
import type { ErrorCode } from '#shared/errors';
import { type QuickUser, quickUser, shareFarm } from '#test/helpers/farm-fixtures';
import type { App } from '../app.ts';
import { createChatApps, TestSocket, tokenOf } from './chat-test-kit.ts';

/**
 * The route-inventory authorization test, extended to the chat socket (issue 5 §2): for
 * every client frame type in CLIENT_FRAMES, user x tries to act on conversations,
 * messages, groups and calls of others (o, m, k). Each attempt is refused with the right
 * code, nothing stored changes (a digest of every chat table before and after), and
 * nothing reaches the others' sockets. A frame type added to the protocol without a case
 * here fails the first test.
 *
 * Cast: o owns groups `priv` (private, m member) and `pub` (public, m member) and `ban`
 * (public, x banned); o and m are in a call; k blocked x; x may talk to o and m one-to-one
 * (the fence below: the four share a farm) but sees none of their conversation. y is of
 * another farm: for x, y does not exist (issue 12 point 4).
 */
let app: App;
let o: QuickUser;
let m: QuickUser;
let x: QuickUser;
let k: QuickUser;
let y: QuickUser;
let so: TestSocket;
let sm: TestSocket;
let sk: TestSocket;
let sx: TestSocket;
const ids = {
  priv: `priv_${randomUUID().slice(0, 8)}`,
  pub: `pub_${randomUUID().slice(0, 8)}`,
  ban: `ban_${randomUUID().slice(0, 8)}`,
  /** o → m, one-to-one: x is no party. */
  oToM: '',
  /** o → x: x sees it but did not write it. */
  oToX: '',
  privMsg: '',
  pubMsg: '',
  privPoll: '',
  /** An ongoing call between o and m. */
  call: '',
};

const CHAT_TABLES = [
  'chat_messages',
  'chat_receipts',
  'chat_reactions',
  'chat_poll_votes',
  'chat_conversations',
  'chat_events',
  'chat_groups',
  'chat_group_members',
  'chat_group_bans',
  'chat_blocks',
] as const;

/** A digest of every row of every chat table (counts alone would miss an edit). */
async function chatState(): Promise<Record<string, string>> {
  const parts = CHAT_TABLES.map(
    (t) =>
      sql`SELECT ${t}::text AS t, count(*)::text || ':' || md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS d FROM ${sql.table(t)} x`,
  );
  const { rows } = await sql<{ t: string; d: string }>`${sql.join(parts, sql` UNION ALL `)}`.execute(
    app.ctx.db,
  );
  return Object.fromEntries(rows.map((r) => [r.t, r.d]));
}

async function rest(user: QuickUser, method: 'POST' | 'PUT', url: string, payload: object) {
  const res = await app.inject({ method, url: `/api${url}`, headers: user.auth, payload });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

const text = (from: QuickUser, receiver_type: 'user' | 'group', receiver: string, t: string) =>
  app.ctx.chat.messages
    .send(from.id, { client_id: randomUUID(), receiver_type, receiver, text: t })
    .then((msg) => msg.id);

beforeAll(async () => {
  [app] = await createChatApps(1);
  // Ring timers never fire during this test: the call stays ongoing.
  app.ctx.chat.calls.scheduler = { set: () => 0, clear: () => {} };
  [o, m, x, k, y] = await Promise.all(
    ['Owner', 'Member', 'Xeno', 'Kiki', 'Yuni'].map((n) => quickUser(app, n)),
  );
  await shareFarm(app, o, m, x, k);
  await shareFarm(app, y);
  await rest(o, 'POST', '/chat/groups', { guid: ids.priv, name: 'Rahasia', type: 'private' });
  await rest(o, 'POST', '/chat/groups', { guid: ids.pub, name: 'Umum', type: 'public' });
  await rest(o, 'POST', '/chat/groups', { guid: ids.ban, name: 'Dilarang', type: 'public' });
  for (const guid of [ids.priv, ids.pub])
    await rest(o, 'POST', `/chat/groups/${guid}/members`, { uids: [m.id] });
  await rest(o, 'POST', `/chat/groups/${ids.ban}/members`, { uids: [x.id] });
  await rest(o, 'POST', `/chat/groups/${ids.ban}/members/${x.id}/ban`, {});
  await rest(k, 'POST', `/chat/users/${x.id}/block`, {});
  ids.oToM = await text(o, 'user', m.id, 'rahasia berdua');
  ids.oToX = await text(o, 'user', x.id, 'halo x');
  ids.privMsg = await text(o, 'group', ids.priv, 'rapat pakan');
  ids.pubMsg = await text(o, 'group', ids.pub, 'pengumuman');
  ids.privPoll = (
    await rest(o, 'POST', '/chat/polls', {
      question: 'Panen kapan?',
      options: ['Senin', 'Selasa'],
      receiver_type: 'group',
      receiver: ids.priv,
    })
  ).id;
  const call = await app.ctx.chat.calls.initiate(o.id, {
    type: 'call_initiate',
    receiver: m.id,
    call_type: 'audio',
    device: 'o-phone',
  });
  ids.call = call.call_id;
  await app.ctx.chat.calls.accept(m.id, { type: 'call_accept', call_id: ids.call, device: 'm-phone' });
  [so, sm, sk, sx] = await Promise.all([o, m, k, x].map((u) => TestSocket.open(app, tokenOf(u.auth))));
});
afterAll(async () => {
  for (const s of [so, sm, sk, sx]) s?.close();
  await app?.close();
});

interface SocketCase {
  name: string;
  frame: () => Record<string, unknown>;
  /** The error code x gets; every case but ping is refused. */
  code: ErrorCode | 'pong';
}

const forged = () => uuidv7();
const send =
  (receiver_type: 'user' | 'group', receiver: () => string, extra: () => object = () => ({})) =>
  () => ({
    type: 'send',
    client_id: randomUUID(),
    receiver_type,
    receiver: receiver(),
    text: 'dari x',
    ...extra(),
  });
const on =
  (type: string, id: () => string, extra: object = {}) =>
  () => ({ type, id: id(), ...extra });
const to =
  (type: string, receiver_type: 'user' | 'group', receiver: () => string, extra: object = {}) =>
  () => ({
    type,
    receiver_type,
    receiver: receiver(),
    ...extra,
  });
const heart = { data: { type: 'live_reaction', reaction: 'heart' } };
const offer = { payload: { kind: 'offer', sdp: 'v=0' } };

/** Every client frame type → its cases. The Record type and the first test force a case per type. */
const CASES: Record<ClientMessageType, SocketCase[]> = {
  auth: [
    {
      name: 'a second auth frame (e.g. with a stolen token) on a signed-in socket',
      frame: () => ({ type: 'auth', token: tokenOf(o.auth) }),
      code: 'validation-failed',
    },
  ],
  send: [
    { name: 'to a private group x is not in', frame: send('group', () => ids.priv), code: 'not-found' },
    {
      name: 'to a public group x has not joined',
      frame: send('group', () => ids.pub),
      code: 'chat-not-member',
    },
    { name: 'to a group x is banned from', frame: send('group', () => ids.ban), code: 'chat-banned' },
    { name: 'to a user who blocked x', frame: send('user', () => k.id), code: 'chat-blocked' },
    { name: 'to a forged user id', frame: send('user', forged), code: 'not-found' },
    { name: 'to a user of another farm', frame: send('user', () => y.id), code: 'not-found' },
    { name: 'to a forged group id', frame: send('group', () => 'group_forged'), code: 'not-found' },
    { name: 'to a malformed user id', frame: send('user', () => '../../etc'), code: 'not-found' },
    {
      name: "a thread reply under o and m's one-to-one message",
      frame: send(
        'user',
        () => o.id,
        () => ({ parent_id: ids.oToM }),
      ),
      code: 'not-found',
    },
    {
      name: 'a thread reply under a private group message',
      frame: send(
        'user',
        () => o.id,
        () => ({ parent_id: ids.privMsg }),
      ),
      code: 'not-found',
    },
  ],
  edit: [
    {
      name: "o's message to x",
      frame: on('edit', () => ids.oToX, { text: 'diubah' }),
      code: 'chat-not-own-message',
    },
    { name: "o and m's message", frame: on('edit', () => ids.oToM, { text: 'diubah' }), code: 'not-found' },
    {
      name: 'a private group message',
      frame: on('edit', () => ids.privMsg, { text: 'x' }),
      code: 'not-found',
    },
    { name: 'a forged id', frame: on('edit', forged, { text: 'x' }), code: 'not-found' },
  ],
  delete: [
    { name: "o's message to x", frame: on('delete', () => ids.oToX), code: 'chat-not-own-message' },
    { name: "o and m's message", frame: on('delete', () => ids.oToM), code: 'not-found' },
    { name: 'a public group message (not joined)', frame: on('delete', () => ids.pubMsg), code: 'not-found' },
    { name: 'a malformed id', frame: on('delete', () => 'x; drop table'), code: 'not-found' },
  ],
  mark_delivered: [
    { name: "o and m's message", frame: on('mark_delivered', () => ids.oToM), code: 'not-found' },
    {
      name: 'a public group message (not joined)',
      frame: on('mark_delivered', () => ids.pubMsg),
      code: 'not-found',
    },
  ],
  mark_read: [
    { name: "o and m's message", frame: on('mark_read', () => ids.oToM), code: 'not-found' },
    { name: 'a private group message', frame: on('mark_read', () => ids.privMsg), code: 'not-found' },
    { name: 'a forged id', frame: on('mark_read', forged), code: 'not-found' },
  ],
  react: [
    {
      name: "o and m's message",
      frame: on('react', () => ids.oToM, { emoji: ':heart:' }),
      code: 'not-found',
    },
    {
      name: 'a private group message',
      frame: on('react', () => ids.privMsg, { emoji: ':+1:' }),
      code: 'not-found',
    },
    {
      name: 'removing a reaction on a public group message (not joined)',
      frame: on('react', () => ids.pubMsg, { emoji: ':heart:', remove: true }),
      code: 'not-found',
    },
  ],
  poll_vote: [
    {
      name: 'a poll in a private group',
      frame: on('poll_vote', () => ids.privPoll, { option: 1 }),
      code: 'not-found',
    },
    { name: 'a forged poll id', frame: on('poll_vote', forged, { option: 1 }), code: 'not-found' },
  ],
  typing_start: [
    {
      name: 'in a private group x is not in',
      frame: to('typing_start', 'group', () => ids.priv),
      code: 'not-found',
    },
    {
      name: 'in a public group x has not joined',
      frame: to('typing_start', 'group', () => ids.pub),
      code: 'chat-not-member',
    },
    {
      name: 'in a group x is banned from',
      frame: to('typing_start', 'group', () => ids.ban),
      code: 'chat-banned',
    },
    { name: 'to a user who blocked x', frame: to('typing_start', 'user', () => k.id), code: 'chat-blocked' },
    { name: 'to a user of another farm', frame: to('typing_start', 'user', () => y.id), code: 'not-found' },
  ],
  typing_end: [
    {
      name: 'in a private group x is not in',
      frame: to('typing_end', 'group', () => ids.priv),
      code: 'not-found',
    },
    { name: 'to a forged user id', frame: to('typing_end', 'user', forged), code: 'not-found' },
  ],
  transient: [
    {
      name: 'in a private group x is not in',
      frame: to('transient', 'group', () => ids.priv, heart),
      code: 'not-found',
    },
    {
      name: 'in a public group x has not joined',
      frame: to('transient', 'group', () => ids.pub, heart),
      code: 'chat-not-member',
    },
    {
      name: 'to a user who blocked x',
      frame: to('transient', 'user', () => k.id, heart),
      code: 'chat-blocked',
    },
    {
      name: 'to a user of another farm',
      frame: to('transient', 'user', () => y.id, heart),
      code: 'not-found',
    },
  ],
  ping: [
    {
      name: "a ping carrying o's token is still only x's ping: a pong with the time and nothing else",
      frame: () => ({ type: 'ping', token: tokenOf(o.auth) }),
      code: 'pong',
    },
  ],
  call_initiate: [
    {
      name: 'calling a user who blocked x',
      frame: () => ({ type: 'call_initiate', receiver: k.id, call_type: 'video', device: 'x-phone' }),
      code: 'chat-blocked',
    },
    {
      name: 'calling a forged user id',
      frame: () => ({ type: 'call_initiate', receiver: forged(), call_type: 'audio', device: 'x-phone' }),
      code: 'not-found',
    },
    {
      name: 'calling a user of another farm',
      frame: () => ({ type: 'call_initiate', receiver: y.id, call_type: 'audio', device: 'x-phone' }),
      code: 'not-found',
    },
  ],
  call_accept: [
    {
      name: "accepting o and m's call",
      frame: () => ({ type: 'call_accept', call_id: ids.call, device: 'x-phone' }),
      code: 'not-found',
    },
  ],
  call_reject: [
    {
      name: "rejecting o and m's call",
      frame: () => ({ type: 'call_reject', call_id: ids.call }),
      code: 'not-found',
    },
  ],
  call_cancel: [
    {
      name: "cancelling o and m's call",
      frame: () => ({ type: 'call_cancel', call_id: ids.call }),
      code: 'not-found',
    },
    {
      name: "cancelling a forged call (a plain message's id)",
      frame: () => ({ type: 'call_cancel', call_id: ids.oToX }),
      code: 'not-found',
    },
  ],
  call_end: [
    {
      name: "ending o and m's call",
      frame: () => ({ type: 'call_end', call_id: ids.call }),
      code: 'not-found',
    },
  ],
  call_signal: [
    {
      name: "injecting an SDP offer into o and m's call",
      frame: () => ({ type: 'call_signal', call_id: ids.call, ...offer }),
      code: 'not-found',
    },
  ],
};

const cases = Object.entries(CASES).flatMap(([type, list]) => list.map((c) => ({ type, ...c })));

/** What o, m and k received that came from x, apart from presence and the fence. */
function fromX(frames: ServerMessage[]): ServerMessage[] {
  return frames.filter((f) => {
    if (f.type === 'presence') return false;
    if (f.type === 'typing' && f.receiver_type === 'user' && f.uid === x.id) return false; // fence
    return JSON.stringify(f).includes(x.id);
  });
}

describe('chat socket authorization', () => {
  it('has at least one case for every client frame type', () => {
    const missing = Object.keys(CLIENT_FRAMES).filter((t) => !CASES[t as ClientMessageType]?.length);
    expect(missing, 'add cases to CASES in socket-authz.test.ts').toEqual([]);
    expect(Object.keys(CASES).filter((t) => !(t in CLIENT_FRAMES))).toEqual([]);
  });

  it.each(cases)('$type: $name → $code', async (c) => {
    const before = await chatState();
    if (c.code === 'pong') {
      const ref = randomUUID();
      sx.send({ ...c.frame(), ref });
      const pong = await sx.next((f) => f.type === 'pong' && f.ref === ref);
      expect(Object.keys(pong).sort()).toEqual(['ref', 'time', 'type']);
    } else {
      const answer = await sx.call(c.frame());
      expect(answer.type, JSON.stringify(answer)).toBe('error');
      expect(answer.type === 'error' && answer.code, JSON.stringify(answer)).toBe(c.code);
    }
    expect(await chatState(), 'nothing stored may change').toEqual(before);
  });

  it('delivered nothing of the refused frames to anyone', async () => {
    // Fence: x's socket handles frames in order, so once o and m have x's legitimate typing,
    // anything a refused frame had sent would already be there.
    sx.send({ type: 'typing_start', receiver_type: 'user', receiver: o.id });
    sx.send({ type: 'typing_start', receiver_type: 'user', receiver: m.id });
    await so.next((f) => f.type === 'typing' && f.uid === x.id);
    await sm.next((f) => f.type === 'typing' && f.uid === x.id);
    expect(fromX(so.frames)).toEqual([]);
    expect(fromX(sm.frames)).toEqual([]);
    expect(fromX(sk.frames)).toEqual([]);
  });
});
