import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
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

const get = (url: string, user = owner) => app.inject({ method: 'GET', url, headers: user.auth });
const post = (url: string, payload: unknown, user = owner) =>
  app.inject({ method: 'POST', url, headers: user.auth, payload: payload as Record<string, unknown> });

describe('feeding programme', () => {
  it('answers DOMAIN.md defaults, stores valid settings and refuses out-of-range ones', async () => {
    const fr = await get(`/api/fr?farm_id=${farm.farmId}`);
    expect(fr.json().data).toMatchObject({
      is_default: true,
      rows: [
        { abw: 0, fr: 30 },
        { abw: 0.1, fr: 25 },
        { abw: 1, fr: 11 },
        { abw: 3, fr: 7 },
        { abw: 12, fr: 3 },
      ],
    });
    const bad = await post('/api/fr?lang=en', {
      farm_id: farm.farmId,
      rows: [
        { abw: 1, fr: 10 },
        { abw: 1, fr: 200 },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      'rows.1.abw': ['An ABW must not repeat.'],
      'rows.1.fr': [expect.stringContaining('between 0 and 100')],
    });
    const settings = await get(`/api/feedIdxSetting?farm_id=${farm.farmId}`);
    expect(settings.json().data).toMatchObject({ is_default: true, blind_until_doc: 30, feed_index: 0.3 });
    const save = await post('/api/feedIdxSetting', {
      ...settings.json().data,
      farm_id: farm.farmId,
      feed_index: 0.4,
      is_default: undefined,
    });
    expect(save.statusCode, save.body).toBe(200);
    const wrong = await post('/api/feedIdxSetting', {
      ...save.json().data,
      farm_id: farm.farmId,
      feedings_per_day: 0,
      is_default: undefined,
    });
    expect(wrong.statusCode).toBe(400);
    // The sampling interval (issue 31): 7 by default, kept when a save leaves it out,
    // a number of days from 1 to 60, anything else refused with the field named.
    expect(settings.json().data.sampling_every_days).toBe(7);
    const base = { ...save.json().data, is_default: undefined };
    const every = await post('/api/feedIdxSetting', { ...base, sampling_every_days: 10 });
    expect(every.json().data.sampling_every_days).toBe(10);
    const kept = await post('/api/feedIdxSetting', { ...base, sampling_every_days: undefined });
    expect(kept.json().data.sampling_every_days).toBe(10);
    const text = await post('/api/feedIdxSetting', { ...base, sampling_every_days: 'seminggu' });
    expect(text.statusCode).toBe(400);
    const far = await post('/api/feedIdxSetting', { ...base, sampling_every_days: 400 });
    expect(far.statusCode).toBe(400);
    expect(JSON.stringify(far.json())).toContain('sampling_every_days');
  });

  it('recommends blind feeding before DOC 30, then biomass × FR from the latest sampling', async () => {
    const db = app.ctx.db;
    const cycleId = uuidv7();
    const pondId = farm.pondIds[1];
    await db
      .insertInto('cycles')
      .values({
        id: cycleId,
        farm_id: farm.farmId,
        pond_id: pondId,
        cycle_number: 1,
        start_date: '2026-01-01',
      })
      .execute();
    await db
      .insertInto('stocks')
      .values({
        id: uuidv7(),
        farm_id: farm.farmId,
        pond_id: pondId,
        cycle_id: cycleId,
        stock_date: '2026-01-01',
        seed_net: 200000,
        seed_actual: 200000,
      })
      .execute();
    const blind = await get(`/api/feed/ration?farm_id=${farm.farmId}&on=2026-01-10`);
    // DOC 10, 200,000 PL, start 1 kg + 9 × 0.4 kg per 100,000 (the saved feed index).
    expect(blind.json().data[0]).toMatchObject({
      pond_id: pondId,
      doc: 10,
      mode: 'blind',
      daily_kg: 9.2,
      per_feeding_kg: 2.3,
    });
    await db
      .insertInto('samplings')
      .values({
        id: uuidv7(),
        farm_id: farm.farmId,
        pond_id: pondId,
        cycle_id: cycleId,
        sampled_on: '2026-02-05',
        shrimp_count: 100,
        sample_weight: 300,
      })
      .execute();
    const byFr = await get(`/api/feed/ration?farm_id=${farm.farmId}&on=2026-02-10`);
    // ABW 3 g → FR 7 %, biomass 600 kg → 42 kg a day.
    expect(byFr.json().data[0]).toMatchObject({
      doc: 41,
      mode: 'fr',
      abw: 3,
      fr: 7,
      biomass_kg: 600,
      daily_kg: 42,
    });
    const feedKg = await app.ctx.warehouseUsage.feedKgByCycle([cycleId]);
    expect(feedKg.get(cycleId)).toBe(0);
  });
});

describe('who may read and change the programme', () => {
  it('a viewer reads the programme and rations but may not change them (403); a stranger gets 404', async () => {
    const viewer = await quickUser(app, 'viewer');
    await addMember(app, farm.farmId, viewer, 4);
    expect((await get(`/api/feedIdxSetting?farm_id=${farm.farmId}`, viewer)).statusCode).toBe(200);
    expect((await get(`/api/fr?farm_id=${farm.farmId}`, viewer)).statusCode).toBe(200);
    expect((await get(`/api/feed/ration?farm_id=${farm.farmId}`, viewer)).statusCode).toBe(200);
    const table = { farm_id: farm.farmId, rows: [{ abw: 1, fr: 9 }] };
    const refused = await post('/api/fr', table, viewer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden');
    const stranger = await quickUser(app, 'stranger');
    const unseen = await get(`/api/fr?farm_id=${farm.farmId}`, stranger);
    expect(unseen.statusCode).toBe(404);
    expect((await post('/api/fr', table, stranger)).statusCode).toBe(404);
    // Neither refused write changed the table.
    const rows = (await get(`/api/fr?farm_id=${farm.farmId}`)).json().data.rows;
    expect(rows).not.toContainEqual({ abw: 1, fr: 9 });
  });
});
