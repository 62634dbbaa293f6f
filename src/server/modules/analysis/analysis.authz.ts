import { v7 as uuidv7 } from 'uuid';
import type { AuthzCase, AuthzModule } from '../../authz/types.ts';

const day = 'start_date=2024-03-01';
const ANALYSIS_URLS = [
  '/api/farm/water',
  '/api/farm/water/standar',
  '/api/farm/product',
  '/api/farm/product/cumulative',
  '/api/farm/product/weekly',
  '/api/farm/anco',
  '/api/shrimData',
  '/api/farm/status',
];

function analysisCases(url: string): AuthzCase[] {
  return [
    { route: `GET ${url}`, request: (A) => ({ url: `${url}?${day}&farm_id=${A.farmId}` }) },
    { route: `GET ${url}`, request: (A) => ({ url: `${url}?${day}&farm_id=${A.farmId}&ponds=${A.pondId}` }) },
    {
      route: `GET ${url}`,
      request: (A, B) => ({ url: `${url}?${day}&farm_id=${B.farmId}&ponds=${B.pondId},${A.pondId}` }),
    },
  ];
}

const range = 'from=2024-03-01&to=2024-03-31';

/**
 * Analysis, comparison and template routes called by b with farm A's farm, ponds and
 * templates (alone, or mixed with b's own): always 404, nothing of A shown or changed.
 */
export const analysisAuthz: AuthzModule = {
  name: 'analysis',
  seed: async (app, owner, farm) => {
    const templateId = uuidv7();
    const res = await app.inject({
      method: 'POST',
      url: '/api/comparisonTemplate',
      headers: owner.auth,
      payload: {
        template_id: templateId,
        farm_id: farm.farmId,
        name: 'pH',
        type: 1,
        fields: [{ pond_id: farm.pondId, metric: 'ph' }],
      },
    });
    if (res.statusCode !== 201) throw new Error(`template seed: ${res.statusCode} ${res.body}`);
    return { templateId };
  },
  cases: [
    ...ANALYSIS_URLS.flatMap(analysisCases),
    {
      route: 'GET /api/farm/comparison',
      request: (A) => ({
        url: `/api/farm/comparison?${range}&farm_id=${A.farmId}&ponds=${A.pondId}&metrics=ph`,
      }),
    },
    {
      route: 'GET /api/farm/comparison',
      request: (A, B) => ({
        url: `/api/farm/comparison?${range}&farm_id=${B.farmId}&ponds=${B.pondId},${A.pondId}&metrics=ph,feed`,
      }),
    },
    {
      route: 'GET /api/multipleComparison',
      request: (A) => ({ url: `/api/multipleComparison?${range}&farm_id=${A.farmId}&series=${A.pondId}:ph` }),
    },
    {
      route: 'GET /api/multipleComparison',
      request: (A, B) => ({
        url: `/api/multipleComparison?${range}&farm_id=${B.farmId}&series=${B.pondId}:ph,${A.pondId}:feed`,
      }),
    },
    {
      route: 'GET /api/comparisonTemplate',
      request: (A) => ({ url: `/api/comparisonTemplate?farm_id=${A.farmId}` }),
    },
    {
      route: 'POST /api/comparisonTemplate',
      request: (A) => ({
        url: '/api/comparisonTemplate',
        payload: { farm_id: A.farmId, name: 'x', type: 1, fields: [{ pond_id: A.pondId, metric: 'ph' }] },
      }),
    },
    {
      route: 'POST /api/comparisonTemplate',
      request: (A, B) => ({
        url: '/api/comparisonTemplate',
        payload: {
          template_id: A.extra.templateId,
          farm_id: B.farmId,
          name: 'x',
          type: 1,
          fields: [{ pond_id: B.pondId, metric: 'ph' }],
        },
      }),
      status: 409,
      code: 'conflict',
      reason: 'b reuses A’s template id as a client id in b’s own farm: refused, A untouched',
    },
    {
      route: 'PUT /api/comparisonTemplate/:id/update',
      request: (A) => ({
        url: `/api/comparisonTemplate/${A.extra.templateId}/update`,
        payload: { name: 'x' },
      }),
    },
    {
      route: 'DELETE /api/comparisonTemplate/:id/delete',
      request: (A) => ({ url: `/api/comparisonTemplate/${A.extra.templateId}/delete` }),
    },
  ],
};
