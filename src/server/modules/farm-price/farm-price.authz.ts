import type { AuthzModule } from '../../authz/types.ts';

/** The price list and target-size routes called by b with farm A's farm id. */
export const farmPriceAuthz: AuthzModule = {
  name: 'farm-price',
  cases: [
    { route: 'GET /api/farmPrice', request: (A) => ({ url: `/api/farmPrice?farm_id=${A.farmId}` }) },
    {
      route: 'POST /api/farmPrice',
      request: (A) => ({
        url: '/api/farmPrice',
        payload: { farm_id: A.farmId, valid_from: '2026-01-01', prices: [{ size: 50, price_per_kg: 70000 }] },
      }),
    },
    {
      route: 'GET /api/forecastSetting',
      request: (A) => ({ url: `/api/forecastSetting?farm_id=${A.farmId}` }),
    },
    {
      route: 'POST /api/forecastSetting',
      request: (A) => ({ url: '/api/forecastSetting', payload: { farm_id: A.farmId, target_sizes: [60] } }),
    },
  ],
};
