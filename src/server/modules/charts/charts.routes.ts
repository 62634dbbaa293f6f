import {
  ChartQuery,
  FeedChartSeries,
  SamplingChartSeries,
  UsagePriceChartSeries,
  WaterChartQuery,
  WaterChartSeries,
} from '#shared/contracts/charts';
import { ListEnvelope } from '#shared/contracts/envelope';
import type { Api, AppContext } from '../../types.ts';

/**
 * HTTP only: the chart calls of seed 000 §7 (read-only, answered with the database clock
 * as `server_time` like the other lists). Feed has per-feeding-time and per-day variants;
 * the accumulative ones are the same series, read for their `cumulative_kg`.
 */
export function chartsRoutes(api: Api, ctx: AppContext): void {
  const { charts } = ctx;
  const tags = ['charts'];

  api.get(
    '/chart/water',
    { schema: { tags, querystring: WaterChartQuery, response: { 200: ListEnvelope(WaterChartSeries) } } },
    async (req) => {
      const { items, server_time } = await charts.water(req.user.id, req.query);
      return { message: req.t('server.ok'), data: items, server_time };
    },
  );

  api.get(
    '/chart/sampling',
    { schema: { tags, querystring: ChartQuery, response: { 200: ListEnvelope(SamplingChartSeries) } } },
    async (req) => {
      const { items, server_time } = await charts.sampling(req.user.id, req.query);
      return { message: req.t('server.ok'), data: items, server_time };
    },
  );

  const feedRoutes: [string, boolean][] = [
    ['/chart/feed', false],
    ['/chart/feed/daily', true],
    ['/chart/feedAccumulative', false],
    ['/chart/feed/accumulative/daily', true],
  ];
  for (const [url, daily] of feedRoutes) {
    api.get(
      url,
      { schema: { tags, querystring: ChartQuery, response: { 200: ListEnvelope(FeedChartSeries) } } },
      async (req) => {
        const { items, server_time } = await charts.feed(req.user.id, req.query, daily);
        return { message: req.t('server.ok'), data: items, server_time };
      },
    );
  }

  api.get(
    '/chart/usagePrice',
    { schema: { tags, querystring: ChartQuery, response: { 200: ListEnvelope(UsagePriceChartSeries) } } },
    async (req) => {
      const { items, server_time } = await charts.usagePrice(req.user.id, req.query);
      return { message: req.t('server.ok'), data: items, server_time };
    },
  );
}
