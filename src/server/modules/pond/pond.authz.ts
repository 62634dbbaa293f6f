import type { AuthzModule } from '../../authz/types.ts';

/** Pond routes called by b with farm A's ids (see src/server/authz/README.md). */
export const pondAuthz: AuthzModule = {
  name: 'pond',
  cases: [
    {
      route: 'GET /api/pond',
      request: (A) => ({ url: `/api/pond?farm_id=${A.farmId}&since=2000-01-01T00:00:00Z` }),
    },
    {
      route: 'POST /api/pond',
      request: (A) => ({
        url: '/api/pond',
        payload: { farm_id: A.farmId, block_id: A.blockId, name: 'x', area: 1 },
      }),
    },
    {
      route: 'POST /api/pond',
      request: (A, B) => ({
        url: '/api/pond',
        payload: { farm_id: B.farmId, block_id: A.blockId, name: 'x', area: 1 },
      }),
      status: 400,
      code: 'validation-failed',
      reason: 'a pond of B placed in A’s block: the block is not one of B’s, a field error',
    },
    {
      route: 'POST /api/pond',
      request: (A, B) => ({
        url: '/api/pond',
        payload: { farm_id: B.farmId, block_id: B.blockId, pond_id: A.pondId, name: 'x', area: 1 },
      }),
      status: 409,
      code: 'conflict',
      reason: 'b reuses A’s pond id as a client id in b’s own farm: refused, A untouched',
    },
    {
      route: 'PUT /api/pond/:id/update',
      request: (A) => ({ url: `/api/pond/${A.pondId}/update`, payload: { name: 'x', area: 1 } }),
    },
    { route: 'DELETE /api/pond/:id/delete', request: (A) => ({ url: `/api/pond/${A.pondId}/delete` }) },
  ],
};
