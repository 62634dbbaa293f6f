import type PgBoss from 'pg-boss';
import type { Db } from '../../db/database.ts';
import { startJobBoss } from '../../db/job-boss.ts';
import { buildReportFiles } from './report-build.ts';
import type { ReportSources } from './report-sources.ts';
import type { ReportsRepository } from './reports.repository.ts';

const QUEUE = 'report-build';
const RETRIES = 1;

/**
 * Report builds in PostgreSQL (pg-boss over the app's own pool, as larvae-jobs.ts): a
 * request queues a row and a job; the worker reads the figures, writes the PDF and the
 * XLSX and stores both with the row. Started and stopped with the app (app.ts). A build
 * that throws is retried once; the last try leaves the row failed, never "running".
 */
export class ReportJobs {
  private boss: PgBoss | null = null;
  private starting: Promise<void> | null = null;

  constructor(
    private readonly deps: {
      db: Db;
      repo: ReportsRepository;
      sources: ReportSources;
      log: (line: string) => void;
    },
  ) {}

  start(): Promise<void> {
    this.starting ??= this.startBoss().catch((error) => {
      this.starting = null;
      throw error;
    });
    return this.starting;
  }

  private async startBoss(): Promise<void> {
    const { db } = this.deps;
    const boss = await startJobBoss(db, QUEUE, this.deps.log);
    await boss.work<{ id: string }>(
      QUEUE,
      { batchSize: 1, pollingIntervalSeconds: 0.5, includeMetadata: true },
      async ([job]) => {
        if (!job) return;
        try {
          await buildReportFiles(this.deps, job.data.id);
        } catch (error) {
          this.deps.log(`[report-jobs] ${job.data.id}: ${String(error)}`);
          if ((job as { retryCount?: number }).retryCount === RETRIES) {
            await this.deps.repo.finish(job.data.id, { error: 'build-failed' });
          }
          throw error;
        }
      },
    );
    this.boss = boss;
  }

  async enqueue(id: string): Promise<void> {
    if (!this.boss) await this.start();
    await this.boss?.send(QUEUE, { id }, { retryLimit: RETRIES, retryDelay: 1, expireInSeconds: 600 });
  }

  async stop(): Promise<void> {
    const boss = this.boss;
    this.boss = null;
    this.starting = null;
    if (boss) await boss.stop({ graceful: true, wait: true, timeout: 15_000 });
  }
}
