import type { Db } from '../db/database.ts';
import type { AlertPort } from '../kernel/alert-port.ts';
import type { FarmAccess } from '../kernel/farm-access.ts';
import { ServerClock } from '../kernel/pull-window.ts';
import { CycleRepository } from '../modules/cycle/cycle.repository.ts';
import { DeathRepository } from '../modules/production/death.repository.ts';
import { DeathService } from '../modules/production/death.service.ts';
import { HarvestRepository } from '../modules/production/harvest.repository.ts';
import { HarvestService } from '../modules/production/harvest.service.ts';
import {
  type CycleFeedSource,
  NO_FEED_DATA,
  OverviewService,
} from '../modules/production/overview.service.ts';
import { StockRepository } from '../modules/production/stock.repository.ts';
import { StockService } from '../modules/production/stock.service.ts';
import { RecordMerge } from '../sync/record-merge.ts';

/**
 * Stocking, harvest, deaths and the cycle overview, spread into AppContext. `feed` is the
 * FCR seam (overview.service.ts): the warehouse domain passes its cumulative feed source.
 */
export function createProductionModules({
  db,
  farmAccess,
  alerts,
  feed = NO_FEED_DATA,
}: {
  db: Db;
  farmAccess: FarmAccess;
  alerts: AlertPort;
  feed?: CycleFeedSource;
}) {
  const deps = {
    stocks: new StockRepository(db),
    harvests: new HarvestRepository(db),
    deaths: new DeathRepository(db),
    cycles: new CycleRepository(db),
    access: farmAccess,
    merge: new RecordMerge(db),
    clock: new ServerClock(db),
    alerts,
  };
  return {
    stocks: new StockService(deps),
    harvests: new HarvestService(deps),
    deaths: new DeathService(deps),
    overview: new OverviewService({
      stocks: deps.stocks,
      harvests: deps.harvests,
      deaths: deps.deaths,
      access: farmAccess,
      feed,
    }),
  };
}
