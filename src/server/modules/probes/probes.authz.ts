import type { AuthzModule } from '../../authz/types.ts';

/** Probe routes called by b with farm A's ids (src/server/authz/README.md): 404, nothing of A changed. */
export const probesAuthz: AuthzModule = {
  name: 'probes',
  seed: async (app, owner, farm) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/probeDevice',
      headers: owner.auth,
      payload: { farm_id: farm.farmId, pond_id: farm.pondId, name: 'Probe 1', parameters: ['do'] },
    });
    const probeDeviceId = res.json().data?.device?.id;
    if (!probeDeviceId) throw new Error(`probes seed failed: ${res.body}`);
    return { probeDeviceId };
  },
  cases: [
    {
      route: 'POST /api/probeDevice',
      request: (A) => ({
        url: '/api/probeDevice',
        payload: { farm_id: A.farmId, pond_id: A.pondId, name: 'x', parameters: ['do'] },
      }),
    },
    {
      route: 'POST /api/probeDevice',
      request: (A, B) => ({
        url: '/api/probeDevice',
        payload: { farm_id: B.farmId, pond_id: A.pondId, name: 'x', parameters: ['do'] },
      }),
    },
    { route: 'GET /api/probeDevice', request: (A) => ({ url: `/api/probeDevice?farm_id=${A.farmId}` }) },
    {
      route: 'POST /api/probeDevice/:id/rotate',
      request: (A) => ({ url: `/api/probeDevice/${A.extra.probeDeviceId}/rotate`, payload: {} }),
    },
    {
      route: 'POST /api/probeDevice/:id/revoke',
      request: (A) => ({ url: `/api/probeDevice/${A.extra.probeDeviceId}/revoke`, payload: {} }),
    },
    {
      route: 'GET /api/probeReadings',
      request: (A) => ({
        url: `/api/probeReadings?pond_id=${A.pondId}&from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z`,
      }),
    },
  ],
};
