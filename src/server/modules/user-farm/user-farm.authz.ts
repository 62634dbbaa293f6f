import type { AuthzModule } from '../../authz/types.ts';

/** Role, permission and member routes called by b with farm A's ids (see src/server/authz/README.md). */
export const userFarmAuthz: AuthzModule = {
  name: 'user-farm',
  cases: [
    {
      route: 'GET /api/role',
      request: () => ({ url: '/api/role' }),
      status: 200,
      reason: 'the four roles are global, not farm data',
    },
    {
      route: 'GET /api/permission',
      request: (A) => ({ url: `/api/permission?farm_id=${A.farmId}&role_id=3` }),
    },
    {
      route: 'PUT /api/permission',
      request: (A) => ({
        url: '/api/permission',
        payload: { farm_id: A.farmId, role_id: 3, permissions: [{ feature_name: 'pond', action: 2 }] },
      }),
    },
    { route: 'GET /api/userFarm', request: (A) => ({ url: `/api/userFarm?farm_id=${A.farmId}` }) },
    {
      route: 'POST /api/userFarm',
      request: (A) => ({
        url: '/api/userFarm',
        payload: { farm_id: A.farmId, email: 'intruder@example.com', role_id: 1, ponds: [] },
      }),
    },
    {
      route: 'POST /api/userFarm',
      request: (A, B) => ({
        url: '/api/userFarm',
        payload: {
          farm_id: B.farmId,
          email: 'helper@example.com',
          role_id: 3,
          ponds: [{ pond_id: A.pondId, access_level: 2 }],
        },
      }),
      status: 400,
      code: 'validation-failed',
      reason: 'a member of B given A’s pond: the pond is not one of B’s, a field error',
    },
    {
      route: 'PUT /api/userFarm/:id/update',
      request: (A) => ({ url: `/api/userFarm/${A.userFarmId}/update`, payload: { role_id: 4, ponds: [] } }),
    },
    {
      route: 'DELETE /api/userFarm/:id/delete',
      request: (A) => ({ url: `/api/userFarm/${A.userFarmId}/delete` }),
    },
  ],
};
