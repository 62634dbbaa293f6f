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
    {
      route: 'GET /api/push/provider',
      request: () => ({ url: '/api/push/provider' }),
      status: 200,
      reason: 'the push provider and its public web config are the same for everyone',
    },
    {
      route: 'POST /api/push/fcm-tokens',
      request: () => ({ url: '/api/push/fcm-tokens', payload: { token: 'b-token' } }),
      reason:
        'FCM is not configured in the fixture: 404; configured, it stores the caller’s own token (fcm.test.ts)',
    },
    {
      route: 'DELETE /api/push/fcm-tokens',
      request: () => ({ url: '/api/push/fcm-tokens', payload: { token: 'b-token' } }),
      reason: 'removes only the caller’s own token (fcm.ts filters by user)',
    },
  ],
};
