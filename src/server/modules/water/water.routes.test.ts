import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createFarm,
  type FarmSetup,
  ownerWithFarm,
  type QuickUser,
  quickUser,
} from '#test/helpers/farm-fixtures';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from '../../app.ts';

let app: App;
let owner: QuickUser;
let farm: FarmSetup;
beforeAll(async () => {
  ({ app, owner, farm } = await ownerWithFarm(2, createTestApp));
});
afterAll(() => app.close());

const post = async (items: Record<string, unknown>[]) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/water/general/bulk',
    headers: owner.auth,
    payload: { items },
  });
  expect(
    res.json().data.results.every((r: { status: string }) => r.status === 'ok'),
    res.body,
  ).toBe(true);
};
const list = async (query: string, user = owner) => {
  const res = await app.inject({
    method: 'GET',
    url: `/api/water/general?farm_id=${farm.farmId}&${query}`,
    headers: user.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Record<string, unknown>[]; server_time: string };
};
const item = (measuredAt: string, extra: Record<string, unknown> = {}) => ({
  id: uuidv7(),
  pond_id: farm.pondIds[0],
  measured_at: measuredAt,
  ...extra,
});

describe('GET /api/water/general', () => {
  it('round-trips -99 as not measured (NULL in the database)', async () => {
    const sent = item('2025-04-01T06:00:00+07:00', { ph: -99, do: null, temperature: 28.4 });
    await post([sent]);
    const [row] = await app.ctx.db
      .selectFrom('water_general')
      .selectAll()
      .where('id', '=', sent.id)
      .execute();
    expect(row).toMatchObject({ ph: null, do: null, temperature: '28.4', salinity: null });
    const got = (await list('from=2025-04-01&to=2025-04-01')).data.find((r) => r.id === sent.id);
    expect(got).toMatchObject({ ph: -99, do: -99, temperature: 28.4, salinity: -99, color: -99, orp: -99 });
    expect(got?.measured_at).toBe('2025-04-01T06:00:00.000+07:00');
  });

  it('buckets the time of day by the local hour: 11:59 morning, 12:00 afternoon, 18:00 evening', async () => {
    const times = ['2025-04-02T11:59:00+07:00', '2025-04-02T12:00:00+07:00', '2025-04-02T18:00:00+07:00'];
    const items = times.map((t) => item(t));
    await post(items);
    const got = (await list('from=2025-04-02&to=2025-04-02')).data;
    expect(got.map((r) => r.time_of_day)).toEqual(['morning', 'afternoon', 'evening']);
  });

  it('filters by pond and by measured day (farm time)', async () => {
    await post([
      item('2025-04-03T23:30:00+07:00', { pond_id: farm.pondIds[1] }),
      item('2025-04-04T00:30:00+07:00'),
    ]);
    expect((await list(`pond_id=${farm.pondIds[1]}&from=2025-04-03&to=2025-04-04`)).data).toHaveLength(1);
    expect((await list('from=2025-04-04&to=2025-04-04')).data).toHaveLength(1);
  });

  it('since pulls return updated and soft-deleted rows', async () => {
    const [a, b, c] = [
      item('2025-04-05T06:00:00+07:00'),
      item('2025-04-05T07:00:00+07:00'),
      item('2025-04-05T08:00:00+07:00'),
    ];
    await post([a, b, c]);
    const before = await list('from=2025-04-05&to=2025-04-05');
    await app.ctx.db
      .updateTable('water_general')
      .set({ updated_at: new Date(Date.now() - 60_000) })
      .execute();
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/water/general/${a.id}/update`,
      headers: owner.auth,
      payload: { ph: 7.6 },
    });
    expect(edit.json().data.ph).toBe(7.6);
    await app.inject({ method: 'DELETE', url: `/api/water/general/${b.id}/delete`, headers: owner.auth });
    const pulled = (await list(`since=${before.server_time}`)).data;
    expect(pulled.map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
    expect(pulled.find((r) => r.id === b.id)?.deleted_at).not.toBeNull();
    expect((await list('from=2025-04-05&to=2025-04-05')).data.map((r) => r.id)).toEqual([a.id, c.id]);
  });
});

describe('PUT /api/water/general/:id/update and DELETE …/delete', () => {
  it('changes only the fields sent, -99 clears one, and validates with translated messages', async () => {
    const sent = item('2025-04-06T06:00:00+07:00', { ph: 8, salinity: 20, temperature: 29 });
    await post([sent]);
    const url = `/api/water/general/${sent.id}/update`;
    const payload = {
      salinity: null, // null must clear, not become 0 (ajv coercion of anyOf)
      temperature: -99,
      measured_at: '2025-04-06T13:00:00+07:00',
    };
    const res = await app.inject({ method: 'PUT', url, headers: owner.auth, payload });
    expect(res.json().data).toMatchObject({
      ph: 8,
      salinity: -99,
      temperature: -99,
      time_of_day: 'afternoon',
    });
    const bad = await app.inject({
      method: 'PUT',
      url: `${url}?lang=en`,
      headers: owner.auth,
      payload: { do: 31 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ do: ['Must be between 0 and 30 (-99 when not measured).'] });
  });

  it('needs edit access on the pond; an inserter gets pond-access-denied', async () => {
    const tech = await quickUser(app, 'tech');
    await addMember(app, farm.farmId, tech, 3, { [farm.pondIds[0]]: 1 });
    const sent = item('2025-04-07T06:00:00+07:00', { ph: 8 });
    await post([sent]);
    const put = await app.inject({
      method: 'PUT',
      url: `/api/water/general/${sent.id}/update`,
      headers: tech.auth,
      payload: { ph: 7 },
    });
    expect(put.statusCode).toBe(403);
    expect(put.json().code).toBe('pond-access-denied');
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/water/general/${sent.id}/delete`,
      headers: tech.auth,
    });
    expect(del.statusCode).toBe(403);
  });

  it('answers 404 to a user of another farm and changes nothing', async () => {
    const stranger = await quickUser(app, 'stranger');
    await createFarm(app, stranger, 1);
    const sent = item('2025-04-08T06:00:00+07:00', { ph: 8 });
    await post([sent]);
    const calls = [
      app.inject({ method: 'GET', url: `/api/water/general?farm_id=${farm.farmId}`, headers: stranger.auth }),
      app.inject({
        method: 'PUT',
        url: `/api/water/general/${sent.id}/update`,
        headers: stranger.auth,
        payload: { ph: 1 },
      }),
      app.inject({ method: 'DELETE', url: `/api/water/general/${sent.id}/delete`, headers: stranger.auth }),
      app.inject({
        method: 'GET',
        url: `/api/water/chemical?farm_id=${farm.farmId}`,
        headers: stranger.auth,
      }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(404);
    const [row] = await app.ctx.db
      .selectFrom('water_general')
      .selectAll()
      .where('id', '=', sent.id)
      .execute();
    expect(row).toMatchObject({ ph: '8', deleted_at: null });
  });
});

describe('OpenAPI document', () => {
  it('lists the water, cycle and standard routes', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      '/api/water/general/bulk',
      '/api/water/biological/{id}/update',
      '/api/cycle/{id}/end',
      '/api/waterSetting',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
