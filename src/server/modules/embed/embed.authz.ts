import type { AuthzModule } from '../../authz/types.ts';

/** Embed link routes called by b with farm A's ids (src/server/authz/README.md): 404, nothing of A changed. */
export const embedAuthz: AuthzModule = {
  name: 'embed',
  seed: async (app, owner, farm) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/embedLink',
      headers: owner.auth,
      payload: { farm_id: farm.farmId, screens: ['report'] },
    });
    const embedLinkId = res.json().data?.link?.id;
    if (!embedLinkId) throw new Error(`embed seed failed: ${res.body}`);
    return { embedLinkId };
  },
  cases: [
    {
      route: 'POST /api/embedLink',
      request: (A) => ({ url: '/api/embedLink', payload: { farm_id: A.farmId, screens: ['report'] } }),
    },
    { route: 'GET /api/embedLink', request: (A) => ({ url: `/api/embedLink?farm_id=${A.farmId}` }) },
    {
      route: 'POST /api/embedLink/:id/revoke',
      request: (A) => ({ url: `/api/embedLink/${A.extra.embedLinkId}/revoke`, payload: {} }),
    },
  ],
};
