import type { AuthzModule } from '../../authz/types.ts';

/** Water-standard routes called by b with farm A's ids (see src/server/authz/README.md). */
export const waterSettingAuthz: AuthzModule = {
  name: 'water-setting',
  seed: async (app, owner, farm) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/waterSetting',
      headers: owner.auth,
      payload: { farm_id: farm.farmId, settings: [{ parameter: 'ph', min: 7.5, max: 8.5 }] },
    });
    const ph = res.json().data?.find((s: { parameter: string }) => s.parameter === 'ph');
    if (!ph?.setting_id) throw new Error(`water setting seed failed: ${res.body}`);
    return { waterSettingId: ph.setting_id };
  },
  cases: [
    { route: 'GET /api/waterSetting', request: (A) => ({ url: `/api/waterSetting?farm_id=${A.farmId}` }) },
    {
      route: 'POST /api/waterSetting',
      request: (A) => ({
        url: '/api/waterSetting',
        payload: { farm_id: A.farmId, settings: [{ parameter: 'ph', min: 0, max: 14 }] },
      }),
    },
    {
      route: 'DELETE /api/waterSetting/:id/delete',
      request: (A) => ({ url: `/api/waterSetting/${A.extra.waterSettingId}/delete` }),
    },
  ],
};
