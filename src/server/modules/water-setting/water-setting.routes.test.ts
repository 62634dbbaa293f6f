import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VANNAMEI_STANDARDS } from '#shared/domain/water-standards';
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
  ({ app, owner, farm } = await ownerWithFarm(1, createTestApp));
});
afterAll(() => app.close());

const get = (user: QuickUser) =>
  app.inject({ method: 'GET', url: `/api/waterSetting?farm_id=${farm.farmId}`, headers: user.auth });
const save = (user: QuickUser, settings: unknown[]) =>
  app.inject({
    method: 'POST',
    url: '/api/waterSetting?lang=en',
    headers: user.auth,
    payload: { farm_id: farm.farmId, settings },
  });

describe('GET /api/waterSetting', () => {
  it('stores a range per time of day beside the all-day one, and refuses the same slot twice', async () => {
    const own = await createFarm(app, owner, 1);
    const save = (settings: unknown[]) =>
      app.inject({
        method: 'POST',
        url: '/api/waterSetting',
        headers: owner.auth,
        payload: { farm_id: own.farmId, settings },
      });
    const res = await save([
      { parameter: 'do', slot: 'evening', min: 4.5, max: null },
      { parameter: 'do', min: 3.5, max: null },
    ]);
    expect(res.statusCode).toBe(200);
    const dos = res.json().data.filter((s: { parameter: string }) => s.parameter === 'do');
    expect(dos.map((s: { slot: string | null; min: number }) => [s.slot, s.min])).toEqual([
      [null, 3.5],
      ['evening', 4.5],
    ]);
    const twice = await save([
      { parameter: 'do', slot: 'evening', min: 4.5, max: null },
      { parameter: 'do', slot: 'evening', min: 5, max: null },
    ]);
    expect(twice.statusCode).toBe(400);
  });

  it('answers the vannamei defaults with units when the farm stored none', async () => {
    const res = await get(owner);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toHaveLength(VANNAMEI_STANDARDS.length);
    expect(data[0]).toEqual({
      setting_id: null,
      parameter: 'temperature',
      slot: null,
      min: 28,
      max: 32,
      unit: '°C',
      is_default: true,
    });
    // The all-day range is followed by the slot ranges of the same parameter.
    expect(data[1]).toMatchObject({ parameter: 'temperature', slot: 'morning', min: 27, max: 31 });
    expect(
      data
        .filter((s: { parameter: string }) => s.parameter === 'ph')
        .map((s: { slot: string | null }) => s.slot),
    ).toEqual([null, 'morning', 'afternoon', 'evening']);
    expect(data.find((s: { parameter: string }) => s.parameter === 'do')).toMatchObject({
      min: 4,
      max: null,
      unit: 'mg/L',
    });
  });
});

describe('POST /api/waterSetting and DELETE /api/waterSetting/:id/delete', () => {
  it('stores the farm’s own range, and a delete resets that parameter to the default', async () => {
    const res = await save(owner, [
      { parameter: 'ph', min: 7.5, max: 8.7 },
      { parameter: 'orp', min: 150, max: null },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const ph = res.json().data.find((s: { parameter: string }) => s.parameter === 'ph');
    expect(ph).toMatchObject({ min: 7.5, max: 8.7, is_default: false });
    expect(res.json().data.find((s: { parameter: string }) => s.parameter === 'orp')).toMatchObject({
      min: 150,
      unit: 'mV',
    });

    const reset = await app.inject({
      method: 'DELETE',
      url: `/api/waterSetting/${ph.setting_id}/delete`,
      headers: owner.auth,
    });
    expect(reset.json().data.find((s: { parameter: string }) => s.parameter === 'ph')).toMatchObject({
      min: 7.8,
      max: 8.5,
      is_default: true,
    });
    const again = await save(owner, [{ parameter: 'ph', min: 7, max: 9 }]);
    expect(again.json().data.find((s: { parameter: string }) => s.parameter === 'ph')).toMatchObject({
      min: 7,
      max: 9,
    });
  });

  it('refuses unknown parameters, option fields and min above max with field errors', async () => {
    const res = await save(owner, [
      { parameter: 'color', min: 1, max: 2 },
      { parameter: 'salinity', min: 30, max: 10 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      'settings.0.parameter': ['Unknown water-quality parameter.'],
      'settings.1.min': ['The lower bound cannot exceed the upper bound.'],
    });
  });

  it('refuses a bound beyond what the parameter can measure (1e300 DO, pH 15, −5 °C), in both languages', async () => {
    const before = (await get(owner)).json().data;
    const settings = [
      { parameter: 'do', min: 1e300, max: null },
      { parameter: 'ph', min: 7, max: 15 },
      { parameter: 'temperature', slot: 'morning', min: -5, max: 31 },
      { parameter: 'salinity', min: 0, max: 80 },
    ];
    const res = await save(owner, settings);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      'settings.0.min': ['Must be between 0 and 30.'],
      'settings.1.max': ['Must be between 0 and 14.'],
      'settings.2.min': ['Must be between 0 and 50.'],
    });
    const id = await app.inject({
      method: 'POST',
      url: '/api/waterSetting?lang=id',
      headers: owner.auth,
      payload: { farm_id: farm.farmId, settings },
    });
    expect(id.json().errors['settings.1.max']).toEqual(['Harus antara 0 dan 14.']);
    expect((await get(owner)).json().data).toEqual(before);
  });

  it('needs water_quality_setting ≥ 1 to change; a technician may read but not save', async () => {
    const tech = await quickUser(app, 'tech');
    await addMember(app, farm.farmId, tech, 3, { [farm.pondIds[0]]: 2 });
    expect((await get(tech)).statusCode).toBe(200);
    const res = await save(tech, [{ parameter: 'ph', min: 1, max: 14 }]);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });

  it('answers 404 to a user of another farm and changes nothing', async () => {
    const stranger = await quickUser(app, 'stranger');
    await createFarm(app, stranger, 1);
    const [stored] = await app.ctx.db
      .selectFrom('water_settings')
      .select('id')
      .where('farm_id', '=', farm.farmId)
      .execute();
    expect((await get(stranger)).statusCode).toBe(404);
    expect((await save(stranger, [{ parameter: 'ph', min: 0, max: 14 }])).statusCode).toBe(404);
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/waterSetting/${stored.id}/delete`,
      headers: stranger.auth,
    });
    expect(del.statusCode).toBe(404);
    const live = await app.ctx.db
      .selectFrom('water_settings')
      .select('id')
      .where('deleted_at', 'is', null)
      .where('farm_id', '=', farm.farmId)
      .execute();
    expect(live.map((r) => r.id)).toContain(stored.id);
  });
});
