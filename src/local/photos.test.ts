import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { saveRecords } from '#local/outbox';
import { addPhotos, photosOf, removePhoto, saveRecordsWithPhotos } from '#local/photos';
import { PHOTOS, SAMPLINGS } from '#local/resources';
import { pullResource } from '#local/sync/pull';
import { drainOutbox } from '#local/sync/push';
import { formDataOf } from '#local/sync/transport';
import { bulkOk, FakeServer, ManualClock, offline, testDb } from '#local/test-kit';

const FARM = '01950000-0000-7000-8000-000000000001';
const POND = '01950000-0000-7000-8000-0000000000a1';
const jpeg = (n = 1) => new Blob([new Uint8Array([0xff, 0xd8, 0xff, n])], { type: 'image/jpeg' });
const sampling = (id: string) => ({
  id,
  farm_id: FARM,
  pond_id: POND,
  sampled_on: '2025-03-01',
  shrimp_count: 50,
  sample_weight: 400,
});
const target = (recordId: string) => ({ farmId: FARM, recordType: 'sampling', recordId, pondId: POND });

/** The server's answer to a photo upload: the stored photo with its URL. */
function photoServer(request: { method: string; url: string; body?: unknown }) {
  if (request.url === '/api/photos' && request.method === 'POST') {
    const body = request.body as Record<string, unknown>;
    return {
      status: 201,
      body: {
        message: 'ok',
        data: {
          id: body.id,
          record_type: body.record_type,
          record_id: body.record_id,
          url: `/api/files/${String(body.id)}`,
        },
      },
    };
  }
  return bulkOk(request as never);
}

describe('photos on the device', () => {
  const db = testDb();
  const clock = new ManualClock();
  afterEach(async () => {
    await Promise.all(db.tables.map((t) => t.clear()));
  });

  it('saves records and their photos in one go, the records first in the outbox', async () => {
    const id = '01950000-0000-7000-8000-00000000aaaa';
    await saveRecordsWithPhotos(
      db,
      SAMPLINGS,
      [sampling(id)],
      [{ target: target(id), photos: [{ blob: jpeg(), width: 4, height: 3 }] }],
      clock,
    );
    const entries = await db.outbox.orderBy('id').toArray();
    expect(entries.map((e) => e.url)).toEqual(['/api/sampling/bulk', '/api/photos']);
    const photoBody = entries[1].body as Record<string, unknown>;
    expect(photoBody.file).toBeInstanceOf(Blob);
    expect(photoBody).toMatchObject({ record_type: 'sampling', record_id: id, width: 4, height: 3 });
    const [view] = (await photosOf(db, 'sampling', [id])).get(id) ?? [];
    expect(view).toMatchObject({ status: 'pending', url: null });
    expect(view.blob).toBeInstanceOf(Blob);
  });

  it('keeps the Blob while offline, uploads once online and then shows the server URL', async () => {
    const id = '01950000-0000-7000-8000-00000000bbbb';
    await saveRecords(db, SAMPLINGS, [sampling(id)], clock);
    await addPhotos(db, target(id), [{ blob: jpeg(2), width: 4, height: 3 }], clock);
    const down = new FakeServer(offline);
    await drainOutbox({ db, transport: down.transport, clock });
    let [view] = (await photosOf(db, 'sampling', [id])).get(id) ?? [];
    expect(view.status).toBe('pending');
    expect(view.blob?.size).toBe(4);
    expect((await db.outbox.toArray()).every((e) => e.status === 'queued')).toBe(true);
    clock.advance(120_000);
    const up = new FakeServer(photoServer);
    await drainOutbox({ db, transport: up.transport, clock });
    expect(up.requests.map((r) => r.url)).toEqual(['/api/sampling/bulk', '/api/photos']);
    [view] = (await photosOf(db, 'sampling', [id])).get(id) ?? [];
    expect(view).toMatchObject({ status: 'uploaded', url: expect.stringMatching(/^\/api\/files\//) });
    expect(await db.outbox.count()).toBe(0);
  });

  it('forgets a photo never sent at once, and deletes an uploaded one through its record type’s route', async () => {
    const id = '01950000-0000-7000-8000-00000000cccc';
    await saveRecords(db, SAMPLINGS, [sampling(id)], clock);
    const [first] = await addPhotos(db, target(id), [{ blob: jpeg(), width: 4, height: 3 }], clock);
    const photo = (await db.outbox.get(first))?.recordIds[0] as string;
    await removePhoto(db, photo, clock);
    expect(await db.photos.count()).toBe(0);
    await addPhotos(
      db,
      target(id),
      [{ id: '01950000-0000-7000-8000-00000000dddd', blob: jpeg(), width: 4, height: 3 }],
      clock,
    );
    await drainOutbox({ db, transport: new FakeServer(photoServer).transport, clock });
    await removePhoto(db, '01950000-0000-7000-8000-00000000dddd', clock);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      kind: 'delete',
      url: '/api/sampling/photo/01950000-0000-7000-8000-00000000dddd/delete',
    });
    expect((await photosOf(db, 'sampling', [id])).get(id)).toEqual([]);
  });

  it('a failed upload shows as failed with the server’s reason', async () => {
    const id = '01950000-0000-7000-8000-00000000eeee';
    await saveRecords(db, SAMPLINGS, [sampling(id)], clock);
    await addPhotos(db, target(id), [{ blob: jpeg(), width: 4, height: 3 }], clock);
    const refusing = new FakeServer((r) =>
      r.url === '/api/photos'
        ? { status: 415, body: { message: 'Not a photo', code: 'file-type-not-allowed' } }
        : bulkOk(r),
    );
    await drainOutbox({ db, transport: refusing.transport, clock });
    const [view] = (await photosOf(db, 'sampling', [id])).get(id) ?? [];
    expect(view).toMatchObject({ status: 'failed', error: 'Not a photo' });
    expect(view.blob).toBeInstanceOf(Blob);
  });

  it('a pull brings other devices’ photos with their URL', async () => {
    const server = new FakeServer((r) =>
      r.method === 'GET' && r.url.startsWith('/api/photos')
        ? {
            status: 200,
            body: {
              message: 'ok',
              server_time: '2025-03-01T00:00:00Z',
              data: [
                {
                  id: 'p-9',
                  farm_id: FARM,
                  record_type: 'sampling',
                  record_id: 's-9',
                  url: '/api/files/x',
                  deleted_at: null,
                },
              ],
            },
          }
        : bulkOk(r),
    );
    await pullResource({ db, transport: server.transport, clock }, PHOTOS, FARM);
    const [view] = (await photosOf(db, 'sampling', ['s-9'])).get('s-9') ?? [];
    expect(view).toMatchObject({ status: 'uploaded', url: '/api/files/x' });
  });
});

describe('formDataOf', () => {
  it('sends a body holding a Blob as form-data: text fields first, the file named by the id', async () => {
    const form = formDataOf({
      id: 'abc',
      record_type: 'sampling',
      width: 4,
      height: undefined,
      file: jpeg(),
    });
    expect(form).not.toBeNull();
    const keys = [...(form as FormData).keys()];
    expect(keys).toEqual(['id', 'record_type', 'width', 'file']);
    expect(((form as FormData).get('file') as File).name).toBe('abc.jpg');
    expect(formDataOf({ id: 'abc', ph: 7 })).toBeNull();
    expect(formDataOf(null)).toBeNull();
  });
});
