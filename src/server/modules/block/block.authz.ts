import type { AuthzModule } from '../../authz/types.ts';

/** Block routes called by b with farm A's ids (see src/server/authz/README.md). */
export const blockAuthz: AuthzModule = {
  name: 'block',
  cases: [
    { route: 'GET /api/block', request: (A) => ({ url: `/api/block?farm_id=${A.farmId}` }) },
    {
      route: 'GET /api/block',
      request: (A) => ({ url: `/api/block?farm_id=${A.farmId}&since=2000-01-01T00:00:00Z` }),
    },
    {
      route: 'POST /api/block',
      request: (A) => ({ url: '/api/block', payload: { farm_id: A.farmId, block_name: 'x' } }),
    },
    {
      route: 'POST /api/block',
      request: (A, B) => ({
        url: '/api/block',
        payload: { farm_id: B.farmId, block_id: A.blockId, block_name: 'x' },
      }),
      status: 409,
      code: 'conflict',
      reason: 'b reuses A’s block id as a client id in b’s own farm: refused, A untouched',
    },
    {
      route: 'PUT /api/block/:id/update',
      request: (A) => ({ url: `/api/block/${A.blockId}/update`, payload: { block_name: 'x' } }),
    },
    { route: 'DELETE /api/block/:id/delete', request: (A) => ({ url: `/api/block/${A.blockId}/delete` }) },
  ],
};
