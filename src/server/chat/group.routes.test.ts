import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Group, GroupMember } from '#shared/chat/entities';
import { quickUser, shareFarm } from '#test/helpers/farm-fixtures';
import type { App } from '../app.ts';
import { createChatApps, TestSocket, tokenOf } from './chat-test-kit.ts';

type U = Awaited<ReturnType<typeof quickUser>>;
let app: App;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  [app] = await createChatApps(1);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await app?.close();
});

const call = (u: U, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, lang = 'en') =>
  app.inject({
    method,
    url: `/api/chat${url}${url.includes('?') ? '&' : '?'}lang=${lang}`,
    headers: u.auth,
    ...(payload ? { payload } : {}),
  });

async function createGroup(owner: U, body: object): Promise<Group> {
  const res = await call(owner, 'POST', '/groups', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

async function open(u: U): Promise<TestSocket> {
  const s = await TestSocket.open(app, tokenOf(u.auth));
  sockets.push(s);
  return s;
}

describe('POST /api/chat/groups: validation (seed 001 §5)', () => {
  it('refuses blank name, type and password with the seed’s messages in both languages', async () => {
    const u = await quickUser(app, 'Vali');
    const en = await call(u, 'POST', '/groups', { name: '  ', type: '' });
    expect(en.statusCode).toBe(400);
    expect(en.json().errors).toEqual({
      name: ['Group name cannot be blank'],
      type: ['Group type cannot be blank'],
    });
    const id = await call(u, 'POST', '/groups', { name: '  ', type: '' }, 'id');
    expect(id.json().errors).toEqual({
      name: ['Nama grup tidak boleh kosong'],
      type: ['Jenis grup tidak boleh kosong'],
    });
    const pw = await call(u, 'POST', '/groups', { name: 'Rahasia', type: 'protected', password: ' ' });
    expect(pw.json().errors).toEqual({ password: ['Group password cannot be blank'] });
    const pwId = await call(u, 'POST', '/groups', { name: 'Rahasia', type: 'password' }, 'id');
    expect(pwId.json().errors).toEqual({ password: ['Kata sandi grup tidak boleh kosong'] });
    expect(
      await app.ctx.db.selectFrom('chat_groups').select('guid').where('owner', '=', u.id).execute(),
    ).toEqual([]);
  });

  it('makes the creator owner and admin, with a group_<timestamp> id and a trimmed name', async () => {
    const u = await quickUser(app, 'Pembuat');
    const g = await createGroup(u, { name: '  Panen  ', type: 'public' });
    expect(g.guid).toMatch(/^group_\d{13}/);
    expect(g).toMatchObject({
      name: 'Panen',
      owner: u.id,
      scope: 'admin',
      has_joined: true,
      members_count: 1,
    });
    const again = await createGroup(u, { name: 'Panen 2', type: 'public' });
    expect(again.guid).not.toBe(g.guid);
    const hash = await app.ctx.db
      .selectFrom('chat_groups')
      .select('password_hash')
      .where(
        'guid',
        '=',
        (await createGroup(u, { name: 'Kunci', type: 'protected', password: 'udang' })).guid,
      )
      .executeTakeFirstOrThrow();
    expect(hash.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });
});

describe('joining and listing', () => {
  it('joins public groups, password groups only with the right password, private ones never', async () => {
    const owner = await quickUser(app, 'Pemilik');
    const u = await quickUser(app, 'Tamu');
    await shareFarm(app, owner, u);
    const pub = await createGroup(owner, { name: 'Umum', type: 'public' });
    const pw = await createGroup(owner, { name: 'Terkunci', type: 'password', password: 'udang' });
    const priv = await createGroup(owner, { name: 'Pribadi', type: 'private' });

    const listed = (await call(u, 'GET', '/groups?search=')).json().data as Group[];
    const mine = listed.filter((g) => g.owner === owner.id).map((g) => g.guid);
    expect(mine.sort()).toEqual([pub.guid, pw.guid].sort());

    const joined = await call(u, 'POST', `/groups/${pub.guid}/join`, {});
    expect(joined.json().data).toMatchObject({ has_joined: true, scope: 'participant', members_count: 2 });
    expect((await call(u, 'POST', `/groups/${pub.guid}/join`, {})).json().code).toBe('chat-already-member');

    const wrong = await call(u, 'POST', `/groups/${pw.guid}/join`, { password: 'salah' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'chat-wrong-password', message: 'Wrong group password.' });
    const wrongId = await call(u, 'POST', `/groups/${pw.guid}/join`, {}, 'id');
    expect(wrongId.json().message).toBe('Kata sandi grup salah.');
    const right = await call(u, 'POST', `/groups/${pw.guid}/join`, { password: 'udang' });
    expect(right.statusCode).toBe(200);
    expect(right.json().data.scope).toBe('participant');

    expect((await call(u, 'POST', `/groups/${priv.guid}/join`, {})).statusCode).toBe(404);
    expect((await call(u, 'GET', `/groups/${priv.guid}/members`)).statusCode).toBe(404);
    const search = (await call(u, 'GET', '/groups?search=Terk')).json().data as Group[];
    expect(search.map((g) => g.guid)).toEqual([pw.guid]);
  });
});

describe('§6 permissions through the REST routes', () => {
  let owner: U;
  let a1: U;
  let a2: U;
  let m1: U;
  let m2: U;
  let p1: U;
  let p2: U;
  let guid: string;
  const scope = (by: U, target: U, s: string) =>
    call(by, 'PUT', `/groups/${guid}/members/${target.id}/scope`, { scope: s });
  const act = (by: U, target: U, action: 'kick' | 'ban' | 'unban') =>
    call(by, 'POST', `/groups/${guid}/members/${target.id}/${action}`);
  const refused = (res: { statusCode: number; json: () => { code: string } }) => {
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('chat-scope-not-allowed');
  };

  beforeAll(async () => {
    owner = await quickUser(app, 'Owner');
    [a1, a2, m1, m2, p1, p2] = await Promise.all(
      ['Admin1', 'Admin2', 'Mod1', 'Mod2', 'Part1', 'Part2'].map((n) => quickUser(app, n)),
    );
    await shareFarm(app, owner, a1, a2, m1, m2, p1, p2);
    guid = (await createGroup(owner, { name: 'Tim', type: 'public' })).guid;
    for (const u of [a1, a2, m1, m2, p1, p2])
      expect((await call(u, 'POST', `/groups/${guid}/join`, {})).statusCode).toBe(200);
    for (const [u, s] of [
      [a1, 'admin'],
      [a2, 'admin'],
      [m1, 'moderator'],
      [m2, 'moderator'],
    ] as const)
      expect((await scope(owner, u, s)).statusCode).toBe(200);
  });

  it('never lets anyone act on the owner or on themselves', async () => {
    refused(await act(a1, owner, 'kick'));
    refused(await act(m1, owner, 'ban'));
    refused(await scope(a1, owner, 'participant'));
    refused(await act(a1, a1, 'kick'));
    refused(await scope(m1, m1, 'participant'));
    refused(await scope(owner, owner, 'moderator'));
  });

  it('gives participants no power', async () => {
    refused(await act(p1, p2, 'kick'));
    refused(await act(p1, p2, 'ban'));
    refused(await scope(p1, p2, 'moderator'));
    refused(await call(p1, 'POST', `/groups/${guid}/members`, { uids: [randomUUID()] }));
    refused(await call(p1, 'GET', `/groups/${guid}/banned`));
    refused(await call(p1, 'DELETE', `/groups/${guid}`));
  });

  it('keeps moderators off admins and moderators, and lets them set only participant or moderator', async () => {
    refused(await act(m1, a1, 'kick'));
    refused(await act(m1, m2, 'ban'));
    refused(await scope(m1, m2, 'participant'));
    refused(await scope(m1, p1, 'admin'));
    refused(await call(m1, 'POST', `/groups/${guid}/members`, { uids: [randomUUID()] }));
    refused(await call(m1, 'DELETE', `/groups/${guid}`));
    expect((await scope(m1, p1, 'moderator')).statusCode).toBe(200);
    expect((await scope(owner, p1, 'participant')).statusCode).toBe(200);
    expect((await call(m1, 'GET', `/groups/${guid}/banned`)).statusCode).toBe(200);
  });

  it('keeps a non-owner admin off other admins; the owner may act on them', async () => {
    refused(await act(a1, a2, 'kick'));
    refused(await act(a1, a2, 'ban'));
    refused(await scope(a1, a2, 'participant'));
    expect((await scope(a1, m1, 'admin')).statusCode).toBe(200);
    expect((await scope(owner, m1, 'moderator')).statusCode).toBe(200);
  });

  it('applies the banned scope to unban, and lists bans for non-participants only', async () => {
    expect((await act(a1, m2, 'ban')).statusCode).toBe(200);
    expect((await act(owner, a2, 'ban')).statusCode).toBe(200);
    const banned = (await call(a1, 'GET', `/groups/${guid}/banned`)).json().data as GroupMember[];
    expect(banned.map((b) => [b.uid, b.scope]).sort()).toEqual(
      [
        [m2.id, 'moderator'],
        [a2.id, 'admin'],
      ].sort(),
    );
    const members = (await call(p1, 'GET', `/groups/${guid}/members`)).json().data as GroupMember[];
    expect(members.map((m) => m.uid)).not.toContain(m2.id);
    expect(members[0].scope).toBe('admin');
    refused(await act(m1, m2, 'unban'));
    refused(await act(a1, a2, 'unban'));
    refused(await act(p1, m2, 'unban'));
    expect((await act(a1, m2, 'unban')).statusCode).toBe(200);
    expect((await act(owner, a2, 'unban')).statusCode).toBe(200);
    expect((await act(owner, a2, 'unban')).statusCode).toBe(404);
    // Unbanned, not re-added: they join again themselves.
    expect((await call(m2, 'POST', `/groups/${guid}/join`, {})).json().data.scope).toBe('participant');
  });

  it('adds new members as participants and filters members, banned and unknown users', async () => {
    const fresh = await quickUser(app, 'Baru');
    const outsider = await quickUser(app, 'Luar');
    await shareFarm(app, a1, fresh, p1, p2);
    await shareFarm(app, outsider);
    expect((await act(owner, p2, 'ban')).statusCode).toBe(200);
    const unknown = randomUUID();
    const res = await call(a1, 'POST', `/groups/${guid}/members`, {
      uids: [fresh.id, p1.id, p2.id, unknown, outsider.id],
    });
    expect(res.json().data).toEqual({
      [fresh.id]: 'success',
      [p1.id]: 'chat-already-member',
      [p2.id]: 'chat-banned',
      [unknown]: 'not-found',
      // Someone of another farm reads exactly like an id that exists nowhere.
      [outsider.id]: 'not-found',
    });
    expect(await app.ctx.chat.repos.groups.member(guid, outsider.id)).toBeUndefined();
    const member = await app.ctx.chat.repos.groups.member(guid, fresh.id);
    expect(member?.scope).toBe('participant');
  });

  it('lets the owner leave only when another admin exists, handing ownership over', async () => {
    const solo = await quickUser(app, 'Sendiri');
    const g = await createGroup(solo, { name: 'Sendiri', type: 'public' });
    const res = await call(solo, 'POST', `/groups/${g.guid}/leave`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'chat-owner-needs-admin',
      message: 'As the group owner, make another member an admin before you leave.',
    });
    expect((await call(solo, 'POST', `/groups/${g.guid}/leave`, undefined, 'id')).json().message).toBe(
      'Jadikan anggota lain admin sebelum Anda, pemilik grup, keluar.',
    );
    expect((await call(p1, 'POST', `/groups/${guid}/leave`)).statusCode).toBe(200);
    expect((await call(owner, 'POST', `/groups/${guid}/leave`)).statusCode).toBe(200);
    const after = (await call(a1, 'GET', `/groups?search=Tim`)).json().data as Group[];
    expect(after.find((x) => x.guid === guid)?.owner).toBe(a1.id);
  });

  it('lets admins delete the group, which tells the members', async () => {
    const s = await open(m1);
    expect((await call(a1, 'DELETE', `/groups/${guid}`)).statusCode).toBe(200);
    await s.next((f) => f.type === 'group' && f.event === 'deleted' && f.guid === guid);
    expect((await call(a1, 'GET', `/groups/${guid}/members`)).statusCode).toBe(404);
  });
});

describe('live: action messages and kicked members', () => {
  it('stops delivering group messages to a kicked member at once', async () => {
    const owner = await quickUser(app, 'Ketua');
    const stay = await quickUser(app, 'Tetap');
    const out = await quickUser(app, 'Keluar');
    await shareFarm(app, owner, stay, out);
    const g = await createGroup(owner, { name: 'Live', type: 'public' });
    const [so, ss, sx] = [await open(owner), await open(stay), await open(out)];
    for (const u of [stay, out]) await call(u, 'POST', `/groups/${g.guid}/join`, {});
    await so.next((f) => f.type === 'group' && f.event === 'joined' && f.target === out.id);
    const send = async (text: string) => {
      const client_id = randomUUID();
      so.send({ type: 'send', client_id, receiver_type: 'group', receiver: g.guid, text });
      return (await so.next<'ack'>((f) => f.type === 'ack' && f.client_id === client_id)).message;
    };
    const first = await send('sebelum');
    await sx.next((f) => f.type === 'message' && f.message.id === first.id);

    expect((await call(owner, 'POST', `/groups/${g.guid}/members/${out.id}/kick`)).statusCode).toBe(200);
    const kicked = await sx.next((f) => f.type === 'group' && f.event === 'kicked');
    expect(kicked).toMatchObject({ guid: g.guid, actor: owner.id, target: out.id, members_count: 2 });
    const action = await ss.next(
      (f) =>
        f.type === 'message' &&
        f.message.category === 'action' &&
        f.message.data.customData?.action === 'kicked',
    );
    expect(action.type === 'message' && action.message.data.customData).toMatchObject({
      action: 'kicked',
      actor: owner.id,
      actor_name: 'Ketua',
      target: out.id,
      target_name: 'Keluar',
    });

    const second = await send('sesudah');
    await ss.next((f) => f.type === 'message' && f.message.id === second.id);
    // A frame for `out` would have been written before the pong on the same socket.
    sx.send({ type: 'ping', ref: 'after-kick' });
    await sx.next((f) => f.type === 'pong' && f.ref === 'after-kick');
    expect(sx.frames.some((f) => f.type === 'message' && f.message.id === second.id)).toBe(false);
    const refused = await sx.call({
      type: 'send',
      client_id: randomUUID(),
      receiver_type: 'group',
      receiver: g.guid,
      text: 'masih?',
    });
    expect(refused).toMatchObject({ type: 'error', code: 'chat-not-member' });
  });
});

describe('GET /api/chat/groups/:guid', () => {
  it('shows a group as the caller sees it; a private group only to its members', async () => {
    const owner = await quickUser(app, 'Pemilik');
    const member = await quickUser(app, 'Anggota');
    const stranger = await quickUser(app, 'Orang');
    const pub = await createGroup(owner, { name: 'Terbuka', type: 'public' });
    const priv = await createGroup(owner, { name: 'Tertutup', type: 'private' });
    // The stranger works on the owner's farm but is in neither group.
    await shareFarm(app, owner, member, stranger);
    await call(owner, 'POST', `/groups/${priv.guid}/members`, { uids: [member.id] });

    const mine = await call(member, 'GET', `/groups/${priv.guid}`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toMatchObject({
      guid: priv.guid,
      name: 'Tertutup',
      type: 'private',
      scope: 'participant',
      members_count: 2,
      owner: owner.id,
    });
    const open = await call(stranger, 'GET', `/groups/${pub.guid}`);
    expect(open.json().data).toMatchObject({ guid: pub.guid, scope: null, members_count: 1 });

    const hidden = await call(stranger, 'GET', `/groups/${priv.guid}`, undefined, 'id');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe('not-found');
    expect(hidden.body).not.toContain('Tertutup');
    expect((await call(stranger, 'GET', '/groups/group_nope')).statusCode).toBe(404);
  });
});

describe('groups stay inside farms (issue 12 point 4)', () => {
  it('hides public and password groups of another farm’s people: not listed, not found, not joinable', async () => {
    const owner = await quickUser(app, 'Pemilik Barat');
    const mate = await quickUser(app, 'Rekan Barat');
    const outsider = await quickUser(app, 'Orang Timur');
    await shareFarm(app, owner, mate);
    await shareFarm(app, outsider);
    const pub = await createGroup(owner, { name: 'Barat Terbuka', type: 'public' });
    const pw = await createGroup(owner, { name: 'Barat Kunci', type: 'password', password: 'udang' });

    const seen = (u: U) => call(u, 'GET', '/groups?search=Barat').then((r) => r.json().data as Group[]);
    expect((await seen(mate)).map((g) => g.guid).sort()).toEqual([pub.guid, pw.guid].sort());
    expect(await seen(outsider)).toEqual([]);

    for (const guid of [pub.guid, pw.guid]) {
      const one = await call(outsider, 'GET', `/groups/${guid}`);
      expect(one.statusCode).toBe(404);
      expect(one.body).not.toContain('Barat');
      expect((await call(outsider, 'POST', `/groups/${guid}/join`, { password: 'udang' })).statusCode).toBe(
        404,
      );
      expect((await call(outsider, 'GET', `/groups/${guid}/members`)).statusCode).toBe(404);
    }
    const s = await open(outsider);
    const refused = await s.call({
      type: 'send',
      client_id: randomUUID(),
      receiver_type: 'group',
      receiver: pub.guid,
      text: 'halo',
    });
    expect(refused).toMatchObject({ type: 'error', code: 'not-found' });
    expect(await app.ctx.chat.repos.groups.member(pub.guid, outsider.id)).toBeUndefined();
    expect((await call(mate, 'POST', `/groups/${pub.guid}/join`, {})).statusCode).toBe(200);
  });
});
