import type { AuthzModule } from './types.ts';

const OWN = 'acts on the caller’s own account only; takes no ids';

/**
 * Signed-in account routes (written before this test existed; the account module may
 * take this file over). None takes an id, so b can only ever reach b's own account.
 */
export const accountAuthz: AuthzModule = {
  name: 'account',
  cases: [
    { route: 'GET /api/user', request: () => ({ url: '/api/user' }), status: 200, reason: OWN },
    {
      route: 'PUT /api/user',
      request: () => ({ url: '/api/user', payload: { username: 'b' } }),
      status: 200,
      reason: OWN,
    },
    {
      route: 'POST /api/user/password',
      request: () => ({
        url: '/api/user/password',
        payload: {
          old_password: 'not-the-password',
          new_password: 'baru-12345',
          confirm_password: 'baru-12345',
        },
      }),
      status: 400,
      code: 'invalid-credentials',
      reason: `${OWN}; the fixture user has no password`,
    },
    { route: 'POST /api/logout', request: () => ({ url: '/api/logout' }), status: 200, reason: OWN },
  ],
};
