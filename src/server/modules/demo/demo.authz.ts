import type { AuthzModule } from '../../authz/types.ts';

/** The demo routes hold no farm A data: b learns only whether a demo farm exists. */
export const demoAuthz: AuthzModule = {
  name: 'demo',
  cases: [
    {
      route: 'GET /api/demo',
      request: () => ({ url: '/api/demo' }),
      status: 200,
      reason: 'answers only whether the shared demo farm exists; no farm of A is named',
    },
    {
      route: 'POST /api/demo/join',
      request: () => ({ url: '/api/demo/join', payload: {} }),
      status: 404,
      code: 'demo-unavailable',
      reason: 'joins only the demo farm, never a farm named in the request; none is loaded here',
    },
  ],
};
