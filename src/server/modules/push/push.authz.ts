import type { AuthzModule } from '../../authz/types.ts';

const OWN = 'acts on the caller’s own push subscriptions only';
const keys = { p256dh: 'BEl62iUYgUivxIkv69yViEuiBIa40HI0F9mCdUcLTWw', auth: 'tBHItJI5svbpez7KI4CCXg' };

/** Push subscriptions belong to a user, not a farm: b can never touch a's. */
export const pushAuthz: AuthzModule = {
  name: 'push',
  seed: async (app, owner, farm) => {
    const endpoint = `https://push.example.com/${farm.farmId}`;
    await app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: owner.auth,
      payload: { endpoint, keys },
    });
    return { pushEndpoint: endpoint };
  },
  cases: [
    {
      route: 'GET /api/push/key',
      request: () => ({ url: '/api/push/key' }),
      status: 200,
      reason: 'the VAPID public key is the same for everyone and secret to no one',
    },
    {
      route: 'POST /api/push/subscriptions',
      request: (_A, B) => ({
        url: '/api/push/subscriptions',
        payload: { endpoint: `https://push.example.com/b-${B.farmId}`, keys },
      }),
      status: 200,
      reason: OWN,
    },
    {
      route: 'DELETE /api/push/subscriptions',
      request: (A) => ({ url: '/api/push/subscriptions', payload: { endpoint: A.extra.pushEndpoint } }),
      status: 200,
      reason: `${OWN}: a's subscription with this endpoint stays (push.test.ts checks the row)`,
    },
  ],
};
