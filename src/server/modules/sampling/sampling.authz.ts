import { v7 as uuidv7 } from 'uuid';
import type { AuthzModule } from '../../authz/types.ts';

const today = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
const item = (pondId: string, id = uuidv7()) => ({
  id,
  pond_id: pondId,
  sampled_on: today(),
  shrimp_count: 50,
  sample_weight: 400,
});

/** Sampling routes called by b with farm A's ids (src/server/authz/README.md). */
export const samplingAuthz: AuthzModule = {
  name: 'sampling',
  seed: async (app, owner, farm) => {
    const active = await app.ctx.db
      .selectFrom('cycles')
      .select('id')
      .where('pond_id', '=', farm.pondId)
      .where('end_date', 'is', null)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!active)
      await app.ctx.db
        .insertInto('cycles')
        .values({
          id: uuidv7(),
          farm_id: farm.farmId,
          pond_id: farm.pondId,
          cycle_number: 91,
          start_date: '2020-01-01',
        })
        .execute();
    const sampling = item(farm.pondId);
    const res = await app.inject({
      method: 'POST',
      url: '/api/sampling/bulk',
      headers: owner.auth,
      payload: { items: [sampling] },
    });
    if (res.json().data?.results?.[0]?.status !== 'ok') throw new Error(`sampling seed failed: ${res.body}`);
    return { samplingId: sampling.id };
  },
  cases: [
    { route: 'GET /api/sampling', request: (A) => ({ url: `/api/sampling?farm_id=${A.farmId}` }) },
    {
      route: 'GET /api/sampling',
      request: (A) => ({
        url: `/api/sampling?farm_id=${A.farmId}&pond_id=${A.pondId}&since=2000-01-01T00:00:00Z`,
      }),
    },
    {
      route: 'POST /api/sampling/bulk',
      request: (A) => ({ url: '/api/sampling/bulk', payload: { items: [item(A.pondId)] } }),
      status: 200,
      reason: 'a batch answers per item: the item for A’s pond is refused as not-found, nothing stored',
    },
    {
      route: 'POST /api/sampling/bulk',
      request: (A, B) => ({
        url: '/api/sampling/bulk',
        payload: { items: [item(B.pondId, A.extra.samplingId)] },
      }),
      status: 200,
      reason: 'b reuses A’s sampling id on b’s own pond: that item is a conflict, A’s row untouched',
    },
    {
      route: 'PUT /api/sampling/:id/update',
      request: (A) => ({ url: `/api/sampling/${A.extra.samplingId}/update`, payload: { shrimp_count: 60 } }),
    },
    {
      route: 'DELETE /api/sampling/:id/delete',
      request: (A) => ({ url: `/api/sampling/${A.extra.samplingId}/delete` }),
    },
  ],
};
