import type { Db } from '../db/database.ts';
import type { FarmAccess } from '../kernel/farm-access.ts';
import { ChartsRepository } from '../modules/charts/charts.repository.ts';
import { ChartsService } from '../modules/charts/charts.service.ts';

/** The chart service, spread into AppContext. */
export function createChartsModules({ db, farmAccess }: { db: Db; farmAccess: FarmAccess }) {
  return { charts: new ChartsService({ charts: new ChartsRepository(db), access: farmAccess }) };
}
