import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Envelope } from '#shared/contracts/envelope';
import { chatRoutes } from './chat/chat.routes.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { alertsRoutes } from './modules/alerts/alerts.routes.ts';
import { analysisRoutes } from './modules/analysis/analysis.routes.ts';
import { comparisonRoutes } from './modules/analysis/comparison.routes.ts';
import { attentionRoutes } from './modules/attention/attention.routes.ts';
import { blockRoutes } from './modules/block/block.routes.ts';
import { chartsRoutes } from './modules/charts/charts.routes.ts';
import { cycleRoutes } from './modules/cycle/cycle.routes.ts';
import { demoRoutes } from './modules/demo/demo.routes.ts';
import { embedRoutes } from './modules/embed/embed.routes.ts';
import { errorsRoutes } from './modules/errors/errors.routes.ts';
import { farmRoutes } from './modules/farm/farm.routes.ts';
import { farmPriceRoutes } from './modules/farm-price/farm-price.routes.ts';
import { feedingRoutes } from './modules/feeding/feeding.routes.ts';
import { financeRoutes } from './modules/finance/finance.routes.ts';
import { financeStatsRoutes } from './modules/finance/finance-stats.routes.ts';
import { forecastRoutes } from './modules/forecast/forecast.routes.ts';
import { larvaeRoutes } from './modules/larvae/larvae.routes.ts';
import { photosRoutes } from './modules/photos/photos.routes.ts';
import { pondRoutes } from './modules/pond/pond.routes.ts';
import { probesRoutes } from './modules/probes/probes.routes.ts';
import { productionRoutes } from './modules/production/production.routes.ts';
import { purchaseOrderRoutes } from './modules/purchase-order/purchase-order.routes.ts';
import { pushRoutes } from './modules/push/push.routes.ts';
import { recordsRoutes } from './modules/records/records.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { samplingRoutes } from './modules/sampling/sampling.routes.ts';
import { syncPullRoutes } from './modules/sync/sync-pull.routes.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { userFarmRoutes } from './modules/user-farm/user-farm.routes.ts';
import { warehouseRoutes } from './modules/warehouse/warehouse.routes.ts';
import { waterRoutes } from './modules/water/water.routes.ts';
import { waterSettingRoutes } from './modules/water-setting/water-setting.routes.ts';
import type { Api, AppContext } from './types.ts';

/** Every module's routes, under /api. */
export function registerRoutes(api: FastifyInstance, ctx: AppContext): void {
  const typed = api.withTypeProvider<TypeBoxTypeProvider>() as unknown as Api;
  typed.get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        response: { 200: Envelope(Type.Object({ status: Type.String(), time: Type.String() })) },
      },
    },
    async () => {
      await ctx.db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
      return { message: 'ok', data: { status: 'ok', time: new Date().toISOString() } };
    },
  );
  typed.get(
    '/config',
    {
      config: { public: true },
      schema: { tags: ['system'], response: { 200: Envelope(Type.Object({ support_url: Type.String() })) } },
    },
    async () => ({ message: 'ok', data: { support_url: ctx.config.supportUrl } }),
  );
  accountRoutes(typed, ctx);
  farmRoutes(typed, ctx);
  blockRoutes(typed, ctx);
  pondRoutes(typed, ctx);
  userFarmRoutes(typed, ctx);
  cycleRoutes(typed, ctx);
  waterRoutes(typed, ctx);
  waterSettingRoutes(typed, ctx);
  chatRoutes(typed, ctx);
  uploadsRoutes(typed, ctx);
  pushRoutes(typed, ctx);
  demoRoutes(typed, ctx);
  photosRoutes(typed, ctx);
  samplingRoutes(typed, ctx);
  productionRoutes(typed, ctx);
  warehouseRoutes(typed, ctx);
  feedingRoutes(typed, ctx);
  purchaseOrderRoutes(typed, ctx);
  recordsRoutes(typed, ctx);
  syncPullRoutes(typed, ctx);
  alertsRoutes(typed, ctx);
  financeRoutes(typed, ctx);
  financeStatsRoutes(typed, ctx);
  larvaeRoutes(typed, ctx);
  chartsRoutes(typed, ctx);
  forecastRoutes(typed, ctx);
  farmPriceRoutes(typed, ctx);
  analysisRoutes(typed, ctx);
  comparisonRoutes(typed, ctx);
  reportsRoutes(typed, ctx);
  attentionRoutes(typed, ctx);
  embedRoutes(typed, ctx);
  probesRoutes(typed, ctx);
  errorsRoutes(typed, ctx);
}
