import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quickUser } from '#test/helpers/farm-fixtures';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from '../app.ts';

type U = Awaited<ReturnType<typeof quickUser>>;

const scopes = async (app: App, farmId: string) =>
  Object.fromEntries(
    (
      await app.ctx.db
        .selectFrom('chat_group_members')
        .select(['uid', 'scope'])
        .where('guid', '=', `tambak_${farmId}`)
        .execute()
    ).map((r) => [r.uid, r.scope]),
  );

describe('farm chat groups follow the farm’s users', () => {
  let app: App;
  let owner: U;
  let v: U;
  let w: U;
  beforeAll(async () => {
    app = await createTestApp();
    [owner, v, w] = await Promise.all([
      quickUser(app, 'Pemilik'),
      quickUser(app, 'Vina'),
      quickUser(app, 'Wati'),
    ]);
  });
  afterAll(async () => {
    await app?.close();
  });
  const api = (u: U, method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object) =>
    app.inject({ method, url: `/api${url}`, headers: u.auth, ...(payload ? { payload } : {}) });

  it('creates, follows invitations, role changes, removals and leaving, and goes with the farm', async () => {
    const farm = (await api(owner, 'POST', '/farm/add', { name: 'Tambak Sari' })).json().data;
    const guid = `tambak_${farm.farm_id}`;
    const groups = (await api(owner, 'GET', '/chat/groups')).json().data;
    expect(groups).toContainEqual(
      expect.objectContaining({
        guid,
        name: 'Tambak Sari',
        type: 'private',
        owner: owner.id,
        scope: 'admin',
      }),
    );
    expect(await scopes(app, farm.farm_id)).toEqual({ [owner.id]: 'admin' });

    const invite = (u: U, role_id: number) =>
      api(owner, 'POST', '/userFarm', { farm_id: farm.farm_id, email: u.email, role_id, ponds: [] });
    const vm = await invite(v, 3);
    expect(vm.statusCode, vm.body).toBe(201);
    expect(await scopes(app, farm.farm_id)).toEqual({ [owner.id]: 'admin', [v.id]: 'participant' });
    const vId = vm.json().data.user_farm_id;
    expect((await api(owner, 'PUT', `/userFarm/${vId}/update`, { role_id: 1, ponds: [] })).statusCode).toBe(
      200,
    );
    expect((await scopes(app, farm.farm_id))[v.id]).toBe('admin');
    // Membership of a farm group is the farm's: not changeable through chat.
    const kick = await api(owner, 'POST', `/chat/groups/${guid}/members/${v.id}/kick`);
    expect(kick.json().code).toBe('chat-farm-group');
    expect((await api(owner, 'DELETE', `/userFarm/${vId}/delete`)).statusCode).toBe(200);
    expect(await scopes(app, farm.farm_id)).toEqual({ [owner.id]: 'admin' });

    expect((await invite(w, 2)).statusCode).toBe(201);
    expect((await scopes(app, farm.farm_id))[w.id]).toBe('participant');
    expect((await api(w, 'POST', `/farm/${farm.farm_id}/leave`)).statusCode).toBe(200);
    expect(await scopes(app, farm.farm_id)).toEqual({ [owner.id]: 'admin' });
    const history = await api(owner, 'GET', `/chat/messages?receiver_type=group&receiver=${guid}`);
    const actions = history.json().data.map((m: { text: string }) => m.text);
    expect(actions).toEqual(['added', 'scope_changed', 'kicked', 'added', 'kicked']);

    expect((await api(owner, 'DELETE', `/farm/${farm.farm_id}/delete`)).statusCode).toBe(200);
    const gone = await app.ctx.db.selectFrom('chat_groups').select('guid').where('guid', '=', guid).execute();
    expect(gone).toEqual([]);
  });

  it('never fails the farm operation when the chat sync fails', async () => {
    const sync = app.ctx.chat.farmSync;
    const original = sync.sync.bind(sync);
    sync.sync = async () => {
      throw new Error('chat down');
    };
    try {
      const res = await api(owner, 'POST', '/farm/add', { name: 'Tanpa Chat' });
      expect(res.statusCode).toBe(201);
    } finally {
      sync.sync = original;
    }
  });
});

describe('configuration: excluded users and selected farms', () => {
  let app: App;
  const excludedId = uuidv7();
  const selectedFarm = uuidv7();
  afterAll(async () => {
    await app?.close();
  });

  it('skips excluded users, syncs only selected farms, and lets only system admins run the full sync', async () => {
    app = await createTestApp({
      CHAT_SYNC_EXCLUDE_USER_IDS: excludedId,
      CHAT_SYNC_FARM_IDS: ` ${selectedFarm} `,
    });
    const owner = await quickUser(app, 'Admin Sistem');
    const member = await quickUser(app, 'Anggota');
    await app.ctx.users.insert({
      id: excludedId,
      username: 'Dikecualikan',
      email: null,
      phone: null,
      password_hash: null,
    });
    // A farm not selected gets no group, even through the farm routes.
    const other = (
      await app.inject({
        method: 'POST',
        url: '/api/farm/add',
        headers: owner.auth,
        payload: { name: 'Lain' },
      })
    ).json().data;
    const db = app.ctx.db;
    await db
      .insertInto('farms')
      .values({ id: selectedFarm, name: 'Terpilih', created_by: owner.id })
      .execute();
    await db
      .insertInto('user_farms')
      .values([
        { id: uuidv7(), farm_id: selectedFarm, user_id: owner.id, role_id: 1 },
        { id: uuidv7(), farm_id: selectedFarm, user_id: member.id, role_id: 4 },
        { id: uuidv7(), farm_id: selectedFarm, user_id: excludedId, role_id: 1 },
      ])
      .execute();

    const denied = await app.inject({
      method: 'POST',
      url: '/api/chat/sync-farm-groups',
      headers: owner.auth,
    });
    expect(denied.statusCode).toBe(403);
    await db.updateTable('users').set({ is_system_admin: true }).where('id', '=', owner.id).execute();
    const res = await app.inject({ method: 'POST', url: '/api/chat/sync-farm-groups', headers: owner.auth });
    expect(res.json().data).toEqual({ farms: 1, deleted: 0 });
    expect(await scopes(app, selectedFarm)).toEqual({ [owner.id]: 'admin', [member.id]: 'participant' });
    expect(await scopes(app, other.farm_id)).toEqual({});
    const groups = await db.selectFrom('chat_groups').select(['guid', 'name']).execute();
    expect(groups).toEqual([{ guid: `tambak_${selectedFarm}`, name: 'Terpilih' }]);
  });
});
