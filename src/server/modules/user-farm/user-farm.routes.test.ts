import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode } from '#test/helpers/api-user';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from '../../app.ts';
import { createFarmFixture, quickUser } from '../../authz/fixture.ts';
import type { FarmFixture, FixtureUser } from '../../authz/types.ts';

let app: App;
let admin: FixtureUser;
let farm: FarmFixture;
beforeAll(async () => {
  app = await createTestApp();
  admin = await quickUser(app, 'admin');
  farm = await createFarmFixture(app, admin, 'M');
});
afterAll(() => app.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (user: FixtureUser, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });
const invite = (by: FixtureUser, body: object) =>
  call(by, 'POST', '/api/userFarm', { farm_id: farm.farmId, ponds: [], ...body });
const outbox = async (to: string) =>
  (await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` })).json().data as {
    subject: string;
    body: string;
  }[];

describe('POST /api/userFarm', () => {
  it('links an existing user by email with their ponds and sends the invitation', async () => {
    const user = await quickUser(app, 'Budi');
    const res = await invite(admin, {
      email: user.email.toUpperCase(),
      role_id: 3,
      ponds: [{ pond_id: farm.pondId, access_level: 1 }],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      user_id: user.id,
      username: 'Budi',
      role_id: 3,
      ponds: [{ pond_id: farm.pondId, access_level: 1 }],
    });
    expect((await outbox(user.email))[0].subject).toBe(`admin mengundang Anda ke tambak ${farm.farmName}`);
    const again = await invite(admin, { email: user.email, role_id: 4 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('user-already-member');
  });

  it('creates a placeholder for an unknown email that registration then claims', async () => {
    const email = 'calon.anggota@example.com';
    const res = await call(admin, 'POST', '/api/userFarm?lang=en', {
      farm_id: farm.farmId,
      email,
      role_id: 4,
      ponds: [],
    });
    expect(res.json().data).toMatchObject({ username: email, email, role_id: 4 });
    expect((await outbox(email))[0].body).toContain('/register?invite=');
    const password = 'rahasia-123';
    const reg = await app.inject({
      method: 'POST',
      url: '/api/registrasi',
      payload: { username: 'Sari', email, password, password_confirmation: password },
    });
    expect(reg.statusCode).toBe(201);
    await app.inject({ method: 'POST', url: '/api/login/email', payload: { email, password } });
    const otp = await app.inject({
      method: 'POST',
      url: '/api/login/otp',
      payload: { email, code: await latestCode(app, email) },
    });
    const farms = await app.inject({
      method: 'GET',
      url: '/api/farm',
      headers: { authorization: `Bearer ${otp.json().data.token}` },
    });
    expect(farms.json().data.map((f: { farm_id: string }) => f.farm_id)).toEqual([farm.farmId]);
  });

  it('invites by phone by SMS, and the person signs in with a code', async () => {
    const res = await invite(admin, { phone: '0812-9999-0001', username: 'Pak Tono', role_id: 3 });
    expect(res.json().data).toMatchObject({ username: 'Pak Tono', phone: '+6281299990001', email: null });
    expect(await outbox('+6281299990001')).toHaveLength(1);
    const login = await app.inject({
      method: 'POST',
      url: '/api/login/phone',
      payload: { phone: '081299990001' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('answers 400 without email or phone, and for ponds of another farm', async () => {
    const none = await invite(admin, { role_id: 4 });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('email-or-phone-required');
    const other = await createFarmFixture(app, admin, 'X');
    const res = await invite(admin, {
      email: 'p@example.com',
      role_id: 3,
      ponds: [{ pond_id: other.pondId, access_level: 2 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'ponds.0.pond_id': ['Data tidak ditemukan.'] });
  });

  it('lets only admins give role 1', async () => {
    const manager = await quickUser(app, 'mgr');
    await invite(admin, { email: manager.email, role_id: 2 });
    // Give managers the right to manage members, then try to make an admin.
    await call(admin, 'PUT', '/api/permission', {
      farm_id: farm.farmId,
      role_id: 2,
      permissions: [{ feature_name: 'user_permission', action: 2 }],
    });
    const res = await invite(manager, { email: 'boss@example.com', role_id: 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('role-not-allowed');
    expect((await invite(manager, { email: 'worker@example.com', role_id: 3 })).statusCode).toBe(201);
    await call(admin, 'PUT', '/api/permission', {
      farm_id: farm.farmId,
      role_id: 2,
      permissions: [{ feature_name: 'user_permission', action: 0 }],
    });
  });
});

describe('GET /api/userFarm', () => {
  it('lists members with their ponds, and is closed to a technician', async () => {
    const tech = await quickUser(app, 'tech');
    await invite(admin, {
      email: tech.email,
      role_id: 3,
      ponds: [{ pond_id: farm.pondId, access_level: 0 }],
    });
    const res = await call(admin, 'GET', `/api/userFarm?farm_id=${farm.farmId}`);
    const row = res.json().data.find((m: { user_id: string }) => m.user_id === tech.id);
    expect(row.ponds).toEqual([{ pond_id: farm.pondId, access_level: 0 }]);
    expect((await call(tech, 'GET', `/api/userFarm?farm_id=${farm.farmId}`)).json().code).toBe('forbidden');
  });
});

describe('PUT /api/userFarm/:id/update and DELETE /api/userFarm/:id/delete', () => {
  it('changes role and ponds, which the member sees in GET /api/farm', async () => {
    const user = await quickUser(app, 'ganti');
    const id = (await invite(admin, { email: user.email, role_id: 4 })).json().data.user_farm_id;
    const res = await call(admin, 'PUT', `/api/userFarm/${id}/update`, {
      role_id: 3,
      ponds: [{ pond_id: farm.pondId, access_level: 2 }],
    });
    expect(res.json().data).toMatchObject({ role_id: 3, ponds: [{ pond_id: farm.pondId, access_level: 2 }] });
    const [mine] = (await call(user, 'GET', '/api/farm')).json().data;
    expect(mine).toMatchObject({ role_id: 3, access_pond: [{ pond_id: farm.pondId, access_level: 2 }] });
  });

  it('never leaves the farm without an admin', async () => {
    const solo = await createFarmFixture(app, admin, 'Solo');
    expect(
      (await call(admin, 'PUT', `/api/userFarm/${solo.userFarmId}/update`, { role_id: 2, ponds: [] })).json()
        .code,
    ).toBe('last-admin');
    expect((await call(admin, 'DELETE', `/api/userFarm/${solo.userFarmId}/delete`)).json().code).toBe(
      'last-admin',
    );
  });

  it('removes a member, who then no longer reaches the farm', async () => {
    const user = await quickUser(app, 'keluar');
    const id = (await invite(admin, { email: user.email, role_id: 4 })).json().data.user_farm_id;
    expect((await call(admin, 'DELETE', `/api/userFarm/${id}/delete`)).statusCode).toBe(200);
    expect((await call(user, 'GET', `/api/pond?farm_id=${farm.farmId}`)).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', `/api/userFarm/${id}/delete`)).statusCode).toBe(404);
  });

  it('lets a second admin be demoted, and keeps non-admins from touching admins', async () => {
    const second = await quickUser(app, 'admin2');
    const id = (await invite(admin, { email: second.email, role_id: 1 })).json().data.user_farm_id;
    const viewer = await quickUser(app, 'v');
    await invite(admin, { email: viewer.email, role_id: 4 });
    expect((await call(viewer, 'DELETE', `/api/userFarm/${id}/delete`)).statusCode).toBe(403);
    expect(
      (await call(admin, 'PUT', `/api/userFarm/${id}/update`, { role_id: 2, ponds: [] })).statusCode,
    ).toBe(200);
  });
});
