import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  type FarmSetup,
  ownerWithFarm,
  type QuickUser,
  quickUser,
} from '#test/helpers/farm-fixtures';
import { insertSampling, jpegBytes, photoBody } from '#test/helpers/photo-fixtures';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from '../../app.ts';

let app: App;
let owner: QuickUser;
let farm: FarmSetup;
let samplingId: string;
let jpeg: Buffer;
beforeAll(async () => {
  ({ app, owner, farm } = await ownerWithFarm(2, createTestApp));
  ({ samplingId } = await insertSampling(app, {
    farmId: farm.farmId,
    pondId: farm.pondIds[0],
    createdBy: owner.id,
  }));
  jpeg = await jpegBytes(64, 48);
});
afterAll(() => app.close());

const send = (
  user: QuickUser,
  fields: Record<string, string>,
  data: Buffer | string = jpeg,
  filename?: string,
) => {
  const body = photoBody(fields, { data, filename });
  return app.inject({
    method: 'POST',
    url: '/api/photos?lang=en',
    headers: { ...user.auth, ...body.headers },
    payload: body.payload,
  });
};
const rowsOf = (id: string) =>
  app.ctx.db.selectFrom('record_photos').selectAll().where('id', '=', id).execute();
const uploadsOf = (userId: string) =>
  app.ctx.db.selectFrom('uploads').select('id').where('uploaded_by', '=', userId).execute();

async function filesOnDisk(): Promise<number> {
  const root = join(app.ctx.config.dataDir, 'uploads');
  let n = 0;
  for (const dir of await readdir(root).catch(() => [])) n += (await readdir(join(root, dir))).length;
  return n;
}

describe('POST /api/photos', () => {
  it('stores a photo of a record and serves it from its URL as a JPEG', async () => {
    const id = uuidv7();
    const res = await send(owner, {
      id,
      record_type: 'sampling',
      record_id: samplingId,
      width: '64',
      height: '48',
    });
    expect(res.statusCode).toBe(201);
    const photo = res.json().data;
    expect(photo).toMatchObject({
      id,
      farm_id: farm.farmId,
      pond_id: farm.pondIds[0],
      record_type: 'sampling',
      record_id: samplingId,
      mime_type: 'image/jpeg',
      width: 64,
      height: 48,
      deleted_at: null,
    });
    const file = await app.inject({ method: 'GET', url: photo.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.rawPayload.equals(jpeg)).toBe(true);
  });

  it('keeps one row and one file when the same photo id is sent twice (replay) or twice at once', async () => {
    const before = { uploads: (await uploadsOf(owner.id)).length, files: await filesOnDisk() };
    const id = uuidv7();
    const fields = { id, record_type: 'sampling', record_id: samplingId };
    const first = await send(owner, fields);
    const replay = await send(owner, fields);
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data).toEqual(first.json().data);
    const racing = uuidv7();
    const both = await Promise.all([1, 2].map(() => send(owner, { ...fields, id: racing })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(await rowsOf(id)).toHaveLength(1);
    expect(await rowsOf(racing)).toHaveLength(1);
    expect((await uploadsOf(owner.id)).length).toBe(before.uploads + 2);
    expect(await filesOnDisk()).toBe(before.files + 2);
  });

  it('refuses what is not an image by its content, whatever its name, and keeps nothing', async () => {
    const before = await filesOnDisk();
    const id = uuidv7();
    const text = await send(
      owner,
      { id, record_type: 'sampling', record_id: samplingId },
      'bukan foto',
      'udang.jpg',
    );
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ code: 'file-type-not-allowed' });
    const pdf = await send(
      owner,
      { id, record_type: 'sampling', record_id: samplingId },
      '%PDF-1.4\n%%EOF\n',
      'a.jpg',
    );
    expect(pdf.json().code).toBe('file-type-not-allowed');
    expect(await rowsOf(id)).toHaveLength(0);
    expect(await filesOnDisk()).toBe(before);
  });

  it('refuses a cut-off upload, an empty file and a missing file with a 4xx', async () => {
    const fields = { id: uuidv7(), record_type: 'sampling', record_id: samplingId };
    const body = photoBody(fields, { data: jpeg });
    const cut = await app.inject({
      method: 'POST',
      url: '/api/photos?lang=en',
      headers: { ...owner.auth, ...body.headers },
      payload: body.payload.subarray(0, body.payload.length - 200),
    });
    expect(cut.statusCode, cut.body).toBe(400);
    const empty = await send(owner, fields, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('file-empty');
    const json = await app.inject({
      method: 'POST',
      url: '/api/photos?lang=en',
      headers: owner.auth,
      payload: fields,
    });
    // A JSON body is refused by its content type before the route runs.
    expect(json.statusCode).toBe(415);
    expect(json.json().code).toBe('unsupported-media-type');
    expect(await rowsOf(fields.id)).toHaveLength(0);
  });

  it('answers 400 with field errors for bad fields, never coercing them', async () => {
    const res = await send(owner, {
      id: 'x',
      record_type: 'kolam',
      record_id: '1',
      width: '-3',
      height: '1e3',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'height',
      'id',
      'record_id',
      'record_type',
      'width',
    ]);
  });

  it('answers 404 for an unknown record and for another farm, 403 for a viewer', async () => {
    const missing = await send(owner, { id: uuidv7(), record_type: 'sampling', record_id: uuidv7() });
    expect(missing.statusCode).toBe(404);
    const stranger = await quickUser(app, 'stranger');
    const other = await send(stranger, { id: uuidv7(), record_type: 'sampling', record_id: samplingId });
    expect(other.statusCode).toBe(404);
    const viewer = await quickUser(app, 'viewer');
    await addMember(app, farm.farmId, viewer, 3, { [farm.pondIds[0]]: 0 });
    const view = await send(viewer, { id: uuidv7(), record_type: 'sampling', record_id: samplingId });
    expect(view.statusCode).toBe(403);
  });
});

describe('GET /api/photos and DELETE /api/sampling/photo/:id/delete', () => {
  it('lists a farm’s photos, hides a deleted one, and shows the deletion to a pull with since', async () => {
    const id = uuidv7();
    await send(owner, { id, record_type: 'sampling', record_id: samplingId });
    const since = new Date(Date.now() - 60_000).toISOString();
    const list = await app.inject({ url: `/api/photos?farm_id=${farm.farmId}`, headers: owner.auth });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((p: { id: string }) => p.id)).toContain(id);
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/sampling/photo/${id}/delete`,
      headers: owner.auth,
    });
    expect(del.statusCode).toBe(200);
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/sampling/photo/${id}/delete`,
      headers: owner.auth,
    });
    expect(again.statusCode).toBe(200);
    const after = await app.inject({ url: `/api/photos?farm_id=${farm.farmId}`, headers: owner.auth });
    expect(after.json().data.map((p: { id: string }) => p.id)).not.toContain(id);
    const pulled = await app.inject({
      url: `/api/photos?farm_id=${farm.farmId}&since=${encodeURIComponent(since)}`,
      headers: owner.auth,
    });
    expect(pulled.json().data.find((p: { id: string }) => p.id === id)?.deleted_at).not.toBeNull();
  });

  it('hides photos of ponds a restricted role does not see', async () => {
    const { samplingId: other } = await insertSampling(app, {
      farmId: farm.farmId,
      pondId: farm.pondIds[1],
      createdBy: owner.id,
    });
    const id = uuidv7();
    expect((await send(owner, { id, record_type: 'sampling', record_id: other })).statusCode).toBe(201);
    const keeper = await quickUser(app, 'keeper');
    await addMember(app, farm.farmId, keeper, 3, { [farm.pondIds[0]]: 1 });
    const list = await app.inject({ url: `/api/photos?farm_id=${farm.farmId}`, headers: keeper.auth });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((p: { id: string }) => p.id)).not.toContain(id);
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/sampling/photo/${id}/delete`,
      headers: keeper.auth,
    });
    expect(del.statusCode).toBe(404);
  });
});

describe('photos of a stocking (record type stock, DELETE /api/stock/photo/:id/delete)', () => {
  const insertStock = async (pondId: string, cycleId: string) => {
    const id = uuidv7();
    await app.ctx.db
      .insertInto('stocks')
      .values({
        id,
        farm_id: farm.farmId,
        pond_id: pondId,
        cycle_id: cycleId,
        stock_date: new Date().toISOString().slice(0, 10),
        seed_net: 100_000,
        seed_actual: 98_000,
        seed_photo: null,
        is_harvest: true,
        created_by: owner.id,
      })
      .execute();
    return id;
  };

  it('keeps the seed photo of a stocking, lists it and deletes it through the stock route', async () => {
    const cycle = await app.ctx.db
      .selectFrom('samplings')
      .select('cycle_id')
      .where('id', '=', samplingId)
      .executeTakeFirstOrThrow();
    const stockId = await insertStock(farm.pondIds[0], cycle.cycle_id);
    const id = uuidv7();
    const res = await send(owner, { id, record_type: 'stock', record_id: stockId });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      id,
      record_type: 'stock',
      record_id: stockId,
      pond_id: farm.pondIds[0],
    });
    const list = await app.inject({
      url: `/api/photos?farm_id=${farm.farmId}&record_type=stock`,
      headers: owner.auth,
    });
    expect(list.json().data.map((p: { id: string }) => p.id)).toEqual([id]);
    // The sampling route does not delete a stocking's photo.
    const wrong = await app.inject({
      method: 'DELETE',
      url: `/api/sampling/photo/${id}/delete`,
      headers: owner.auth,
    });
    expect(wrong.statusCode).toBe(404);
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/stock/photo/${id}/delete`,
      headers: owner.auth,
    });
    expect(del.statusCode).toBe(200);
    expect((await rowsOf(id))[0].deleted_at).not.toBeNull();
  });

  it('refuses a stock photo for a stocking that does not exist, and hides one from a role without the pond', async () => {
    const missing = await send(owner, { id: uuidv7(), record_type: 'stock', record_id: uuidv7() });
    expect(missing.statusCode).toBe(404);
    const { cycleId } = await insertSampling(app, {
      farmId: farm.farmId,
      pondId: farm.pondIds[1],
      createdBy: owner.id,
    });
    const stockId = await insertStock(farm.pondIds[1], cycleId);
    const id = uuidv7();
    expect((await send(owner, { id, record_type: 'stock', record_id: stockId })).statusCode).toBe(201);
    const keeper = await quickUser(app, 'stock-keeper');
    await addMember(app, farm.farmId, keeper, 3, { [farm.pondIds[0]]: 1 });
    const list = await app.inject({ url: `/api/photos?farm_id=${farm.farmId}`, headers: keeper.auth });
    expect(list.json().data.map((p: { id: string }) => p.id)).not.toContain(id);
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/stock/photo/${id}/delete`,
      headers: keeper.auth,
    });
    expect(del.statusCode).toBe(404);
  });
});
