import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';
import type { FarmAccess } from '../kernel/farm-access.ts';
import type { ForecastService } from '../modules/forecast/forecast.service.ts';
import { ReportJobs } from '../modules/reports/report-jobs.ts';
import { ReportSources } from '../modules/reports/report-sources.ts';
import { ReportsRepository } from '../modules/reports/reports.repository.ts';
import { ReportsService } from '../modules/reports/reports.service.ts';

/** The reports module's object graph (context.ts spreads it in). */
export function createReportsModules(deps: {
  db: Db;
  farmAccess: FarmAccess;
  log: (line: string) => void;
  /** The growth forecast a report's forecast section shows (issue 26); absent, none. */
  forecast?: ForecastService;
}) {
  const repo = new ReportsRepository(deps.db);
  const sources = new ReportSources(deps.db);
  const forecast = deps.forecast;
  const reportJobs = new ReportJobs({
    db: deps.db,
    repo,
    sources,
    log: deps.log,
    // As the asker sees it (their ponds, finance only if allowed); an asker who may not read it gets none.
    ...(forecast
      ? {
          forecasts: async (userId: string, farmId: string) => {
            try {
              return (await forecast.farm(userId, { farm_id: farmId }, 'en')).data;
            } catch (error) {
              if (error instanceof AppError) return null;
              throw error;
            }
          },
        }
      : {}),
  });
  return {
    reportJobs,
    reports: new ReportsService({ repo, sources, access: deps.farmAccess, jobs: reportJobs }),
  };
}
