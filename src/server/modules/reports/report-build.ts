import type { Db } from '../../db/database.ts';
import { type ReportForecasts, readReportData } from './report-data.ts';
import { reportPdf } from './report-pdf.ts';
import type { ReportSources } from './report-sources.ts';
import { reportXlsx } from './report-xlsx.ts';
import type { ReportParams, ReportsRepository } from './reports.repository.ts';

/** One build: read the figures, write both files, store them with the row (progress on the way). */
export async function buildReportFiles(
  deps: { db: Db; repo: ReportsRepository; sources: ReportSources; forecasts?: ReportForecasts },
  id: string,
): Promise<void> {
  const { repo, sources } = deps;
  const row = await repo.find(id);
  if (!row || row.status === 'done' || row.status === 'failed') return;
  await repo.progress(id, 10);
  const farm = await deps.db
    .selectFrom('farms')
    .select(['id', 'name'])
    .where('id', '=', row.farm_id)
    .executeTakeFirst();
  if (!farm) {
    await repo.finish(id, { error: 'farm-gone' });
    return;
  }
  const forecasts = deps.forecasts;
  const data = await readReportData(
    sources,
    farm,
    row.params as ReportParams,
    (n) => repo.progress(id, n),
    forecasts ? () => forecasts(row.user_id, farm.id) : undefined,
  );
  const pdf = await reportPdf(data, row.language, row.created_at);
  await repo.progress(id, 85);
  const xlsx = await reportXlsx(data, row.language, row.created_at);
  await repo.finish(id, { pdf, xlsx });
}
