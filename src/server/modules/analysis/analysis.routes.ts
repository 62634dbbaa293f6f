import {
  AnalysisQuery,
  AncoAnalysisRow,
  CumulativeAnalysisRow,
  CumulativeQuery,
  ProductAnalysisRow,
  ShrimpAnalysisRow,
  StandardAnalysisRow,
  StatusAnalysisRow,
  StatusQuery,
  WaterAnalysisQuery,
  WaterAnalysisRow,
  WeeklyAnalysisRow,
} from '#shared/contracts/analysis';
import { ListEnvelope } from '#shared/contracts/envelope';
import type { Api, AppContext } from '../../types.ts';

/**
 * HTTP only: the farm analysis calls of seed 000 §7 "Analysis" (farm_id, start_date,
 * optional ponds as a comma list), read-only, with the database clock as `server_time`.
 */
export function analysisRoutes(api: Api, ctx: AppContext): void {
  const { analysis } = ctx;
  const tags = ['analysis'];

  api.get(
    '/farm/water',
    { schema: { tags, querystring: WaterAnalysisQuery, response: { 200: ListEnvelope(WaterAnalysisRow) } } },
    async (req) => {
      const { items, server_time } = await analysis.water(req.user.id, req.query);
      return { message: req.t('server.ok'), data: items, server_time };
    },
  );

  api.get(
    '/farm/water/standar',
    { schema: { tags, querystring: AnalysisQuery, response: { 200: ListEnvelope(StandardAnalysisRow) } } },
    async (req) => {
      const { items, server_time } = await analysis.standards(req.user.id, req.query);
      return { message: req.t('server.ok'), data: items, server_time };
    },
  );

  api.get(
    '/farm/product',
    { schema: { tags, querystring: AnalysisQuery, response: { 200: ListEnvelope(ProductAnalysisRow) } } },
    async (req) => {
      const { items, server_time } = await analysis.products(req.user.id, req.query);
      return { message: req.t('server.ok'), data: items, server_time };
    },
  );

  api.get(
    '/farm/product/cumulative',
    {
      schema: { tags, querystring: CumulativeQuery, response: { 200: ListEnvelope(CumulativeAnalysisRow) } },
    },
    async (req) => {
      const { items, server_time } = await analysis.cumulative(req.user.id, req.query);
      return { message: req.t('server.ok'), data: items, server_time };
    },
  );

  api.get(
    '/farm/product/weekly',
    { schema: { tags, querystring: AnalysisQuery, response: { 200: ListEnvelope(WeeklyAnalysisRow) } } },
    async (req) => {
      const { items, server_time } = await analysis.weekly(req.user.id, req.query);
      return { message: req.t('server.ok'), data: items, server_time };
    },
  );

  api.get(
    '/farm/anco',
    { schema: { tags, querystring: AnalysisQuery, response: { 200: ListEnvelope(AncoAnalysisRow) } } },
    async (req) => {
      const { items, server_time } = await analysis.anco(req.user.id, req.query);
      return { message: req.t('server.ok'), data: items, server_time };
    },
  );

  api.get(
    '/shrimData',
    { schema: { tags, querystring: AnalysisQuery, response: { 200: ListEnvelope(ShrimpAnalysisRow) } } },
    async (req) => {
      const { items, server_time } = await analysis.shrimp(req.user.id, req.query);
      return { message: req.t('server.ok'), data: items, server_time };
    },
  );

  api.get(
    '/farm/status',
    { schema: { tags, querystring: StatusQuery, response: { 200: ListEnvelope(StatusAnalysisRow) } } },
    async (req) => {
      const { items, server_time } = await analysis.status(req.user.id, req.query);
      const data = items.map((row) => ({ ...row, status_label: req.t(`analysis.status-${row.status}`) }));
      return { message: req.t('server.ok'), data, server_time };
    },
  );
}
