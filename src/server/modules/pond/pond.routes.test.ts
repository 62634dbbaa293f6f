import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sortByName } from '#shared/domain/natural-sort';
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
  farm = await createFarmFixture(app, admin, 'P');
});
afterAll(() => app.close());

const call = (user: FixtureUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });
const addPond = async (name: string, extra: object = {}) => {
  const res = await call(admin, 'POST', '/api/pond', {
    farm_id: farm.farmId,
    block_id: farm.blockId,
    name,
    area: 2500.5,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
};
async function member(roleId: number, ponds: { pond_id: string; access_level: number }[]) {
  const user = await quickUser(app, `role${roleId}`);
  const res = await call(admin, 'POST', '/api/userFarm', {
    farm_id: farm.farmId,
    email: user.email,
    role_id: roleId,
    ponds,
  });
  expect(res.statusCode, res.body).toBe(201);
  return user;
}
const names = (res: { json(): { data: { name: string }[] } }) => res.json().data.map((p) => p.name);

describe('POST /api/pond', () => {
  it('creates a pond with its block name, numeric area and the caller’s level', async () => {
    const pond = await addPond('Kolam Baru');
    expect(pond).toMatchObject({
      farm_id: farm.farmId,
      block_id: farm.blockId,
      block_name: farm.blockName,
      area: 2500.5,
      access_level: 2,
    });
  });

  it('stores one copy when the same create is replayed', async () => {
    const pond_id = uuidv7();
    await addPond('Kolam Replay', { pond_id });
    const again = await addPond('Kolam Replay', { pond_id });
    expect(again.pond_id).toBe(pond_id);
    expect(
      await app.ctx.db.selectFrom('ponds').select('id').where('id', '=', pond_id).execute(),
    ).toHaveLength(1);
  });

  it('answers 400 with field errors for a bad body and for a block of another farm', async () => {
    const bad = await call(admin, 'POST', '/api/pond', {
      farm_id: farm.farmId,
      block_id: farm.blockId,
      name: '',
      area: 'luas',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['area', 'name']);
    const other = await createFarmFixture(app, admin, 'O');
    const res = await call(admin, 'POST', '/api/pond', {
      farm_id: farm.farmId,
      block_id: other.blockId,
      name: 'x',
      area: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.block_id).toEqual(['Data tidak ditemukan.']);
  });

  it('gives a technician allowed to add ponds full access to the pond they created', async () => {
    const tech = await member(3, []);
    const before = await call(tech, 'POST', '/api/pond', {
      farm_id: farm.farmId,
      block_id: farm.blockId,
      name: 'Kolam T',
      area: 1,
    });
    expect(before.statusCode).toBe(403);
    const perm = await call(admin, 'PUT', '/api/permission', {
      farm_id: farm.farmId,
      role_id: 3,
      permissions: [{ feature_name: 'pond', action: 2 }],
    });
    expect(perm.statusCode).toBe(200);
    const res = await call(tech, 'POST', '/api/pond', {
      farm_id: farm.farmId,
      block_id: farm.blockId,
      name: 'Kolam T',
      area: 1,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.access_level).toBe(2);
    expect(names(await call(tech, 'GET', `/api/pond?farm_id=${farm.farmId}`))).toEqual(['Kolam T']);
    await call(admin, 'PUT', '/api/permission', {
      farm_id: farm.farmId,
      role_id: 3,
      permissions: [{ feature_name: 'pond', action: 0 }],
    });
  });
});

describe('GET /api/pond', () => {
  it('sorts names numerically: Kolam 2 before Kolam 10', async () => {
    const own = await createFarmFixture(app, admin, 'N');
    for (const name of ['Kolam 10', 'Kolam 2', 'kolam 1']) {
      await call(admin, 'POST', '/api/pond', { farm_id: own.farmId, block_id: own.blockId, name, area: 1 });
    }
    const res = await call(admin, 'GET', `/api/pond?farm_id=${own.farmId}`);
    expect(names(res).filter((n: string) => /kolam/i.test(n))).toEqual(['kolam 1', 'Kolam 2', 'Kolam 10']);
  });

  it('shows a restricted member only their ponds, each with their effective level', async () => {
    const a = await addPond('Kolam A');
    const b = await addPond('Kolam B');
    const tech = await member(3, [
      { pond_id: a.pond_id, access_level: 0 },
      { pond_id: b.pond_id, access_level: 2 },
    ]);
    const res = await call(tech, 'GET', `/api/pond?farm_id=${farm.farmId}`);
    // The technician's role level on `pond` is view (0), so even "all access" caps at 0.
    expect(
      res.json().data.map((p: { name: string; access_level: number }) => [p.name, p.access_level]),
    ).toEqual([
      ['Kolam A', 0],
      ['Kolam B', 0],
    ]);
  });

  it('lists each pond exactly as its own answer gives it, per-pond levels included (JSON written by PostgreSQL)', async () => {
    const own = await createFarmFixture(app, admin, 'J');
    const add = async (name: string, area: number) => {
      const res = await call(admin, 'POST', '/api/pond', {
        farm_id: own.farmId,
        block_id: own.blockId,
        name,
        area,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data;
    };
    const made = [await add('Kolam Ä 3', 0.1), await add('kolam ä 20', 2500.75), await add('Kolam 100', 1e6)];
    const edited = await call(admin, 'PUT', `/api/pond/${made[1].pond_id}/update`, { status: 1 });
    made[1] = edited.json().data;
    const listed = (await call(admin, 'GET', `/api/pond?farm_id=${own.farmId}`)).json().data;
    const ids = new Set(made.map((p) => p.pond_id));
    const mine = listed.filter((p: { pond_id: string }) => ids.has(p.pond_id));
    expect(mine).toEqual(sortByName(made, (p: { name: string }) => p.name));
    expect(mine.map((p: { name: string }) => p.name)).toEqual(['Kolam 100', 'Kolam Ä 3', 'kolam ä 20']);

    const user = await quickUser(app, 'role4-json');
    const joined = await call(admin, 'POST', '/api/userFarm', {
      farm_id: own.farmId,
      email: user.email,
      role_id: 4,
      ponds: [
        { pond_id: made[0].pond_id, access_level: 2 },
        { pond_id: made[2].pond_id, access_level: 0 },
      ],
    });
    expect(joined.statusCode, joined.body).toBe(201);
    await call(admin, 'PUT', '/api/permission', {
      farm_id: own.farmId,
      role_id: 4,
      permissions: [{ feature_name: 'pond', action: 1 }],
    });
    const theirs = (await call(user, 'GET', `/api/pond?farm_id=${own.farmId}`)).json().data;
    expect(theirs.map((p: { name: string; access_level: number }) => [p.name, p.access_level])).toEqual([
      ['Kolam 100', 0],
      ['Kolam Ä 3', 1],
    ]);
  });

  it('answers from the list it kept only while no listed pond or block changed, whoever wrote it', async () => {
    const list = async () => {
      const res = await call(admin, 'GET', `/api/pond?farm_id=${farm.farmId}`);
      expect(res.statusCode).toBe(200);
      return res.json().data as { pond_id: string; name: string; block_name: string; status: number }[];
    };
    const pond = await addPond('Kolam Simpan');
    const first = await list();
    expect(await list()).toEqual(first);
    // Written below the API (another instance, a migration, a script): the list follows.
    await app.ctx.db.updateTable('ponds').set({ status: 2 }).where('id', '=', pond.pond_id).execute();
    expect((await list()).find((p) => p.pond_id === pond.pond_id)?.status).toBe(2);
    await app.ctx.db
      .updateTable('blocks')
      .set({ block_name: 'Blok Ganti' })
      .where('id', '=', farm.blockId)
      .execute();
    expect((await list()).every((p) => p.block_name === 'Blok Ganti')).toBe(true);
    await app.ctx.db
      .updateTable('ponds')
      .set({ deleted_at: new Date() })
      .where('id', '=', pond.pond_id)
      .execute();
    expect((await list()).some((p) => p.pond_id === pond.pond_id)).toBe(false);
    const other = await addPond('Kolam Simpan 2');
    expect((await list()).some((p) => p.pond_id === other.pond_id)).toBe(true);
  });

  it('shows soft-deleted ponds to a since pull only', async () => {
    const since = (await call(admin, 'GET', `/api/pond?farm_id=${farm.farmId}`)).json().server_time;
    const pond = await addPond('Kolam Hapus');
    expect((await call(admin, 'DELETE', `/api/pond/${pond.pond_id}/delete`)).statusCode).toBe(200);
    expect(names(await call(admin, 'GET', `/api/pond?farm_id=${farm.farmId}`))).not.toContain('Kolam Hapus');
    const pulled = await call(
      admin,
      'GET',
      `/api/pond?farm_id=${farm.farmId}&since=${encodeURIComponent(since)}`,
    );
    const row = pulled.json().data.find((p: { pond_id: string }) => p.pond_id === pond.pond_id);
    expect(row.deleted_at).not.toBeNull();
  });
});

describe('PUT /api/pond/:id/update and DELETE /api/pond/:id/delete', () => {
  it('updates name, area, block and status', async () => {
    const pond = await addPond('Kolam Ubah');
    const block = (
      await call(admin, 'POST', '/api/block', { farm_id: farm.farmId, block_name: 'Blok Pindah' })
    ).json().data;
    const res = await call(admin, 'PUT', `/api/pond/${pond.pond_id}/update`, {
      name: 'Kolam Diubah',
      area: 300,
      block_id: block.block_id,
      status: 0,
    });
    expect(res.json().data).toMatchObject({
      name: 'Kolam Diubah',
      area: 300,
      block_name: 'Blok Pindah',
      status: 0,
    });
  });

  it('refuses a viewer editing a pond they see with 403 pond-access-denied', async () => {
    const pond = await addPond('Kolam Lihat');
    const viewer = await member(4, [{ pond_id: pond.pond_id, access_level: 2 }]);
    const res = await call(viewer, 'PUT', `/api/pond/${pond.pond_id}/update?lang=en`, { name: 'x', area: 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'pond-access-denied',
      message: 'You do not have access to this pond.',
    });
    expect((await call(viewer, 'DELETE', `/api/pond/${pond.pond_id}/delete`)).json().code).toBe(
      'pond-access-denied',
    );
  });

  it('answers 404 to a restricted member for a pond outside their access', async () => {
    const pond = await addPond('Kolam Rahasia');
    const tech = await member(3, []);
    expect(
      (await call(tech, 'PUT', `/api/pond/${pond.pond_id}/update`, { name: 'x', area: 1 })).statusCode,
    ).toBe(404);
    expect((await call(tech, 'DELETE', `/api/pond/${pond.pond_id}/delete`)).statusCode).toBe(404);
  });

  it('lets a restricted member with edit rights edit only their all-access ponds', async () => {
    await call(admin, 'PUT', '/api/permission', {
      farm_id: farm.farmId,
      role_id: 3,
      permissions: [{ feature_name: 'pond', action: 2 }],
    });
    const mine = await addPond('Kolam Milik');
    const viewOnly = await addPond('Kolam Pantau');
    const tech = await member(3, [
      { pond_id: mine.pond_id, access_level: 2 },
      { pond_id: viewOnly.pond_id, access_level: 0 },
    ]);
    expect(
      (await call(tech, 'PUT', `/api/pond/${mine.pond_id}/update`, { name: 'Kolam Milik', area: 9 }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(tech, 'PUT', `/api/pond/${viewOnly.pond_id}/update`, { name: 'x', area: 1 })).statusCode,
    ).toBe(403);
    await call(admin, 'PUT', '/api/permission', {
      farm_id: farm.farmId,
      role_id: 3,
      permissions: [{ feature_name: 'pond', action: 0 }],
    });
  });

  it('answers 404 for a deleted pond', async () => {
    const pond = await addPond('Kolam Sekali');
    await call(admin, 'DELETE', `/api/pond/${pond.pond_id}/delete`);
    expect((await call(admin, 'DELETE', `/api/pond/${pond.pond_id}/delete`)).statusCode).toBe(404);
  });
});
