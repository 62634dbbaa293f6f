import { Envelope, ListEnvelope } from '#shared/contracts/envelope';
import {
  FarmQuery,
  FeedSetting,
  FrTable,
  PondRation,
  RationQuery,
  SaveFeedSettingBody,
  SaveFrBody,
} from '#shared/contracts/warehouse';
import type { Api, AppContext } from '../../types.ts';

const tags = ['feeding'];

/** The feeding programme (`/feedIdxSetting`, `/fr`) and the recommended rations. */
export function feedingRoutes(api: Api, ctx: AppContext): void {
  const { feeding } = ctx;
  api.get(
    '/feedIdxSetting',
    { schema: { tags, querystring: FarmQuery, response: { 200: Envelope(FeedSetting) } } },
    async (req) => ({
      message: req.t('server.ok'),
      data: await feeding.programme(req.user.id, req.query.farm_id),
    }),
  );
  api.post(
    '/feedIdxSetting',
    { schema: { tags, body: SaveFeedSettingBody, response: { 200: Envelope(FeedSetting) } } },
    async (req) => ({
      message: req.t('server.updated'),
      data: await feeding.saveProgramme(req.user.id, req.body),
    }),
  );
  api.get(
    '/fr',
    { schema: { tags, querystring: FarmQuery, response: { 200: Envelope(FrTable) } } },
    async (req) => ({
      message: req.t('server.ok'),
      data: await feeding.frTable(req.user.id, req.query.farm_id),
    }),
  );
  api.post(
    '/fr',
    { schema: { tags, body: SaveFrBody, response: { 200: Envelope(FrTable) } } },
    async (req) => ({
      message: req.t('server.updated'),
      data: await feeding.saveFrTable(req.user.id, req.body),
    }),
  );
  api.get(
    '/feed/ration',
    {
      schema: {
        tags,
        description:
          'Recommended ration per pond with an active cycle on a farm day (default today); a snapshot, `since` is ignored.',
        querystring: RationQuery,
        response: { 200: ListEnvelope(PondRation) },
      },
    },
    async (req) => {
      const { items, server_time } = await feeding.rations(req.user.id, req.query.farm_id, req.query.on);
      return { message: req.t('server.ok'), data: items, server_time };
    },
  );
}
