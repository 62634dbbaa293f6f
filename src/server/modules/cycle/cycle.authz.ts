import type { AuthzModule } from '../../authz/types.ts';

/** Cycle routes called by b with farm A's ids (see src/server/authz/README.md). */
export const cycleAuthz: AuthzModule = {
  name: 'cycle',
  seed: async (app, owner, farm) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/cycle',
      headers: owner.auth,
      payload: { pond_id: farm.pondId, start_date: '2024-01-01' },
    });
    if (res.statusCode !== 201) throw new Error(`cycle seed failed: ${res.body}`);
    return { cycleId: res.json().data.cycle_id };
  },
  cases: [
    { route: 'GET /api/cycle', request: (A) => ({ url: `/api/cycle?pond_id=${A.pondId}` }) },
    { route: 'GET /api/cycle', request: (A) => ({ url: `/api/cycle?cycle_id=${A.extra.cycleId}` }) },
    {
      route: 'GET /api/cycle',
      request: (A) => ({ url: `/api/cycle?farm_id=${A.farmId}&since=2000-01-01T00:00:00Z` }),
    },
    {
      route: 'POST /api/cycle',
      request: (A) => ({ url: '/api/cycle', payload: { pond_id: A.pondId, start_date: '2025-01-01' } }),
    },
    {
      route: 'POST /api/cycle',
      request: (A, B) => ({
        url: '/api/cycle',
        payload: { cycle_id: A.extra.cycleId, pond_id: B.pondId, start_date: '2025-01-01' },
      }),
      status: 409,
      code: 'conflict',
      reason: 'b reuses A’s cycle id as a client id on b’s own pond: refused, A untouched',
    },
    {
      route: 'PUT /api/cycle/:id/update',
      request: (A) => ({
        url: `/api/cycle/${A.extra.cycleId}/update`,
        payload: { start_date: '2024-01-02' },
      }),
    },
    {
      route: 'POST /api/cycle/:id/end',
      request: (A) => ({
        url: `/api/cycle/${A.extra.cycleId}/end`,
        payload: { end_date: '2024-04-01' },
        headers: { 'idempotency-key': 'authz-end' },
      }),
    },
    {
      route: 'DELETE /api/cycle/:id/delete',
      request: (A) => ({ url: `/api/cycle/${A.extra.cycleId}/delete` }),
    },
  ],
};
