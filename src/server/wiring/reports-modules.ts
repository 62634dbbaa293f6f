import type { Db } from '../db/database.ts';
import type { FarmAccess } from '../kernel/farm-access.ts';
import { ReportJobs } from '../modules/reports/report-jobs.ts';
import { ReportSources } from '../modules/reports/report-sources.ts';
import { ReportsRepository } from '../modules/reports/reports.repository.ts';
import { ReportsService } from '../modules/reports/reports.service.ts';

/** The reports module's object graph (context.ts spreads it in). */
export function createReportsModules(deps: { db: Db; farmAccess: FarmAccess; log: (line: string) => void }) {
  const repo = new ReportsRepository(deps.db);
  const sources = new ReportSources(deps.db);
  const reportJobs = new ReportJobs({ db: deps.db, repo, sources, log: deps.log });
  return {
    reportJobs,
    reports: new ReportsService({ repo, sources, access: deps.farmAccess, jobs: reportJobs }),
  };
}
