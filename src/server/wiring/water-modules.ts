import type { Db } from '../db/database.ts';
import { Idempotency } from '../idempotency.ts';
import type { AlertPort } from '../kernel/alert-port.ts';
import type { FarmAccess } from '../kernel/farm-access.ts';
import { ServerClock } from '../kernel/pull-window.ts';
import { CycleRepository } from '../modules/cycle/cycle.repository.ts';
import { CycleService } from '../modules/cycle/cycle.service.ts';
import { WaterRepository } from '../modules/water/water.repository.ts';
import { WaterService } from '../modules/water/water.service.ts';
import { WaterSettingRepository } from '../modules/water-setting/water-setting.repository.ts';
import { WaterSettingService } from '../modules/water-setting/water-setting.service.ts';
import { RecordMerge } from '../sync/record-merge.ts';

/** The services of the cycle, water and water-setting modules, spread into AppContext. */
export function createWaterModules({
  db,
  farmAccess,
  alerts,
}: {
  db: Db;
  farmAccess: FarmAccess;
  alerts: AlertPort;
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
