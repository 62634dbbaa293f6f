import {
  CycleForecastParams,
  CycleForecastQuery,
  ForecastAnswer,
  ForecastQuery,
} from '#shared/contracts/forecast';
import type { Api, AppContext } from '../../types.ts';

/** HTTP only: the growth forecast of a farm's running cycles and of one cycle (issue 26). */
export function forecastRoutes(api: Api, ctx: AppContext): void {
  const tags = ['forecast'];
  api.get(
    '/forecast',
    { schema: { tags, querystring: ForecastQuery, response: { 200: ForecastAnswer } } },
    async (req) => {
      const r = await ctx.forecast.farm(req.user.id, req.query, req.lang);
      return { message: req.t('server.ok'), ...r };
    },
  );
  api.get(
    '/forecast/cycle/:cycle_id',
    {
      schema: {
        tags,
        params: CycleForecastParams,
        querystring: CycleForecastQuery,
        response: { 200: ForecastAnswer },
      },
    },
    async (req) => {
      const r = await ctx.forecast.cycle(req.user.id, req.params.cycle_id, req.query, req.lang);
      return { message: req.t('server.ok'), ...r };
    },
  );
}
