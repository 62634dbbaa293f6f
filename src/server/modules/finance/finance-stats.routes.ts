import { Type } from 'typebox';
import { Envelope } from '#shared/contracts/envelope';
import {
  CategoryFlow,
  CategoryFlowQuery,
  DayGroup,
  GroupQuery,
  HppAnalysis,
  HppQuery,
  MonthCashFlow,
  Productivity,
  ProductivityQuery,
  StatsQuery,
  TotalTransaction,
} from '#shared/contracts/finance';
import type { Api, AppContext } from '../../types.ts';

const tags = ['finance'];

/** The statistics calls of seed 000 §7, their names as the spec spells them. */
export function financeStatsRoutes(api: Api, ctx: AppContext): void {
  const { financeStats: stats } = ctx;
  api.get(
    '/totalTransaction',
    { schema: { tags, querystring: StatsQuery, response: { 200: Envelope(TotalTransaction) } } },
    async (req) => ({ message: req.t('server.ok'), data: await stats.total(req.user.id, req.query) }),
  );
  api.get(
    '/chartCashFlowPerMonth',
    { schema: { tags, querystring: StatsQuery, response: { 200: Envelope(Type.Array(MonthCashFlow)) } } },
    async (req) => ({
      message: req.t('server.ok'),
      data: await stats.cashFlowPerMonth(req.user.id, req.query),
    }),
  );
  api.get(
    '/arusKasPercategoryFilterByMonth',
    {
      schema: { tags, querystring: CategoryFlowQuery, response: { 200: Envelope(Type.Array(CategoryFlow)) } },
    },
    async (req) => ({ message: req.t('server.ok'), data: await stats.perCategory(req.user.id, req.query) }),
  );
  api.get(
    '/groupTransaction',
    { schema: { tags, querystring: GroupQuery, response: { 200: Envelope(Type.Array(DayGroup)) } } },
    async (req) => ({ message: req.t('server.ok'), data: await stats.perDay(req.user.id, req.query) }),
  );
  api.get(
    '/analysHpp',
    { schema: { tags, querystring: HppQuery, response: { 200: Envelope(HppAnalysis) } } },
    async (req) => ({ message: req.t('server.ok'), data: await stats.hpp(req.user.id, req.query) }),
  );
  api.get(
    '/getProductivitas',
    { schema: { tags, querystring: ProductivityQuery, response: { 200: Envelope(Productivity) } } },
    async (req) => ({ message: req.t('server.ok'), data: await stats.productivity(req.user.id, req.query) }),
  );
}
