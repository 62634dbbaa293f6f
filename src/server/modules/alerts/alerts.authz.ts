import type { AuthzModule } from '../../authz/types.ts';

const OWN = 'acts on the caller’s own notifications or settings only';

/**
 * Notifications belong to a user: b's calls touch only b's rows (alerts.routes.test.ts
 * checks a's stay unread). A farm's alert settings go through FarmAccess: 404 for b.
 */
export const alertsAuthz: AuthzModule = {
  name: 'alerts',
  seed: async (app, owner, farm) => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/alertSetting',
      headers: owner.auth,
      payload: { farm_id: farm.farmId, death_threshold: 50 },
    });
    if (res.statusCode !== 200) throw new Error(`alert setting seed failed: ${res.body}`);
    return {};
  },
  cases: [
    {
      route: 'GET /api/notifications',
      request: () => ({ url: '/api/notifications' }),
      status: 200,
      reason: OWN,
    },
    {
      route: 'POST /api/notifications/read',
      request: (A) => ({ url: '/api/notifications/read', payload: { ids: [A.farmId] } }),
      status: 200,
      reason: `${OWN}: an id of a's is ignored`,
    },
    {
      route: 'POST /api/notifications/read-all',
      request: () => ({ url: '/api/notifications/read-all', payload: { until: new Date().toISOString() } }),
      status: 200,
      reason: OWN,
    },
    {
      route: 'GET /api/notifications/settings',
      request: () => ({ url: '/api/notifications/settings' }),
      status: 200,
      reason: OWN,
    },
    {
      route: 'PUT /api/notifications/settings',
      request: () => ({
        url: '/api/notifications/settings',
        payload: { push_kinds: ['water'], quiet_from: null, quiet_to: null },
      }),
      status: 200,
      reason: OWN,
    },
    {
      route: 'POST /api/notifications/sync-failure',
      request: () => ({ url: '/api/notifications/sync-failure', payload: { device_id: 'dev-b', failed: 2 } }),
      status: 200,
      reason: 'alerts the caller about the caller’s own device only',
    },
    { route: 'GET /api/alertSetting', request: (A) => ({ url: `/api/alertSetting?farm_id=${A.farmId}` }) },
    {
      route: 'PUT /api/alertSetting',
      request: (A) => ({ url: '/api/alertSetting', payload: { farm_id: A.farmId, death_threshold: 1 } }),
    },
  ],
};
