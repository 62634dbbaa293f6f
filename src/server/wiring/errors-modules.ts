import type { Db } from '../db/database.ts';
import { DeviceRateLimit } from '../kernel/device-rate-limit.ts';
import { ErrorsRepository } from '../modules/errors/errors.repository.ts';
import { type ErrorReaders, ErrorsService } from '../modules/errors/errors.service.ts';
import { SourceMaps } from '../modules/errors/source-maps.ts';

/** Error tracing (ADR 0067), spread into AppContext. */
export function createErrorsModules(d: {
  db: Db;
  readers: ErrorReaders;
  /** The built app whose hidden source maps map the frames (null: frames stay as sent). */
  distDir: string | null;
  reportsPerMinute: number;
  eventsPerMinute: number;
}) {
  return {
    errorReports: new ErrorsService({
      repo: new ErrorsRepository(d.db),
      maps: new SourceMaps(d.distDir),
      readers: d.readers,
      reports: new DeviceRateLimit(d.reportsPerMinute, d.reportsPerMinute),
      events: new DeviceRateLimit(d.eventsPerMinute, d.eventsPerMinute),
    }),
  };
}
