import { v7 as uuidv7 } from 'uuid';
import type { App } from '../../app.ts';
import { photoUpload, seedPhoto } from '../../authz/photo-upload.ts';
import type { AuthzCase, AuthzModule, FarmFixture, FixtureUser } from '../../authz/types.ts';

const day = '2024-02-01';
const anco = (pondId: string, id = uuidv7()) => ({
  id,
  pond_id: pondId,
  check_date: day,
  feeding_time: 1,
  checked_at: '08:00',
  data_anco: [{ tray: 1, status: 'habis' }],
});
const waterChange = (pondId: string, id = uuidv7()) => ({
  id,
  pond_id: pondId,
  change_date: day,
  percent: 10,
});
const note = (farmId: string, pondId: string | null, id = uuidv7()) => ({
  id,
  farm_id: farmId,
  pond_id: pondId,
  note_date: day,
  title: 'Catatan',
});
const disease = (pondId: string, id = uuidv7()) => ({
  id,
  pond_id: pondId,
  disease_date: day,
  master_disease_id: 1,
});

/** The pond's active cycle (another module's seed may have started one), else a new one. */
async function activeCycle(app: App, owner: FixtureUser, farm: FarmFixture): Promise<string> {
  const list = await app.inject({
    method: 'GET',
    url: `/api/cycle?pond_id=${farm.pondId}`,
    headers: owner.auth,
  });
  const active = (list.json().data as { cycle_id: string; is_active: boolean; start_date: string }[]).find(
    (c) => c.is_active,
  );
  if (active && active.start_date <= day) return active.cycle_id;
  const res = await app.inject({
    method: 'POST',
    url: '/api/cycle',
    headers: owner.auth,
    payload: { pond_id: farm.pondId, start_date: '2024-01-01' },
  });
  if (res.statusCode !== 201) throw new Error(`records cycle seed failed: ${res.body}`);
  return res.json().data.cycle_id;
}

function crud(path: string, key: string): AuthzCase[] {
  return [
    {
      route: `PUT /api/${path}/:id/update`,
      request: (A) => ({ url: `/api/${path}/${A.extra[key]}/update`, payload: { note: 'x' } }),
    },
    {
      route: `DELETE /api/${path}/:id/delete`,
      request: (A) => ({ url: `/api/${path}/${A.extra[key]}/delete` }),
    },
    { route: `GET /api/${path}`, request: (A) => ({ url: `/api/${path}?farm_id=${A.farmId}` }) },
    {
      route: `GET /api/${path}`,
      request: (A) => ({ url: `/api/${path}?pond_id=${A.pondId}&since=2000-01-01T00:00:00Z` }),
    },
  ];
}

const bulkCases = (path: string, make: (pondId: string, id?: string) => object, key: string): AuthzCase[] => [
  {
    route: `POST /api/${path}/bulk`,
    request: (A) => ({ url: `/api/${path}/bulk`, payload: { items: [make(A.pondId)] } }),
    status: 200,
    reason: 'a batch answers per item: the item for A’s pond is refused as not-found, nothing stored',
  },
  {
    route: `POST /api/${path}/bulk`,
    request: (A, B) => ({ url: `/api/${path}/bulk`, payload: { items: [make(B.pondId, A.extra[key])] } }),
    status: 200,
    reason: 'b reuses A’s record id on b’s own pond: that item is a conflict, A’s row untouched',
  },
];

/** Anco, water change, note and disease routes called by b with farm A's ids (src/server/authz/README.md). */
export const recordsAuthz: AuthzModule = {
  name: 'records',
  seed: async (app, owner, farm) => {
    const cycleId = await activeCycle(app, owner, farm);
    const ids = { ancoId: uuidv7(), waterChangeId: uuidv7(), noteId: uuidv7(), diseaseId: uuidv7() };
    const calls: [string, object][] = [
      ['/api/anco/bulk', { items: [anco(farm.pondId, ids.ancoId)] }],
      ['/api/waterChange/bulk', { items: [waterChange(farm.pondId, ids.waterChangeId)] }],
      ['/api/note', note(farm.farmId, farm.pondId, ids.noteId)],
      ['/api/disease', disease(farm.pondId, ids.diseaseId)],
    ];
    for (const [url, payload] of calls) {
      const res = await app.inject({ method: 'POST', url, headers: owner.auth, payload });
      const ok = res.statusCode === 200 && (res.json().data?.results?.[0]?.status ?? 'ok') === 'ok';
      if (!ok) throw new Error(`records seed failed (${url}): ${res.body}`);
    }
    // Photos of the disease record and of the note, through the photo pipeline (POST /api/photos).
    const diseasePhotoId = await seedPhoto(app, owner, 'disease', ids.diseaseId);
    const notePhotoId = await seedPhoto(app, owner, 'note', ids.noteId);
    return { ...ids, recordsCycleId: cycleId, diseasePhotoId, notePhotoId };
  },
  cases: [
    ...bulkCases('anco', anco, 'ancoId'),
    ...crud('anco', 'ancoId'),
    { route: 'GET /api/anco', request: (A) => ({ url: `/api/anco?cycle_id=${A.extra.recordsCycleId}` }) },
    ...bulkCases('waterChange', waterChange, 'waterChangeId'),
    ...crud('waterChange', 'waterChangeId'),
    ...crud('note', 'noteId'),
    {
      route: 'POST /api/note',
      request: (A) => ({ url: '/api/note', payload: note(A.farmId, null) }),
    },
    {
      route: 'POST /api/note',
      request: (A, B) => ({ url: '/api/note', payload: note(B.farmId, A.pondId) }),
    },
    {
      route: 'POST /api/note',
      request: (A, B) => ({ url: '/api/note', payload: note(B.farmId, B.pondId, A.extra.noteId) }),
      status: 409,
      code: 'conflict',
      reason: 'b reuses A’s note id in b’s own farm: conflict, A’s note untouched',
    },
    ...crud('disease', 'diseaseId'),
    { route: 'POST /api/disease', request: (A) => ({ url: '/api/disease', payload: disease(A.pondId) }) },
    {
      route: 'POST /api/photos',
      request: (A) => photoUpload({ id: uuidv7(), record_type: 'note', record_id: A.extra.noteId }),
    },
    {
      route: 'DELETE /api/note/photo/:id/delete',
      request: (A) => ({ url: `/api/note/photo/${A.extra.notePhotoId}/delete` }),
    },
    {
      route: 'DELETE /api/disease/photo/:id/delete',
      request: (A) => ({ url: `/api/disease/photo/${A.extra.diseasePhotoId}/delete` }),
    },
    {
      route: 'GET /api/master/disease',
      request: () => ({ url: '/api/master/disease' }),
      status: 200,
      reason: 'the master list is the same static reference for everyone signed in; it holds nothing of A',
    },
  ],
};
