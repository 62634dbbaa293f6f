import type { Db } from '../../db/database.ts';
import type { FarmAccess } from '../farm/farm-access.ts';
import { ProductionRepository } from '../production/production.repository.ts';
import { ForecastRepository } from './forecast.repository.ts';
import { ForecastService } from './forecast.service.ts';

/** The forecast service, spread into AppContext. */
export function createForecastModules({ db, farmAccess }: { db: Db; farmAccess: FarmAccess }) {
  return {
    forecast: new ForecastService({
      repo: new ForecastRepository(db),
      production: new ProductionRepository(db),
      access: farmAccess,
    }),
  };
}
