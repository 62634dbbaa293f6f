import type { Db } from '../db/database.ts';
import type { FarmAccess } from '../kernel/farm-access.ts';
import { ForecastRepository } from '../modules/forecast/forecast.repository.ts';
import { ForecastService } from '../modules/forecast/forecast.service.ts';
import { HarvestRepository } from '../modules/production/harvest.repository.ts';
import { StockRepository } from '../modules/production/stock.repository.ts';

/** The forecast service, spread into AppContext. */
export function createForecastModules({ db, farmAccess }: { db: Db; farmAccess: FarmAccess }) {
  return {
    forecast: new ForecastService({
      repo: new ForecastRepository(db),
      stocks: new StockRepository(db),
      harvests: new HarvestRepository(db),
      access: farmAccess,
    }),
  };
}
