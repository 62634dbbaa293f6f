import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFarm, type FarmSetup, type QuickUser, quickUser } from '#test/helpers/farm-fixtures';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from '../app.ts';

/**
 * Issue 12 point 2, against the real server: two devices edit the same reading from the
 * same version. Different fields both stay; the same field keeps the later edit, and the
 * other value is in the history and named as a conflict for the device that wrote it.
 */
let app: App;
let owner: QuickUser;
let farm: FarmSetup;
beforeAll(async () => {
  app = await createTestApp();
  owner = await quickUser(app, 'Bu Sari');
  farm = await createFarm(app, owner, 1);
});
afterAll(() => app.close());

async function newReading(): Promise<{ id: string; version: number }> {
  const id = uuidv7();
  const bulk = await app.inject({
    method: 'POST',
    url: '/api/water/general/bulk',
    headers: owner.auth,
    payload: {
      items: [{ id, pond_id: farm.pondIds[0], measured_at: '2025-04-01T06:00:00+07:00', ph: 7, do: 5 }],
    },
  });
  expect(bulk.json().data.results[0].status, bulk.body).toBe('ok');
  return { id, version: 1 };
}

function edit(id: string, body: object, device: string, base: number, editedAt: string, key = uuidv7()) {
  return app.inject({
    method: 'PUT',
    url: `/api/water/general/${id}/update`,
    headers: {
      ...owner.auth,
      'idempotency-key': key,
      'x-base-version': String(base),
      'x-device-id': device,
      'x-edited-at': editedAt,
    },
    payload: body,
  });
}

describe('PUT /api/water/general/:id/update merges per field', () => {
  it('keeps both edits of different fields made from the same version', async () => {
    const { id, version } = await newReading();
    const a = await edit(id, { do: 6.5 }, 'phone-a', version, '2025-04-01T06:01:00Z');
    expect(a.statusCode, a.body).toBe(200);
    const b = await edit(id, { ph: 8.1 }, 'phone-b', version, '2025-04-01T06:02:00Z');
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().data).toMatchObject({ ph: 8.1, do: 6.5, version: 3, conflicts: [] });
  });

  it('the later edit of the same field wins; the earlier value is kept and flagged for its device', async () => {
    const { id, version } = await newReading();
    // Phone B edited later but reached the server first; phone A's older edit arrives after.
    await edit(id, { ph: 8.4 }, 'phone-b', version, '2025-04-01T06:05:00Z');
    const late = await edit(id, { ph: 7.6 }, 'phone-a', version, '2025-04-01T06:03:00Z');
    expect(late.statusCode, late.body).toBe(200);
    const data = late.json().data;
    expect(data.ph).toBe(8.4);
    expect(data.conflicts).toEqual([
      {
        field: 'ph',
        lost: {
          value: 7.6,
          by: owner.id,
          by_name: 'Bu Sari',
          device: 'phone-a',
          edited_at: '2025-04-01T06:03:00.000Z',
        },
        kept: {
          value: 8.4,
          by: owner.id,
          by_name: 'Bu Sari',
          device: 'phone-b',
          edited_at: '2025-04-01T06:05:00.000Z',
        },
      },
    ]);
    // Phone A restores its value from the version it now knows: an ordinary edit, conflict closed.
    const restore = await edit(id, { ph: 7.6 }, 'phone-a', data.version, '2025-04-01T06:10:00Z');
    expect(restore.json().data).toMatchObject({ ph: 7.6, conflicts: [] });
    const history = await app.ctx.db
      .selectFrom('record_history')
      .select(['field', 'new_value', 'lost', 'device_id'])
      .where('record_id', '=', id)
      .orderBy('id')
      .execute();
    expect(history).toEqual([
      { field: 'ph', new_value: 8.4, lost: false, device_id: 'phone-b' },
      { field: 'ph', new_value: 7.6, lost: true, device_id: 'phone-a' },
      { field: 'ph', new_value: 7.6, lost: false, device_id: 'phone-a' },
    ]);
  });

  it('when the later edit arrives last it wins and the overwritten value is flagged for the other device', async () => {
    const { id, version } = await newReading();
    await edit(id, { do: 4.2 }, 'phone-a', version, '2025-04-01T06:01:00Z');
    const b = await edit(id, { do: 3.9 }, 'phone-b', version, '2025-04-01T06:02:00Z');
    expect(b.json().data.do).toBe(3.9);
    expect(b.json().data.conflicts).toMatchObject([{ field: 'do', lost: { value: 4.2, device: 'phone-a' } }]);
    const list = await app.inject({
      method: 'GET',
      url: `/api/water/general?farm_id=${farm.farmId}`,
      headers: owner.auth,
    });
    const pulled = list.json().data.find((r: { id: string }) => r.id === id);
    expect(pulled.conflicts).toMatchObject([{ field: 'do', lost: { value: 4.2, device: 'phone-a' } }]);
  });

  it('a replayed edit (same Idempotency-Key) after another device changed the field raises no false conflict', async () => {
    const { id, version } = await newReading();
    const key = uuidv7();
    await edit(id, { ph: 7.2 }, 'phone-a', version, '2025-04-01T06:01:00Z', key);
    await edit(id, { ph: 7.4 }, 'phone-b', version + 1, '2025-04-01T06:02:00Z');
    const replay = await edit(id, { ph: 7.2 }, 'phone-a', version, '2025-04-01T06:01:00Z', key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data).toMatchObject({ ph: 7.4, conflicts: [] });
  });

  it('merges cycles, ponds and blocks per field too (one shared helper)', async () => {
    const pond = await app.inject({
      method: 'GET',
      url: `/api/pond?farm_id=${farm.farmId}`,
      headers: owner.auth,
    });
    const p = pond.json().data[0];
    const put = (url: string, body: object, device: string, at: string) =>
      app.inject({
        method: 'PUT',
        url,
        headers: {
          ...owner.auth,
          'x-base-version': String(p.version),
          'x-device-id': device,
          'x-edited-at': at,
        },
        payload: body,
      });
    await put(`/api/pond/${p.pond_id}/update`, { area: 2500 }, 'phone-a', '2025-04-01T06:01:00Z');
    const second = await put(
      `/api/pond/${p.pond_id}/update`,
      { name: 'Kolam Timur' },
      'phone-b',
      '2025-04-01T06:02:00Z',
    );
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data).toMatchObject({ name: 'Kolam Timur', area: 2500, conflicts: [] });
  });
});
