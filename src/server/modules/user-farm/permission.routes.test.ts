import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from '../../app.ts';
import { createFarmFixture, quickUser } from '../../authz/fixture.ts';
import type { FarmFixture, FixtureUser } from '../../authz/types.ts';

let app: App;
let admin: FixtureUser;
let manager: FixtureUser;
let farm: FarmFixture;
beforeAll(async () => {
  app = await createTestApp();
  admin = await quickUser(app, 'admin');
  manager = await quickUser(app, 'manager');
  farm = await createFarmFixture(app, admin, 'R');
  await call(admin, 'POST', '/api/userFarm', {
    farm_id: farm.farmId,
    email: manager.email,
    role_id: 2,
    ponds: [],
  });
});
afterAll(() => app.close());

const call = (user: FixtureUser, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });
const put = (user: FixtureUser, role_id: number, permissions: object[], lang = 'id') =>
  call(user, 'PUT', `/api/permission?lang=${lang}`, { farm_id: farm.farmId, role_id, permissions });

describe('GET /api/role', () => {
  it('lists the four roles', async () => {
    const res = await call(manager, 'GET', '/api/role');
    expect(res.json().data).toEqual([
      { role_id: 1, name: 'admin' },
      { role_id: 2, name: 'manager' },
      { role_id: 3, name: 'technician' },
      { role_id: 4, name: 'viewer' },
    ]);
  });
});

describe('GET /api/permission', () => {
  it('gives any member a role’s levels for every feature', async () => {
    const res = await call(manager, 'GET', `/api/permission?farm_id=${farm.farmId}&role_id=3`);
    expect(res.json().data).toHaveLength(13);
    expect(res.json().data).toContainEqual({ feature_name: 'cycle', action: 1 });
  });

  it('answers 400 for a role id out of range', async () => {
    const res = await call(admin, 'GET', `/api/permission?farm_id=${farm.farmId}&role_id=9`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.role_id).toBeDefined();
  });
});

describe('PUT /api/permission', () => {
  it('lets the admin change a role’s levels', async () => {
    const res = await put(admin, 4, [
      { feature_name: 'finance', action: 0 },
      { feature_name: 'water_quality', action: 1 },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toContainEqual({ feature_name: 'finance', action: 0 });
    expect(res.json().data).toContainEqual({ feature_name: 'water_quality', action: 1 });
  });

  it('refuses a manager (user_permission below edit)', async () => {
    const res = await put(manager, 4, [{ feature_name: 'finance', action: 2 }]);
    expect(res.statusCode).toBe(403);
  });

  it('refuses to lower the admin role', async () => {
    const res = await put(
      admin,
      1,
      [
        { feature_name: 'pond', action: 2 },
        { feature_name: 'finance', action: 0 },
      ],
      'en',
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'role-not-allowed',
      errors: { 'permissions.1.action': ['This role cannot be given.'] },
    });
  });

  it('answers 400 with field errors for unknown or repeated features', async () => {
    const res = await put(admin, 3, [
      { feature_name: 'pond', action: 1 },
      { feature_name: 'kolam', action: 1 },
      { feature_name: 'pond', action: 2 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      'permissions.1.feature_name': ['Pilihan tidak valid.'],
      'permissions.2.feature_name': ['Tidak boleh sama dengan yang lain.'],
    });
  });

  it('answers 400 for an action level out of range', async () => {
    const res = await put(admin, 3, [{ feature_name: 'pond', action: 5 }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['permissions.0.action']).toBeDefined();
  });
});
