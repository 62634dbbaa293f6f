import type { Db } from '../../db/database.ts';
import { RecordMerge } from '../../sync/record-merge.ts';
import { CycleRepository } from '../cycle/cycle.repository.ts';
import type { FarmAccess } from '../farm/farm-access.ts';
import { ServerClock } from '../farm/pull-window.ts';
import { DeathService } from './death.service.ts';
import { HarvestService } from './harvest.service.ts';
import { type CycleFeedSource, NO_FEED_DATA, OverviewService } from './overview.service.ts';
import { ProductionRepository } from './production.repository.ts';
import { StockService } from './stock.service.ts';

/**
 * Stocking, harvest, deaths and the cycle overview, spread into AppContext. `feed` is the
 * FCR seam (overview.service.ts): the warehouse domain passes its cumulative feed source.
 */
export function createProductionModules({
  db,
  farmAccess,
  feed = NO_FEED_DATA,
}: {
  db: Db;
  farmAccess: FarmAccess;
  feed?: CycleFeedSource;
}) {
  const deps = {
    repo: new ProductionRepository(db),
    cycles: new CycleRepository(db),
    access: farmAccess,
    merge: new RecordMerge(db),
    clock: new ServerClock(db),
  };
  return {
    stocks: new StockService(deps),
    harvests: new HarvestService(deps),
    deaths: new DeathService(deps),
    overview: new OverviewService({ repo: deps.repo, access: farmAccess, feed }),
  };
}
