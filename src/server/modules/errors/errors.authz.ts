import type { AuthzModule } from '../../authz/types.ts';

const SYSTEM_ADMINS =
  'error reports belong to no farm: only system admins read them or set the sample rate; b is none, so 403';

/** Error tracing routes called by b (not a system admin): 403 `forbidden`, nothing changed. */
export const errorsAuthz: AuthzModule = {
  name: 'errors',
  cases: [
    { route: 'GET /api/errors', request: () => ({ url: '/api/errors' }), status: 403, reason: SYSTEM_ADMINS },
    {
      route: 'PUT /api/errors/config',
      request: () => ({ url: '/api/errors/config', payload: { sample_rate: 1 } }),
      status: 403,
      reason: SYSTEM_ADMINS,
    },
  ],
};
