import type { AuthzCase, AuthzModule } from '../../authz/types.ts';

const range = 'from=2024-01-01&to=2024-03-31';
const CHART_URLS = [
  '/api/chart/sampling',
  '/api/chart/feed',
  '/api/chart/feed/daily',
  '/api/chart/feedAccumulative',
  '/api/chart/feed/accumulative/daily',
  '/api/chart/usagePrice',
];

function cases(url: string, extra = ''): AuthzCase[] {
  return [
    { route: `GET ${url}`, request: (A) => ({ url: `${url}?${range}${extra}&ponds=${A.pondId}` }) },
    { route: `GET ${url}`, request: (A) => ({ url: `${url}?${range}${extra}&farm_id=${A.farmId}` }) },
    {
      route: `GET ${url}`,
      request: (A, B) => ({ url: `${url}?${range}${extra}&ponds=${B.pondId},${A.pondId}` }),
    },
    {
      route: `GET ${url}`,
      request: (A, B) => ({ url: `${url}?${range}${extra}&farm_id=${B.farmId}&ponds=${A.pondId}` }),
    },
  ];
}

/** Chart reads called by b with farm A's ponds or farm (alone, or mixed with b's own). */
export const chartsAuthz: AuthzModule = {
  name: 'charts',
  cases: [...cases('/api/chart/water', '&parameter=ph'), ...CHART_URLS.flatMap((url) => cases(url))],
};
