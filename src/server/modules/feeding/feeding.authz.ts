import type { AuthzModule } from '../../authz/types.ts';

/** The feeding programme, FR table and ration routes called by b with farm A's ids (src/server/authz/README.md). */
export const feedingAuthz: AuthzModule = {
  name: 'feeding',
  cases: [
    {
      route: 'GET /api/feedIdxSetting',
      request: (A) => ({ url: `/api/feedIdxSetting?farm_id=${A.farmId}` }),
    },
    {
      route: 'POST /api/feedIdxSetting',
      request: (A) => ({
        url: '/api/feedIdxSetting',
        payload: {
          farm_id: A.farmId,
          blind_until_doc: 30,
          blind_start_kg: 1,
          feed_index: 0.3,
          feedings_per_day: 4,
          anco_empty_pct: 5,
          anco_little_pct: 0,
          anco_lot_pct: -10,
        },
      }),
    },
    { route: 'GET /api/fr', request: (A) => ({ url: `/api/fr?farm_id=${A.farmId}` }) },
    {
      route: 'POST /api/fr',
      request: (A) => ({ url: '/api/fr', payload: { farm_id: A.farmId, rows: [{ abw: 1, fr: 10 }] } }),
    },
    { route: 'GET /api/feed/ration', request: (A) => ({ url: `/api/feed/ration?farm_id=${A.farmId}` }) },
  ],
};
