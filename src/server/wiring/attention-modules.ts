import type { Db } from '../db/database.ts';
import type { FarmAccess } from '../kernel/farm-access.ts';
import { AttentionRepository } from '../modules/attention/attention.repository.ts';
import { AttentionService } from '../modules/attention/attention.service.ts';
import type { ForecastService } from '../modules/forecast/forecast.service.ts';
import type { OverviewService } from '../modules/production/overview.service.ts';
import { WaterSettingRepository } from '../modules/water-setting/water-setting.repository.ts';

/**
 * The attention board, spread into AppContext. It reads the farm's water standards
 * (water-setting) and the cycle overview (FCR, last sampling, population: production's
 * `OverviewService`, the same figures the overview screen shows).
 */
export function createAttentionModules({
  db,
  farmAccess,
  overview,
  forecast,
}: {
  db: Db;
  farmAccess: FarmAccess;
  overview: OverviewService;
  /** The growth forecast ("A6 reaches size 50 in 6–9 days"); absent, the board does not check it. */
  forecast?: ForecastService;
}) {
  const settings = new WaterSettingRepository(db);
  return {
    attention: new AttentionService({
      repo: new AttentionRepository(db),
      access: farmAccess,
      standards: (farmId) => settings.list(farmId),
      cycles: async (userId, farmId) =>
        (await overview.overview(userId, { farm_id: farmId })).ponds.map((p) => ({
          pond_id: p.pond_id,
          fcr: p.fcr,
          stock_date: p.stock_date,
          sampled_on: p.sampled_on,
          last_samplings: p.last_samplings,
          population: p.population,
        })),
      ...(forecast
        ? {
            forecasts: (userId: string, farmId: string) => forecast.fittedTargets(userId, farmId),
          }
        : {}),
    }),
  };
}
