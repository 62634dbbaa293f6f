import { Type } from 'typebox';
import { Envelope, ListEnvelope } from '#shared/contracts/envelope';
import {
  FarmPrice,
  FarmPriceQuery,
  ForecastSetting,
  SaveFarmPricesBody,
  SaveForecastSettingBody,
} from '#shared/contracts/farm-price';
import type { Api, AppContext } from '../../types.ts';

const tags = ['forecast'];
const Prices = ListEnvelope(FarmPrice);
const Setting = Envelope(Type.Array(ForecastSetting));

/** HTTP only: a farm's price list and forecast target sizes (ADR 0072); every answer is the whole set. */
export function farmPriceRoutes(api: Api, ctx: AppContext): void {
  const { farmPrices } = ctx;

  api.get(
    '/farmPrice',
    { schema: { tags, querystring: FarmPriceQuery, response: { 200: Prices } } },
    async (req) => {
      const { items, server_time } = await farmPrices.list(req.user.id, req.query.farm_id);
      return { message: req.t('server.ok'), data: items, server_time };
    },
  );

  api.post(
    '/farmPrice',
    { schema: { tags, body: SaveFarmPricesBody, response: { 200: Prices } } },
    async (req) => {
      const { items, server_time } = await farmPrices.save(req.user.id, req.body);
      return { message: req.t('server.updated'), data: items, server_time };
    },
  );

  api.get(
    '/forecastSetting',
    { schema: { tags, querystring: FarmPriceQuery, response: { 200: Setting } } },
    async (req) => ({
      message: req.t('server.ok'),
      data: await farmPrices.setting(req.user.id, req.query.farm_id),
    }),
  );

  api.post(
    '/forecastSetting',
    { schema: { tags, body: SaveForecastSettingBody, response: { 200: Setting } } },
    async (req) => ({
      message: req.t('server.updated'),
      data: await farmPrices.saveSetting(req.user.id, req.body),
    }),
  );
}
