import type { Db } from '../../db/database.ts';
import type { FarmAccess } from '../farm/farm-access.ts';
import { ChartsRepository } from './charts.repository.ts';
import { ChartsService } from './charts.service.ts';

/** The chart service, spread into AppContext. */
export function createChartsModules({ db, farmAccess }: { db: Db; farmAccess: FarmAccess }) {
  return { charts: new ChartsService({ charts: new ChartsRepository(db), access: farmAccess }) };
}
