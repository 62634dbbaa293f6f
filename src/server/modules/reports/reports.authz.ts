import type { AuthzModule } from '../../authz/types.ts';

/** Report routes called by b with farm A's ids (src/server/authz/README.md). */
export const reportsAuthz: AuthzModule = {
  name: 'reports',
  seed: async (app, owner, farm) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/report',
      headers: owner.auth,
      payload: { farm_id: farm.farmId, pond_ids: [farm.pondId], from: '2026-01-01', to: '2026-01-31' },
    });
    const reportId = res.json().data?.id;
    if (!reportId) throw new Error(`reports seed failed: ${res.body}`);
    // The build runs in the background: wait until it has finished, so that farm A stands
    // still while the cases compare its snapshots.
    for (;;) {
      const poll = await app.inject({ url: `/api/report/${reportId}`, headers: owner.auth });
      const status = poll.json().data?.status;
      if (status === 'done' || status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return { reportId };
  },
  cases: [
    {
      route: 'POST /api/report',
      request: (A) => ({
        url: '/api/report',
        payload: { farm_id: A.farmId, pond_ids: [A.pondId], from: '2026-01-01', to: '2026-01-31' },
      }),
    },
    {
      route: 'POST /api/report',
      request: (A, B) => ({
        url: '/api/report',
        payload: { farm_id: B.farmId, pond_ids: [A.pondId], from: '2026-01-01', to: '2026-01-31' },
      }),
    },
    { route: 'GET /api/report/:id', request: (A) => ({ url: `/api/report/${A.extra.reportId}` }) },
    { route: 'GET /api/history', request: (A) => ({ url: `/api/history?farm_id=${A.farmId}` }) },
    {
      route: 'GET /api/report/:id/download',
      request: (A) => ({ url: `/api/report/${A.extra.reportId}/download?format=pdf` }),
    },
  ],
};
