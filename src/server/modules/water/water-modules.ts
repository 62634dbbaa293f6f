import type { Db } from '../../db/database.ts';
import { Idempotency } from '../../idempotency.ts';
import { RecordMerge } from '../../sync/record-merge.ts';
import { CycleRepository } from '../cycle/cycle.repository.ts';
import { CycleService } from '../cycle/cycle.service.ts';
import type { FarmAccess } from '../farm/farm-access.ts';
import { ServerClock } from '../farm/pull-window.ts';
import { WaterSettingRepository } from '../water-setting/water-setting.repository.ts';
import { WaterSettingService } from '../water-setting/water-setting.service.ts';
import { WaterRepository } from './water.repository.ts';
import { WaterService } from './water.service.ts';
import type { WaterAlerts } from './water-bulk.ts';

/** The services of the cycle, water and water-setting modules, spread into AppContext. */
export function createWaterModules({
  db,
  farmAccess,
  alerts,
}: {
  db: Db;
  farmAccess: FarmAccess;
  alerts?: WaterAlerts;
}) {
  const cycleRepo = new CycleRepository(db);
  const clock = new ServerClock(db);
  const idempotency = new Idempotency(db);
  const merge = new RecordMerge(db);
  return {
    idempotency,
    cycles: new CycleService({ cycles: cycleRepo, access: farmAccess, idempotency, clock, merge }),
    water: new WaterService({
      readings: new WaterRepository(db),
      cycles: cycleRepo,
      access: farmAccess,
      merge,
      alerts,
    }),
    waterSettings: new WaterSettingService({ settings: new WaterSettingRepository(db), access: farmAccess }),
  };
}
