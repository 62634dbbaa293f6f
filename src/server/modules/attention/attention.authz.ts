import { ATTENTION_DEFAULTS } from '#shared/domain/attention';
import type { AuthzModule } from '../../authz/types.ts';

/** The board and its thresholds asked by b for farm A: 404, nothing of A read or changed. */
export const attentionAuthz: AuthzModule = {
  name: 'attention',
  cases: [
    { route: 'GET /api/attention', request: (A) => ({ url: `/api/attention?farm_id=${A.farmId}` }) },
    {
      route: 'GET /api/attentionSetting',
      request: (A) => ({ url: `/api/attentionSetting?farm_id=${A.farmId}` }),
    },
    {
      route: 'PUT /api/attentionSetting',
      request: (A) => ({
        url: '/api/attentionSetting',
        payload: { farm_id: A.farmId, thresholds: ATTENTION_DEFAULTS },
      }),
    },
  ],
};
