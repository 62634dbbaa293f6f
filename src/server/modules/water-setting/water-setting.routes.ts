import { Type } from 'typebox';
import { Envelope, IdParams } from '#shared/contracts/envelope';
import { SaveWaterSettingsBody, WaterSetting, WaterSettingQuery } from '#shared/contracts/water';
import type { Api, AppContext } from '../../types.ts';

const tags = ['water'];
const Settings = Envelope(Type.Array(WaterSetting));

/** HTTP only: the farm's water standards (every answer is the full merged list). */
export function waterSettingRoutes(api: Api, ctx: AppContext): void {
  const { waterSettings } = ctx;

  api.get(
    '/waterSetting',
    { schema: { tags, querystring: WaterSettingQuery, response: { 200: Settings } } },
    async (req) => ({
      message: req.t('server.ok'),
      data: await waterSettings.list(req.user.id, req.query.farm_id),
    }),
  );

  api.post(
    '/waterSetting',
    { schema: { tags, body: SaveWaterSettingsBody, response: { 200: Settings } } },
    async (req) => ({
      message: req.t('server.updated'),
      data: await waterSettings.save(req.user.id, req.body),
    }),
  );

  api.delete(
    '/waterSetting/:id/delete',
    { schema: { tags, params: IdParams, response: { 200: Settings } } },
    async (req) => ({
      message: req.t('server.deleted'),
      data: await waterSettings.reset(req.user.id, req.params.id),
    }),
  );
}
