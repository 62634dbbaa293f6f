import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from '../../app.ts';
import { createFarmFixture, quickUser } from '../../authz/fixture.ts';
import type { FarmFixture, FixtureUser } from '../../authz/types.ts';

let app: App;
let admin: FixtureUser;
let viewer: FixtureUser;
let farm: FarmFixture;
beforeAll(async () => {
  app = await createTestApp();
  admin = await quickUser(app, 'admin');
  viewer = await quickUser(app, 'viewer');
  farm = await createFarmFixture(app, admin, 'K');
  await call(admin, 'POST', '/api/userFarm', {
    farm_id: farm.farmId,
    email: viewer.email,
    role_id: 4,
    ponds: [],
  });
});
afterAll(() => app.close());

const call = (user: FixtureUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });

describe('POST /api/block', () => {
  it('stores one copy when the same create with a device id is replayed', async () => {
    const block_id = uuidv7();
    const body = { farm_id: farm.farmId, block_id, block_name: 'Blok Replay' };
    const first = await call(admin, 'POST', '/api/block', body);
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ block_id, block_name: 'Blok Replay', deleted_at: null });
    const again = await call(admin, 'POST', '/api/block', { ...body, block_name: 'changed by replay' });
    expect(again.json().data.block_name).toBe('Blok Replay');
    const count = await app.ctx.db.selectFrom('blocks').select('id').where('id', '=', block_id).execute();
    expect(count).toHaveLength(1);
  });

  it('answers 400 with field errors', async () => {
    const res = await call(admin, 'POST', '/api/block?lang=en', { farm_id: 'nope', block_name: '' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['block_name', 'farm_id']);
  });

  it('refuses a viewer (pond feature below add)', async () => {
    const res = await call(viewer, 'POST', '/api/block', { farm_id: farm.farmId, block_name: 'x' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });
});

describe('GET /api/block', () => {
  it('sorts names numerically and shows deleted blocks only to a since pull', async () => {
    const since = (await call(admin, 'GET', `/api/block?farm_id=${farm.farmId}`)).json().server_time;
    for (const block_name of ['Blok 10', 'Blok 2', 'Blok 1'])
      await call(admin, 'POST', '/api/block', { farm_id: farm.farmId, block_name });
    const gone = (
      await call(admin, 'POST', '/api/block', { farm_id: farm.farmId, block_name: 'Blok Gone' })
    ).json().data;
    expect((await call(admin, 'DELETE', `/api/block/${gone.block_id}/delete`)).statusCode).toBe(200);

    const full = (await call(viewer, 'GET', `/api/block?farm_id=${farm.farmId}`)).json();
    const names = full.data.map((b: { block_name: string }) => b.block_name);
    expect(names.filter((n: string) => n.startsWith('Blok ') && n !== 'Blok Replay')).toEqual([
      'Blok 1',
      'Blok 2',
      'Blok 10',
    ]);
    expect(names).not.toContain('Blok Gone');

    const pulled = (
      await call(viewer, 'GET', `/api/block?farm_id=${farm.farmId}&since=${encodeURIComponent(since)}`)
    ).json();
    const deleted = pulled.data.find((b: { block_id: string }) => b.block_id === gone.block_id);
    expect(deleted.deleted_at).not.toBeNull();
    expect(pulled.data.map((b: { block_name: string }) => b.block_name)).toEqual(
      expect.arrayContaining(['Blok 1', 'Blok 10']),
    );
    expect(Date.parse(pulled.server_time)).toBeGreaterThanOrEqual(Date.parse(since));
  });

  it('answers 400 for a since that is not a timestamp', async () => {
    const res = await call(admin, 'GET', `/api/block?farm_id=${farm.farmId}&since=yesterday`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.since).toBeDefined();
  });
});

describe('PUT /api/block/:id/update and DELETE /api/block/:id/delete', () => {
  it('renames and bumps updated_at', async () => {
    const block = (
      await call(admin, 'POST', '/api/block', { farm_id: farm.farmId, block_name: 'Lama' })
    ).json().data;
    const res = await call(admin, 'PUT', `/api/block/${block.block_id}/update`, { block_name: 'Baru' });
    expect(res.json().data.block_name).toBe('Baru');
    expect(Date.parse(res.json().data.updated_at)).toBeGreaterThan(Date.parse(block.updated_at));
  });

  it('refuses to delete a block that still has ponds, with a translated message', async () => {
    const res = await call(admin, 'DELETE', `/api/block/${farm.blockId}/delete?lang=en`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'block-not-empty',
      message: 'This block still has ponds. Move or delete them first.',
    });
  });

  it('refuses a viewer and answers 404 for a deleted block', async () => {
    const block = (
      await call(admin, 'POST', '/api/block', { farm_id: farm.farmId, block_name: 'Sementara' })
    ).json().data;
    expect(
      (await call(viewer, 'PUT', `/api/block/${block.block_id}/update`, { block_name: 'x' })).statusCode,
    ).toBe(403);
    expect((await call(admin, 'DELETE', `/api/block/${block.block_id}/delete`)).statusCode).toBe(200);
    expect(
      (await call(admin, 'PUT', `/api/block/${block.block_id}/update`, { block_name: 'x' })).statusCode,
    ).toBe(404);
  });
});
