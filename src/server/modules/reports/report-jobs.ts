import type { Db } from '../../db/database.ts';
import { IdJobQueue } from '../../db/job-boss.ts';
import { buildReportFiles } from './report-build.ts';
import type { ReportForecasts } from './report-data.ts';
import type { ReportSources } from './report-sources.ts';
import type { ReportsRepository } from './reports.repository.ts';

const QUEUE = 'report-build';
const RETRIES = 1;

/**
 * Report builds in PostgreSQL (pg-boss over the app's own pool, as larvae-jobs.ts): a
 * request queues a row and a job; the worker reads the figures, writes the PDF and the
 * XLSX and stores both with the row. Started by the first build (or at start when builds
 * wait), stopped with the app (app.ts). A build that throws is retried once; the last
 * try leaves the row failed, never "running".
 */
export class ReportJobs {
  private readonly queue: IdJobQueue;

  constructor(deps: {
    db: Db;
    repo: ReportsRepository;
    sources: ReportSources;
    log: (line: string) => void;
    /** The running cycles' forecasts (the forecast module); absent, reports show none. */
    forecasts?: ReportForecasts;
  }) {
    this.queue = new IdJobQueue({
      db: deps.db,
      queue: QUEUE,
      retries: RETRIES,
      expireInSeconds: 600,
      log: deps.log,
      run: (id) => buildReportFiles(deps, id),
      giveUp: (id) => deps.repo.finish(id, { error: 'build-failed' }),
    });
  }

  start(): Promise<void> {
    return this.queue.start();
  }

  /** Starts the queue only when jobs wait in it (IdJobQueue.startIfPending). */
  startIfPending(): Promise<boolean> {
    return this.queue.startIfPending();
  }

  /** Whether pg-boss runs for this queue. */
  get started(): boolean {
    return this.queue.started;
  }

  enqueue(id: string): Promise<void> {
    return this.queue.enqueue(id);
  }

  stop(): Promise<void> {
    return this.queue.stop();
  }
}
