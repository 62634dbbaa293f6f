import type { Db } from '../../db/database.ts';
import type { FarmAccess } from '../farm/farm-access.ts';
import { ReportJobs } from './report-jobs.ts';
import { ReportSources } from './report-sources.ts';
import { ReportsRepository } from './reports.repository.ts';
import { ReportsService } from './reports.service.ts';

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
