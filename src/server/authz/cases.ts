import { chatAuthz } from '../chat/chat.authz.ts';
import { chatGroupAuthz } from '../chat/group.authz.ts';
import { alertsAuthz } from '../modules/alerts/alerts.authz.ts';
import { analysisAuthz } from '../modules/analysis/analysis.authz.ts';
import { attentionAuthz } from '../modules/attention/attention.authz.ts';
import { blockAuthz } from '../modules/block/block.authz.ts';
import { chartsAuthz } from '../modules/charts/charts.authz.ts';
import { cycleAuthz } from '../modules/cycle/cycle.authz.ts';
import { demoAuthz } from '../modules/demo/demo.authz.ts';
import { embedAuthz } from '../modules/embed/embed.authz.ts';
import { errorsAuthz } from '../modules/errors/errors.authz.ts';
import { farmAuthz } from '../modules/farm/farm.authz.ts';
import { farmPriceAuthz } from '../modules/farm-price/farm-price.authz.ts';
import { feedingAuthz } from '../modules/feeding/feeding.authz.ts';
import { financeAuthz } from '../modules/finance/finance.authz.ts';
import { forecastAuthz } from '../modules/forecast/forecast.authz.ts';
import { larvaeAuthz } from '../modules/larvae/larvae.authz.ts';
import { photosAuthz } from '../modules/photos/photos.authz.ts';
import { pondAuthz } from '../modules/pond/pond.authz.ts';
import { probesAuthz } from '../modules/probes/probes.authz.ts';
import { productionAuthz } from '../modules/production/production.authz.ts';
import { purchaseOrderAuthz } from '../modules/purchase-order/purchase-order.authz.ts';
import { pushAuthz } from '../modules/push/push.authz.ts';
import { recordsAuthz } from '../modules/records/records.authz.ts';
import { reportsAuthz } from '../modules/reports/reports.authz.ts';
import { samplingAuthz } from '../modules/sampling/sampling.authz.ts';
import { syncAuthz } from '../modules/sync/sync.authz.ts';
import { uploadsAuthz } from '../modules/uploads/uploads.authz.ts';
import { userFarmAuthz } from '../modules/user-farm/user-farm.authz.ts';
import { warehouseAuthz } from '../modules/warehouse/warehouse.authz.ts';
import { waterAuthz } from '../modules/water/water.authz.ts';
import { waterSettingAuthz } from '../modules/water-setting/water-setting.authz.ts';
import { accountAuthz } from './account.authz.ts';
import type { AuthzModule } from './types.ts';

/** Every module's authorization cases; a new module adds one import and one entry. */
export const AUTHZ_MODULES: AuthzModule[] = [
  accountAuthz,
  farmAuthz,
  blockAuthz,
  pondAuthz,
  userFarmAuthz,
  cycleAuthz,
  waterAuthz,
  syncAuthz,
  waterSettingAuthz,
  chatAuthz,
  chatGroupAuthz,
  pushAuthz,
  uploadsAuthz,
  demoAuthz,
  photosAuthz,
  samplingAuthz,
  productionAuthz,
  warehouseAuthz,
  feedingAuthz,
  purchaseOrderAuthz,
  recordsAuthz,
  alertsAuthz,
  financeAuthz,
  larvaeAuthz,
  chartsAuthz,
  forecastAuthz,
  farmPriceAuthz,
  analysisAuthz,
  reportsAuthz,
  attentionAuthz,
  embedAuthz,
  probesAuthz,
  errorsAuthz,
];
