import type { AuthzModule } from '../../authz/types.ts';

const OWN_LIST = 'answers only the caller’s own farms; the leak check proves A is absent';

/** Farm routes called by b with farm A's id (see src/server/authz/README.md). */
export const farmAuthz: AuthzModule = {
  name: 'farm',
  cases: [
    { route: 'GET /api/farm', request: () => ({ url: '/api/farm' }), status: 200, reason: OWN_LIST },
    {
      route: 'GET /api/internal/farm',
      request: () => ({ url: '/api/internal/farm' }),
      status: 403,
      reason: 'system administrators only; farm admins are not',
    },
    { route: 'GET /api/farm/:id/info', request: (A) => ({ url: `/api/farm/${A.farmId}/info` }) },
    {
      route: 'POST /api/farm/add',
      request: () => ({ url: '/api/farm/add', payload: { name: 'b’s second farm' } }),
      status: 201,
      reason: 'takes no ids: it creates a new farm of the caller',
    },
    {
      route: 'PUT /api/farm/:id/update',
      request: (A) => ({
        url: `/api/farm/${A.farmId}/update`,
        payload: { name: 'taken over', is_hide_finance: true },
      }),
    },
    { route: 'DELETE /api/farm/:id/delete', request: (A) => ({ url: `/api/farm/${A.farmId}/delete` }) },
    { route: 'POST /api/farm/:id/leave', request: (A) => ({ url: `/api/farm/${A.farmId}/leave` }) },
  ],
};
