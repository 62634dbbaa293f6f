import type { Db } from '../db/database.ts';
import type { AlertPort } from '../kernel/alert-port.ts';
import type { FarmAccess } from '../kernel/farm-access.ts';

/** What most wiring factories build their modules over: the pool, farm access and the alert port. */
export interface WiringDeps {
  db: Db;
  farmAccess: FarmAccess;
  alerts: AlertPort;
}
