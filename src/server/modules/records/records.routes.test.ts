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
import { photoUpload } from '../../authz/photo-upload.ts';
import { farmToday } from '../../kernel/farm-clock.ts';

let app: App;
let owner: QuickUser;
let farm: FarmSetup;
const cycles: string[] = [];
const today = farmToday();
const daysAgo = (n: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

async function call(
  method: string,
  url: string,
  payload?: unknown,
  user = owner,
  headers: Record<string, string> = {},
) {
  const res = await app.inject({
    method: method as 'GET',
    url,
    headers: { ...user.auth, ...headers },
    payload: payload as never,
  });
  return { status: res.statusCode, body: res.json() };
}

beforeAll(async () => {
  ({ app, owner, farm } = await ownerWithFarm(3, createTestApp));
  // Ponds 0 and 1 have an active cycle started 30 days ago; pond 2 has none.
  for (const pondId of farm.pondIds.slice(0, 2)) {
    const { status, body } = await call('POST', '/api/cycle', { pond_id: pondId, start_date: daysAgo(30) });
    expect(status, JSON.stringify(body)).toBe(201);
    cycles.push(body.data.cycle_id);
  }
});
afterAll(() => app.close());

const anco = (pondId: string, extra: Record<string, unknown> = {}) => ({
  id: uuidv7(),
  pond_id: pondId,
  check_date: today,
  feeding_time: 1,
  checked_at: '08:30',
  data_anco: [
    { tray: 1, status: 'habis' },
    { tray: 2, status: 'sisa_sedikit' },
  ],
  ...extra,
});

describe('anco', () => {
  it('stores a bulk for two ponds and two feedings; a replay stores one copy', async () => {
    const items = [
      anco(farm.pondIds[0]),
      anco(farm.pondIds[0], { feeding_time: 2, checked_at: '12:00' }),
      anco(farm.pondIds[1]),
    ];
    for (let i = 0; i < 2; i++) {
      const { status, body } = await call('POST', '/api/anco/bulk', { items });
      expect(status).toBe(200);
      expect(body.data.results.map((r: { status: string }) => r.status)).toEqual(['ok', 'ok', 'ok']);
    }
    const rows = await app.ctx.db
      .selectFrom('anco_checks')
      .select('id')
      .where('farm_id', '=', farm.farmId)
      .execute();
    expect(rows.filter((r) => items.some((i) => i.id === r.id))).toHaveLength(3);
    const list = await call('GET', `/api/anco?farm_id=${farm.farmId}`);
    expect(list.status).toBe(200);
    const got = list.body.data.find((r: { id: string }) => r.id === items[0].id);
    expect(got).toMatchObject({
      cycle_id: cycles[0],
      check_date: today,
      checked_at: '08:30',
      data_anco: items[0].data_anco,
      created_by_name: 'owner',
      version: 1,
    });
    const byCycle = await call('GET', `/api/anco?cycle_id=${cycles[1]}`);
    expect(byCycle.body.data.map((r: { id: string }) => r.id)).toEqual([items[2].id]);
  });

  it('fails bad items alone, with field messages, and keeps the good ones', async () => {
    const good = anco(farm.pondIds[0]);
    const items = [
      good,
      anco(farm.pondIds[0], { data_anco: [{ tray: 1, status: 'full' }] }),
      anco(farm.pondIds[0], { check_date: daysAgo(-2) }),
      anco(farm.pondIds[0], { check_date: daysAgo(31) }),
      anco(farm.pondIds[2]),
      anco(farm.pondIds[0], { checked_at: '25:00', feeding_time: 0 }),
    ];
    const { body } = await call('POST', '/api/anco/bulk', { items }, owner, { 'accept-language': 'en' });
    const [ok, trays, future, before, noCycle, fields] = body.data.results;
    expect(ok.status).toBe('ok');
    expect(trays).toMatchObject({ status: 'error', code: 'validation-failed' });
    expect(trays.errors.data_anco[0]).toMatch(/feed tray/);
    expect(future.errors.check_date).toEqual(['The date cannot be after today.']);
    expect(before.errors.check_date[0]).toContain(daysAgo(30));
    expect(noCycle).toMatchObject({ status: 'error', code: 'no-active-cycle' });
    expect(Object.keys(fields.errors).sort()).toEqual(['checked_at', 'feeding_time']);
  });

  it('edits only the fields sent and deletes; an ended cycle refuses both (409)', async () => {
    const item = anco(farm.pondIds[1]);
    await call('POST', '/api/anco/bulk', { items: [item] });
    const edit = await call('PUT', `/api/anco/${item.id}/update`, {
      data_anco: [{ tray: 1, status: 'sisa_banyak' }],
    });
    expect(edit.status).toBe(200);
    expect(edit.body.data).toMatchObject({
      checked_at: '08:30',
      data_anco: [{ tray: 1, status: 'sisa_banyak' }],
      version: 2,
    });
    const bad = await call('PUT', `/api/anco/${item.id}/update`, { check_date: daysAgo(40) });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.check_date).toBeDefined();
    const other = anco(farm.pondIds[1]);
    await call('POST', '/api/anco/bulk', { items: [other] });
    expect((await call('DELETE', `/api/anco/${item.id}/delete`)).status).toBe(200);
    expect((await call('PUT', `/api/anco/${item.id}/update`, { note: 'x' })).status).toBe(404);
    await call('POST', `/api/cycle/${cycles[1]}/end`, { end_date: today });
    const ended = await call('PUT', `/api/anco/${other.id}/update`, { note: 'x' });
    expect(ended).toMatchObject({ status: 409, body: { code: 'cycle-ended' } });
    const late = await call('POST', '/api/anco/bulk', {
      items: [anco(farm.pondIds[1], { cycle_id: cycles[1] })],
    });
    expect(late.body.data.results[0].code).toBe('cycle-ended');
  });

  it('refuses other farms (404) and members without add (403 per item / on edit)', async () => {
    const stranger = await quickUser(app, 'stranger');
    await createFarm(app, stranger, 1);
    expect((await call('GET', `/api/anco?farm_id=${farm.farmId}`, undefined, stranger)).status).toBe(404);
    const res = await call('POST', '/api/anco/bulk', { items: [anco(farm.pondIds[0])] }, stranger);
    expect(res.body.data.results[0].code).toBe('not-found');
    const viewer = await quickUser(app, 'viewer');
    await addMember(app, farm.farmId, viewer, 4, { [farm.pondIds[0]]: 0 });
    const denied = await call('POST', '/api/anco/bulk', { items: [anco(farm.pondIds[0])] }, viewer);
    expect(denied.body.data.results[0].code).toBe('pond-access-denied');
    const mine = anco(farm.pondIds[0]);
    await call('POST', '/api/anco/bulk', { items: [mine] });
    expect((await call('PUT', `/api/anco/${mine.id}/update`, { note: 'x' }, viewer)).status).toBe(403);
    expect((await call('GET', `/api/anco?farm_id=${farm.farmId}`, undefined, viewer)).status).toBe(200);
  });
});

describe('one pond’s day (the pond’s daily data of a day older than a device keeps)', () => {
  it('lists anco and water changes by pond_id and from/to, record dates inclusive', async () => {
    const [p0, p1] = farm.pondIds;
    const day = daysAgo(20);
    const trays = [
      anco(p0, { check_date: day }),
      anco(p1, { check_date: day }),
      anco(p0, { check_date: daysAgo(19) }),
    ];
    const changes = [p0, p1].map((pondId) => ({
      id: uuidv7(),
      pond_id: pondId,
      change_date: day,
      change_time: '07:00',
      percent: 10,
    }));
    expect((await call('POST', '/api/anco/bulk', { items: trays })).status).toBe(200);
    expect((await call('POST', '/api/waterChange/bulk', { items: changes })).status).toBe(200);
    const query = `farm_id=${farm.farmId}&pond_id=${p0}&from=${day}&to=${day}`;
    const gotTrays = await call('GET', `/api/anco?${query}`);
    expect(gotTrays.status).toBe(200);
    expect(gotTrays.body.data.map((r: { id: string }) => r.id)).toEqual([trays[0].id]);
    const gotChanges = await call('GET', `/api/waterChange?${query}`);
    expect(gotChanges.body.data.map((r: { id: string }) => r.id)).toEqual([changes[0].id]);
    // another farm's id with the pond: not found
    const other = await createFarm(app, owner, 1);
    const wrongFarm = `/api/anco?farm_id=${other.farmId}&pond_id=${p0}&from=${day}&to=${day}`;
    expect((await call('GET', wrongFarm)).status).toBe(404);
  });
});

describe('water change', () => {
  it('needs a percent or a height, 0–100 %', async () => {
    const base = { pond_id: farm.pondIds[0], change_date: today, change_time: '07:00' };
    const items = [
      { id: uuidv7(), ...base, percent: 20 },
      { id: uuidv7(), ...base, height_cm: 15 },
      { id: uuidv7(), ...base },
      { id: uuidv7(), ...base, percent: 120 },
      { id: uuidv7(), ...base, percent: '20' },
    ];
    const { body } = await call('POST', '/api/waterChange/bulk', { items });
    expect(body.data.results.map((r: { status: string }) => r.status)).toEqual([
      'ok',
      'ok',
      'error',
      'error',
      'error',
    ]);
    expect(Object.keys(body.data.results[2].errors)).toEqual(['percent']);
    const list = await call('GET', `/api/waterChange?cycle_id=${cycles[0]}`);
    const row = list.body.data.find((r: { id: string }) => r.id === items[0].id);
    expect(row).toMatchObject({ percent: 20, height_cm: null, change_time: '07:00' });
    const clear = await call('PUT', `/api/waterChange/${items[0].id}/update`, { percent: null });
    expect(clear.status).toBe(400);
    const edit = await call('PUT', `/api/waterChange/${items[0].id}/update`, { percent: 35.5 });
    expect(edit.body.data.percent).toBe(35.5);
  });

  it('keeps the total water: the pond area × the height, null with a percent only (seed 000 §3)', async () => {
    const base = { pond_id: farm.pondIds[0], change_date: today };
    const items = [
      { id: uuidv7(), ...base, height_cm: 15 },
      { id: uuidv7(), ...base, percent: 10 },
    ];
    await call('POST', '/api/waterChange/bulk', { items });
    const list = await call('GET', `/api/waterChange?cycle_id=${cycles[0]}`);
    const byId = (id: string) => list.body.data.find((r: { id: string }) => r.id === id);
    // The fixture's ponds are 1,000 m²: 15 cm is 150 m³.
    expect(byId(items[0].id).total_water_m3).toBe(150);
    expect(byId(items[1].id).total_water_m3).toBeNull();
    const edit = await call('PUT', `/api/waterChange/${items[1].id}/update`, {
      height_cm: 7.5,
      total_water_m3: 1,
    });
    expect(edit.body.data.total_water_m3).toBe(75);
  });
});

describe('notes', () => {
  it('creates farm and pond notes with tags; a replay answers the stored note', async () => {
    const note = {
      id: uuidv7(),
      farm_id: farm.farmId,
      note_date: today,
      title: '  Aerator 3 rusak ',
      tags: ['alat', 'Alat', ' kincir '],
      description: 'Ganti bearing',
    };
    const first = await call('POST', '/api/note', note);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({
      title: 'Aerator 3 rusak',
      tags: ['alat', 'kincir'],
      pond_id: null,
    });
    const again = await call('POST', '/api/note', note);
    expect(again.body.data.id).toBe(note.id);
    const pondNote = {
      id: uuidv7(),
      farm_id: farm.farmId,
      pond_id: farm.pondIds[2],
      note_date: today,
      title: 'x',
    };
    expect((await call('POST', '/api/note', pondNote)).body.data.cycle_id).toBeNull();
    const missing = await call('POST', '/api/note', { id: uuidv7(), farm_id: farm.farmId, note_date: today });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.title).toBeDefined();
    const list = await call('GET', `/api/note?farm_id=${farm.farmId}`);
    expect(list.body.data.map((n: { id: string }) => n.id)).toEqual(
      expect.arrayContaining([note.id, pondNote.id]),
    );
    const edit = await call('PUT', `/api/note/${note.id}/update`, { tags: ['alat'] });
    expect(edit.body.data).toMatchObject({ tags: ['alat'], title: 'Aerator 3 rusak' });
    expect((await call('DELETE', `/api/note/${note.id}/delete`)).status).toBe(200);
  });
});

describe('disease', () => {
  it('serves the master list and records a disease; its photos go through the photo pipeline', async () => {
    const master = await call('GET', '/api/master/disease');
    expect(master.body.data.length).toBeGreaterThanOrEqual(12);
    expect(master.body.data.map((d: { code: string }) => d.code)).toEqual(
      expect.arrayContaining([
        'WSSV',
        'AHPND',
        'EHP',
        'IMNV',
        'WFD',
        'BG',
        'VIB',
        'IHHNV',
        'TSV',
        'YHV',
        'RMS',
      ]),
    );
    const record = {
      id: uuidv7(),
      pond_id: farm.pondIds[0],
      disease_date: today,
      master_disease_id: 1,
      severity: 2,
      affected_percent: 10,
    };
    const created = await call('POST', '/api/disease', record);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({ severity: 2, affected_percent: 10, cycle_id: cycles[0] });
    const unknown = await call('POST', '/api/disease', { ...record, id: uuidv7(), master_disease_id: 999 });
    expect(unknown.body.errors.master_disease_id).toBeDefined();
    const photoId = uuidv7();
    const upload = photoUpload({ id: photoId, record_type: 'disease', record_id: record.id });
    const sent = await app.inject({
      method: 'POST',
      ...upload,
      headers: { ...owner.auth, ...upload.headers },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const photos = await call('GET', `/api/photos?farm_id=${farm.farmId}&record_type=disease`);
    expect(photos.body.data.map((p: { id: string }) => p.id)).toEqual([photoId]);
    expect((await call('DELETE', `/api/disease/photo/${photoId}/delete`)).status).toBe(200);
    const list = await call('GET', `/api/disease?farm_id=${farm.farmId}`);
    expect(list.body.data[0].id).toBe(record.id);
  });
});
