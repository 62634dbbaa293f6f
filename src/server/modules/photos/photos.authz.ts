import { v7 as uuidv7 } from 'uuid';
import type { App } from '../../app.ts';
import { photoUpload, seedPhoto } from '../../authz/photo-upload.ts';
import type { AuthzModule, FarmFixture } from '../../authz/types.ts';

/** A cycle and a sampling in the fixture farm's pond, straight into the database. */
async function seedSampling(app: App, ownerId: string, farm: FarmFixture): Promise<string> {
  const cycleId = uuidv7();
  const samplingId = uuidv7();
  const today = new Date().toISOString().slice(0, 10);
  const active = await app.ctx.db
    .selectFrom('cycles')
    .select('id')
    .where('pond_id', '=', farm.pondId)
    .where('end_date', 'is', null)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!active) {
    await app.ctx.db
      .insertInto('cycles')
      .values({
        id: cycleId,
        farm_id: farm.farmId,
        pond_id: farm.pondId,
        cycle_number: 90,
        start_date: today,
      })
      .execute();
  }
  await app.ctx.db
    .insertInto('samplings')
    .values({
      id: samplingId,
      farm_id: farm.farmId,
      pond_id: farm.pondId,
      cycle_id: active?.id ?? cycleId,
      sampled_on: today,
      shrimp_count: 40,
      sample_weight: 320,
      created_by: ownerId,
    })
    .execute();
  return samplingId;
}

/**
 * A finished stocking in the fixture farm's pond, in its own ended cycle (so the pond's
 * active cycle still takes the other modules' samplings and stocking).
 */
async function seedStock(app: App, ownerId: string, farm: FarmFixture): Promise<string> {
  const cycleId = uuidv7();
  const stockId = uuidv7();
  await app.ctx.db
    .insertInto('cycles')
    .values({
      id: cycleId,
      farm_id: farm.farmId,
      pond_id: farm.pondId,
      cycle_number: 89,
      start_date: '2023-01-02',
      end_date: '2023-04-01',
    })
    .execute();
  await app.ctx.db
    .insertInto('stocks')
    .values({
      id: stockId,
      farm_id: farm.farmId,
      pond_id: farm.pondId,
      cycle_id: cycleId,
      stock_date: '2023-01-02',
      seed_net: 1000,
      seed_actual: 1000,
      seed_photo: null,
      is_harvest: true,
      created_by: ownerId,
    })
    .execute();
  return stockId;
}

/** Record photos called by b with farm A's ids (src/server/authz/README.md). */
export const photosAuthz: AuthzModule = {
  name: 'photos',
  seed: async (app, owner, farm) => {
    const samplingId = await seedSampling(app, owner.id, farm);
    const photoId = await seedPhoto(app, owner, 'sampling', samplingId);
    const stockId = await seedStock(app, owner.id, farm);
    const stockPhotoId = await seedPhoto(app, owner, 'stock', stockId);
    return { photoSamplingId: samplingId, photoId, photoStockId: stockId, stockPhotoId };
  },
  cases: [
    {
      route: 'POST /api/photos',
      request: (A) =>
        photoUpload({ id: uuidv7(), record_type: 'sampling', record_id: A.extra.photoSamplingId }),
    },
    {
      route: 'POST /api/photos',
      request: (A, B) =>
        photoUpload({ id: A.extra.photoId, record_type: 'sampling', record_id: B.extra.photoSamplingId }),
    },
    { route: 'GET /api/photos', request: (A) => ({ url: `/api/photos?farm_id=${A.farmId}` }) },
    {
      route: 'DELETE /api/sampling/photo/:id/delete',
      request: (A) => ({ url: `/api/sampling/photo/${A.extra.photoId}/delete` }),
    },
    {
      route: 'POST /api/photos',
      request: (A) => photoUpload({ id: uuidv7(), record_type: 'stock', record_id: A.extra.photoStockId }),
    },
    {
      route: 'DELETE /api/stock/photo/:id/delete',
      request: (A) => ({ url: `/api/stock/photo/${A.extra.stockPhotoId}/delete` }),
    },
  ],
};
