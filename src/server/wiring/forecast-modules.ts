import type { Db } from '../db/database.ts';
import type { FarmAccess } from '../kernel/farm-access.ts';
import { CycleRepository } from '../modules/cycle/cycle.repository.ts';
import { FarmPriceRepository } from '../modules/farm-price/farm-price.repository.ts';
import { FarmPriceService } from '../modules/farm-price/farm-price.service.ts';
import { ForecastRepository } from '../modules/forecast/forecast.repository.ts';
import { ForecastService } from '../modules/forecast/forecast.service.ts';
import { HarvestRepository } from '../modules/production/harvest.repository.ts';
import { StockRepository } from '../modules/production/stock.repository.ts';

/** The forecast and the farm's price list and target sizes, spread into AppContext. */
export function createForecastModules({ db, farmAccess }: { db: Db; farmAccess: FarmAccess }) {
  const prices = new FarmPriceRepository(db);
  return {
    farmPrices: new FarmPriceService({ repo: prices, access: farmAccess }),
    forecast: new ForecastService({
      prices,
      repo: new ForecastRepository(db),
      stocks: new StockRepository(db),
      harvests: new HarvestRepository(db),
      cycles: new CycleRepository(db),
      access: farmAccess,
    }),
  };
}
