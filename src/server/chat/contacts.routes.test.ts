import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatUser } from '#shared/chat/entities';
import { addMember, type QuickUser, quickUser, shareFarm } from '#test/helpers/farm-fixtures';
import type { App } from '../app.ts';
import { createChatApps, TestSocket, tokenOf } from './chat-test-kit.ts';

/**
 * Chat stays inside the farms a user belongs to (issue 12 point 4). Cast: Ani and Budi
 * share farm 1; Dewi is in farm 1 too but never opened the chat; Tono is alone in farm 2.
 * For Ani, Tono does not exist: not listed, not found by search, and a message, call or
 * group invitation to him answers 404 / `not-found`, the same as for a forged id.
 */
let app: App;
let ani: QuickUser;
let budi: QuickUser;
let dewi: QuickUser;
let tono: QuickUser;
let farm1: string;
let sa: TestSocket;
let st: TestSocket;

beforeAll(async () => {
  [app] = await createChatApps(1);
  [ani, budi, dewi, tono] = await Promise.all(
    ['Ani Kontak', 'Budi Kontak', 'Dewi Kontak', 'Tono Kontak'].map((n) => quickUser(app, n)),
  );
  farm1 = await shareFarm(app, ani, budi, dewi);
  await shareFarm(app, tono);
  sa = await TestSocket.open(app, tokenOf(ani.auth));
  st = await TestSocket.open(app, tokenOf(tono.auth));
});
afterAll(async () => {
  sa?.close();
  st?.close();
  await app?.close();
});

const get = (u: QuickUser, url: string) =>
  app.inject({ method: 'GET', url: `/api/chat${url}`, headers: u.auth });
const names = (res: { json: () => { data: ChatUser[] } }) => res.json().data.map((x) => x.name);

/** A one-to-one text: its `ack`, or the `error` answering it. */
async function dm(from: TestSocket, to: string, text: string) {
  const client_id = randomUUID();
  from.send({ type: 'send', client_id, ref: client_id, receiver_type: 'user', receiver: to, text });
  return from.next(
    (f) => (f.type === 'ack' && f.client_id === client_id) || (f.type === 'error' && f.ref === client_id),
  );
}

describe('contacts', () => {
  it('lists the members of the farms one shares, also those who never opened the chat', async () => {
    expect(names(await get(ani, '/users'))).toEqual(['Budi Kontak', 'Dewi Kontak']);
    expect(names(await get(tono, '/users'))).toEqual([]);
  });

  it('user search finds only contacts', async () => {
    expect(names(await get(ani, '/users?search=Kontak'))).toEqual(['Budi Kontak', 'Dewi Kontak']);
    expect(names(await get(ani, '/users?search=Tono'))).toEqual([]);
    expect(names(await get(tono, '/users?search=Ani'))).toEqual([]);
  });

  it('a person of another farm is not found, exactly like an unknown id', async () => {
    const other = await get(ani, `/users/${tono.id}?lang=en`);
    const unknown = await get(ani, `/users/${randomUUID()}?lang=en`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(unknown.json());
    expect(other.body).not.toContain('Tono');
    expect((await get(ani, `/users/${budi.id}`)).statusCode).toBe(200);
    const block = await app.inject({
      method: 'POST',
      url: `/api/chat/users/${tono.id}/block`,
      headers: ani.auth,
    });
    expect(block.statusCode).toBe(404);
  });
});

describe('messages, polls and history', () => {
  it('refuses a direct message to another farm’s user with not-found and stores nothing', async () => {
    const refused = await dm(sa, tono.id, 'halo dari tambak lain');
    const forged = await dm(sa, randomUUID(), 'halo siapa');
    expect(refused).toMatchObject({ type: 'error', code: 'not-found' });
    expect((refused as { message: string }).message).toBe((forged as { message: string }).message);
    const poll = await app.inject({
      method: 'POST',
      url: '/api/chat/polls',
      headers: ani.auth,
      payload: { question: 'Panen?', options: ['ya', 'tidak'], receiver_type: 'user', receiver: tono.id },
    });
    expect(poll.statusCode).toBe(404);
    const history = await get(ani, `/messages?receiver_type=user&receiver=${tono.id}`);
    expect(history.statusCode).toBe(404);
    const stored = await app.ctx.db
      .selectFrom('chat_messages')
      .select('id')
      .where((eb) => eb.or([eb('receiver_id', '=', tono.id), eb('sender', '=', tono.id)]))
      .execute();
    expect(stored).toEqual([]);
    expect(st.frames.filter((f) => f.type === 'message')).toEqual([]);
  });

  it('a farm mate gets the message; an existing conversation outlives the shared farm', async () => {
    const sent = await dm(sa, budi.id, 'pakan pagi sudah?');
    expect(sent.type).toBe('ack');
    // Budi leaves farm 1: he is still in Ani's conversation list, so they can go on talking.
    await app.ctx.db
      .updateTable('user_farms')
      .set({ deleted_at: new Date() })
      .where('farm_id', '=', farm1)
      .where('user_id', '=', budi.id)
      .execute();
    expect(names(await get(ani, '/users'))).toEqual(['Budi Kontak', 'Dewi Kontak']);
    expect((await dm(sa, budi.id, 'masih bisa')).type).toBe('ack');
    // Dewi, with no conversation, stops being a contact once she leaves.
    await app.ctx.db
      .updateTable('user_farms')
      .set({ deleted_at: new Date() })
      .where('farm_id', '=', farm1)
      .where('user_id', '=', dewi.id)
      .execute();
    expect(names(await get(ani, '/users'))).toEqual(['Budi Kontak']);
    expect(await dm(sa, dewi.id, 'halo')).toMatchObject({ type: 'error', code: 'not-found' });
    await addMember(app, farm1, dewi, 3);
    expect(names(await get(ani, '/users'))).toEqual(['Budi Kontak', 'Dewi Kontak']);
  });
});

describe('calls and group invitations', () => {
  it('refuses a call to another farm’s user with not-found; nothing rings', async () => {
    const refused = await sa.call({
      type: 'call_initiate',
      receiver: tono.id,
      call_type: 'video',
      device: 'a',
    });
    expect(refused).toMatchObject({ type: 'error', code: 'not-found' });
    expect(st.frames.filter((f) => f.type === 'call')).toEqual([]);
  });

  it('refuses a group invitation of another farm’s user with 404', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/chat/groups',
      headers: ani.auth,
      payload: { name: 'Tim Panen', type: 'private' },
    });
    const guid = created.json().data.guid as string;
    const add = (uids: string[]) =>
      app.inject({
        method: 'POST',
        url: `/api/chat/groups/${guid}/members`,
        headers: ani.auth,
        payload: { uids },
      });
    const alone = await add([tono.id]);
    expect(alone.statusCode).toBe(404);
    expect(alone.json().code).toBe('not-found');
    const mixed = await add([dewi.id, tono.id]);
    expect(mixed.json().data).toEqual({ [dewi.id]: 'success', [tono.id]: 'not-found' });
    expect(await app.ctx.chat.repos.groups.member(guid, tono.id)).toBeUndefined();
    expect((await get(tono, `/groups/${guid}`)).statusCode).toBe(404);
  });
});
