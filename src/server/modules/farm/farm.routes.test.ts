import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from '../../app.ts';
import { createFarmFixture, quickUser } from '../../authz/fixture.ts';
import type { FixtureUser } from '../../authz/types.ts';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const call = (user: FixtureUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });

async function addMember(
  admin: FixtureUser,
  farmId: string,
  member: FixtureUser,
  roleId: number,
  ponds: object[] = [],
) {
  const res = await call(admin, 'POST', '/api/userFarm', {
    farm_id: farmId,
    email: member.email,
    role_id: roleId,
    ponds,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.user_farm_id as string;
}

describe('POST /api/farm/add', () => {
  it('makes the creator admin with every permission and seeds rows for the four roles', async () => {
    const u = await quickUser(app, 'owner');
    const res = await call(u, 'POST', '/api/farm/add', { name: '  Tambak Sari  ' });
    expect(res.statusCode).toBe(201);
    const farm = res.json().data;
    expect(farm).toMatchObject({
      name: 'Tambak Sari',
      role_id: 1,
      status: 0,
      is_hide_finance: false,
      can_edit_farm: true,
      access_pond: [],
    });
    expect(farm.permissions).toContainEqual({ feature_name: 'finance', action: 2 });
    expect(farm.permissions).toContainEqual({ feature_name: 'own_records', action: 2 });
    const rows = await app.ctx.db
      .selectFrom('farm_permissions')
      .select(['role_id', sql<number>`count(*)::int`.as('n')])
      .where('farm_id', '=', farm.farm_id)
      .groupBy('role_id')
      .orderBy('role_id')
      .execute();
    expect(rows).toEqual([1, 2, 3, 4].map((role_id) => ({ role_id, n: 13 })));
  });

  it('answers 400 with a translated field error for an empty name', async () => {
    const u = await quickUser(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/farm/add?lang=en',
      headers: u.auth,
      payload: { name: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation-failed', errors: { name: ['Required.'] } });
  });
});

describe('GET /api/farm', () => {
  it('lists the caller’s farms by name with numeric ordering, with server_time', async () => {
    const u = await quickUser(app);
    for (const name of ['Tambak 10', 'tambak 2', 'Tambak 1'])
      await call(u, 'POST', '/api/farm/add', { name });
    const res = await call(u, 'GET', '/api/farm');
    expect(res.json().data.map((f: { name: string }) => f.name)).toEqual([
      'Tambak 1',
      'tambak 2',
      'Tambak 10',
    ]);
    expect(Date.parse(res.json().server_time)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('gives a technician their role levels and only their pond access', async () => {
    const admin = await quickUser(app);
    const tech = await quickUser(app, 'tech');
    const farm = await createFarmFixture(app, admin, 'T');
    await addMember(admin, farm.farmId, tech, 3, [{ pond_id: farm.pondId, access_level: 1 }]);
    const [mine] = (await call(tech, 'GET', '/api/farm')).json().data;
    expect(mine).toMatchObject({ farm_id: farm.farmId, role_id: 3, can_edit_farm: false });
    expect(mine.access_pond).toEqual([{ pond_id: farm.pondId, access_level: 1 }]);
    expect(mine.permissions).toContainEqual({ feature_name: 'finance', action: -1 });
  });
});

describe('GET /api/farm/:id/info', () => {
  it('counts blocks, ponds and members; no cycle or stocking yet', async () => {
    const admin = await quickUser(app);
    const farm = await createFarmFixture(app, admin, 'I');
    await call(admin, 'POST', '/api/pond', {
      farm_id: farm.farmId,
      block_id: farm.blockId,
      name: 'Kolam 2',
      area: 10,
    });
    await addMember(admin, farm.farmId, await quickUser(app), 4);
    const res = await call(admin, 'GET', `/api/farm/${farm.farmId}/info`);
    expect(res.json().data).toMatchObject({ block_count: 1, pond_count: 2, user_count: 2 });
    expect(res.json().data).toMatchObject({ cycle_count: 0, stock_count: 0 });
  });

  it('counts running cycles and stockings only: an ended cycle is history', async () => {
    const admin = await quickUser(app);
    const farm = await createFarmFixture(app, admin, 'C');
    const old = await call(admin, 'POST', '/api/cycle', { pond_id: farm.pondId, start_date: '2024-01-01' });
    expect(old.statusCode, old.body).toBe(201);
    await app.ctx.db
      .updateTable('cycles')
      .set({ end_date: '2024-04-01' })
      .where('id', '=', old.json().data.cycle_id)
      .execute();
    const running = await call(admin, 'POST', '/api/cycle', {
      pond_id: farm.pondId,
      start_date: '2024-05-01',
    });
    expect(running.statusCode, running.body).toBe(201);
    const res = await call(admin, 'GET', `/api/farm/${farm.farmId}/info`);
    expect(res.json().data).toMatchObject({ cycle_count: 1, stock_count: 0 });
  });
});

describe('GET /api/internal/farm', () => {
  it('is for system administrators only', async () => {
    const u = await quickUser(app, 'sysadmin');
    const farm = await createFarmFixture(app, u, 'S');
    expect((await call(u, 'GET', '/api/internal/farm')).statusCode).toBe(403);
    await app.ctx.db.updateTable('users').set({ is_system_admin: true }).where('id', '=', u.id).execute();
    const res = await call(u, 'GET', '/api/internal/farm');
    expect(res.statusCode).toBe(200);
    const mine = res.json().data.find((f: { farm_id: string }) => f.farm_id === farm.farmId);
    expect(mine).toMatchObject({ name: farm.farmName, owner: 'sysadmin', pond_count: 1, user_count: 1 });
  });
});

describe('PUT /api/farm/:id/update', () => {
  it('lets a manager rename but not change the finance switch; the admin may', async () => {
    const admin = await quickUser(app);
    const manager = await quickUser(app);
    const farm = await createFarmFixture(app, admin, 'U');
    await addMember(admin, farm.farmId, manager, 2);
    const url = `/api/farm/${farm.farmId}/update`;
    expect((await call(manager, 'PUT', url, { name: 'Renamed', is_hide_finance: false })).statusCode).toBe(
      200,
    );
    expect((await call(manager, 'PUT', url, { name: 'Renamed', is_hide_finance: true })).statusCode).toBe(
      403,
    );
    const res = await call(admin, 'PUT', url, { name: 'Renamed', is_hide_finance: true, status: 1 });
    expect(res.json().data).toMatchObject({ name: 'Renamed', is_hide_finance: true, status: 1 });
  });

  it('refuses a viewer', async () => {
    const admin = await quickUser(app);
    const viewer = await quickUser(app);
    const farm = await createFarmFixture(app, admin, 'V');
    await addMember(admin, farm.farmId, viewer, 4);
    const res = await call(viewer, 'PUT', `/api/farm/${farm.farmId}/update`, { name: 'x' });
    expect(res.json().code).toBe('forbidden');
  });
});

describe('DELETE /api/farm/:id/delete', () => {
  it('is the admin’s alone and soft-deletes the farm for every member', async () => {
    const admin = await quickUser(app);
    const manager = await quickUser(app);
    const farm = await createFarmFixture(app, admin, 'D');
    await addMember(admin, farm.farmId, manager, 2);
    expect((await call(manager, 'DELETE', `/api/farm/${farm.farmId}/delete`)).statusCode).toBe(403);
    expect((await call(admin, 'DELETE', `/api/farm/${farm.farmId}/delete`)).statusCode).toBe(200);
    expect((await call(manager, 'GET', '/api/farm')).json().data).toEqual([]);
    const row = await app.ctx.db
      .selectFrom('farms')
      .select('deleted_at')
      .where('id', '=', farm.farmId)
      .executeTakeFirst();
    expect(row?.deleted_at).toBeInstanceOf(Date);
  });
});

describe('POST /api/farm/:id/leave', () => {
  it('refuses the last admin with 409 last-admin, and lets them go once another admin exists', async () => {
    const admin = await quickUser(app);
    const second = await quickUser(app);
    const farm = await createFarmFixture(app, admin, 'L');
    const url = `/api/farm/${farm.farmId}/leave`;
    const refused = await app.inject({ method: 'POST', url: `${url}?lang=en`, headers: admin.auth });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'last-admin',
      message: expect.stringContaining('last admin'),
    });
    await addMember(admin, farm.farmId, second, 1);
    expect((await call(admin, 'POST', url)).statusCode).toBe(200);
    expect((await call(admin, 'GET', `/api/farm/${farm.farmId}/info`)).statusCode).toBe(404);
    expect((await call(second, 'POST', url)).json().code).toBe('last-admin');
  });

  it('lets a viewer leave', async () => {
    const admin = await quickUser(app);
    const viewer = await quickUser(app);
    const farm = await createFarmFixture(app, admin, 'W');
    await addMember(admin, farm.farmId, viewer, 4);
    expect((await call(viewer, 'POST', `/api/farm/${farm.farmId}/leave`)).statusCode).toBe(200);
    expect((await call(viewer, 'GET', '/api/farm')).json().data).toEqual([]);
  });
});
