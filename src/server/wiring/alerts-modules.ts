import type { Db } from '../db/database.ts';
import type { FarmAccess } from '../kernel/farm-access.ts';
import { AlertsRepository } from '../modules/alerts/alerts.repository.ts';
import { type AlertPush, AlertService } from '../modules/alerts/alerts.service.ts';

/** The alert machinery, spread into AppContext as `alerts`. */
export function createAlertModules(d: {
  db: Db;
  farmAccess: FarmAccess;
  push: AlertPush;
  log: (line: string) => void;
}) {
  return {
    alerts: new AlertService({
      repo: new AlertsRepository(d.db),
      access: d.farmAccess,
      push: d.push,
      log: d.log,
    }),
  };
}
