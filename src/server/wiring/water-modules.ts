import { Idempotency } from '../idempotency.ts';
import type { PondPlacements } from '../kernel/pond-placements.ts';
import { ServerClock } from '../kernel/pull-window.ts';
import { CycleRepository } from '../modules/cycle/cycle.repository.ts';
import { CycleService } from '../modules/cycle/cycle.service.ts';
import { WaterRepository } from '../modules/water/water.repository.ts';
import { WaterService } from '../modules/water/water.service.ts';
import { WaterSettingRepository } from '../modules/water-setting/water-setting.repository.ts';
import { WaterSettingService } from '../modules/water-setting/water-setting.service.ts';
import { RecordMerge } from '../sync/record-merge.ts';
import type { WiringDeps } from './wiring-deps.ts';

/** The services of the cycle, water and water-setting modules, spread into AppContext. */
export function createWaterModules({ db, farmAccess, alerts }: WiringDeps, placements: PondPlacements) {
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
      placements,
      merge,
      alerts,
    }),
    waterSettings: new WaterSettingService({ settings: new WaterSettingRepository(db), access: farmAccess }),
  };
}
