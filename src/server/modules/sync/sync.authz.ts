import type { AuthzModule } from '../../authz/types.ts';

/** The batched pull called by b with farm A's lists (src/server/authz/README.md). */
export const syncAuthz: AuthzModule = {
  name: 'sync',
  cases: [
    {
      route: 'POST /api/sync/pull',
      request: (A) => ({
        url: '/api/sync/pull',
        payload: {
          requests: [
            { key: 'ponds', url: `/api/pond?farm_id=${A.farmId}` },
            { key: 'cycles', url: `/api/cycle?farm_id=${A.farmId}` },
          ],
        },
      }),
      status: 200,
      reason:
        'the batch answers 200 and each inner answer is that list route’s own 404 (sync-pull.routes.test.ts); nothing of A appears in it',
    },
  ],
};
