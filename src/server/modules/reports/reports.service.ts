import { v7 as uuidv7 } from 'uuid';
import {
  REPORT_MAX_DAYS,
  REPORT_MAX_PONDS,
  type ReportBody,
  type ReportJob,
} from '#shared/contracts/reports';
import { chartRangeDays, isChartDay } from '#shared/domain/chart-range';
import { ACTION, type Feature } from '#shared/domain/permissions';
import { AppError, fieldError, notFound } from '../../errors.ts';
import type { FarmAccess, Membership } from '../../kernel/farm-access.ts';
import type { ReportJobs } from './report-jobs.ts';
import type { ReportSources } from './report-sources.ts';
import type { ReportMeta, ReportParams, ReportsRepository } from './reports.repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ReportsDeps {
  repo: ReportsRepository;
  sources: ReportSources;
  access: FarmAccess;
  jobs: Pick<ReportJobs, 'enqueue'>;
}

/**
 * Farm reports (issue 17 point 6). Who may ask: a member who may view stockings (the
 * cycle summary is the report's core). Each pond must be of the farm and visible to the
 * caller; water, sampling, harvest and finance sections are in only when the caller may
 * view them, decided when asking (stored in `params`), so the file never shows more than
 * the asker could see. Limits: at most REPORT_MAX_DAYS days (one year, leap years too)
 * and REPORT_MAX_PONDS ponds. Reports are private to their asker.
 */
/** Reports one person may have queued or being built at once (ADR 0131). */
export const REPORT_MAX_PENDING = 3;

export class ReportsService {
  constructor(private readonly d: ReportsDeps) {}

  async request(userId: string, language: 'id' | 'en', body: ReportBody): Promise<ReportJob> {
    const m = await this.d.access.require(userId, body.farm_id, 'stock', ACTION.view);
    if (!isChartDay(body.from)) throw fieldError('from', 'validation.date');
    if (!isChartDay(body.to)) throw fieldError('to', 'validation.date');
    const days = chartRangeDays(body.from, body.to) ?? 0;
    if (days < 1) throw new AppError('validation-failed', { to: [{ key: 'report.from-after-to' }] });
    if (days > REPORT_MAX_DAYS)
      throw new AppError('validation-failed', {
        to: [{ key: 'report.range-too-long', params: { days, max: REPORT_MAX_DAYS } }],
      });
    const ids = [...new Set(body.pond_ids.map((s) => s.trim().toLowerCase()))];
    if (ids.length > REPORT_MAX_PONDS)
      throw new AppError('validation-failed', {
        pond_ids: [{ key: 'report.too-many-ponds', params: { count: ids.length, max: REPORT_MAX_PONDS } }],
      });
    const unknown = () => new AppError('not-found', { pond_ids: [{ key: 'report.pond-unknown' }] });
    if (ids.some((id) => !UUID.test(id))) throw unknown();
    const ponds = await this.d.sources.ponds(body.farm_id, ids);
    if (ponds.length !== ids.length) throw unknown();
    if (ids.some((id) => this.d.access.pondAction(m, 'stock', id) < ACTION.view)) throw unknown();
    const byId = new Map(ponds.map((p) => [p.id, p.name]));
    const params: ReportParams = {
      pond_ids: ids,
      pond_names: ids.map((id) => byId.get(id) ?? ''),
      from: body.from,
      to: body.to,
      sections: {
        water: this.mayView(m, 'water_quality', ids),
        sampling: this.mayView(m, 'sampling', ids),
        harvest: this.mayView(m, 'harverst', ids),
        finance: !m.isHideFinance && (m.permissions.finance ?? ACTION.none) >= ACTION.view,
      },
    };
    // A person's reports are built one after another: a few waiting is a queue, more is a
    // loop (the shared demo farm is open to every user), refused until they are done.
    const pending = await this.d.repo.pendingOf(userId);
    if (pending >= REPORT_MAX_PENDING)
      throw new AppError('rate-limited', { farm_id: [{ key: 'report.busy', params: { count: pending } }] });
    const id = uuidv7();
    await this.d.repo.insert({ id, farm_id: body.farm_id, user_id: userId, language, params });
    await this.d.jobs.enqueue(id);
    return this.get(userId, id);
  }

  private mayView(m: Membership, feature: Feature, pondIds: string[]): boolean {
    return pondIds.every((id) => this.d.access.pondAction(m, feature, id) >= ACTION.view);
  }

  /** One report of the caller: a report of someone else (or of a farm left since) is not found. */
  private async own(userId: string, id: string): Promise<ReportMeta> {
    const row = await this.d.repo.find(id);
    if (!row || row.user_id !== userId) throw notFound();
    await this.d.access.membership(userId, row.farm_id);
    return row;
  }

  async get(userId: string, id: string): Promise<ReportJob> {
    return toJob(await this.own(userId, id));
  }

  async history(userId: string, farmId: string): Promise<ReportJob[]> {
    await this.d.access.require(userId, farmId, 'stock', ACTION.view);
    return (await this.d.repo.history(farmId, userId)).map(toJob);
  }

  async file(
    userId: string,
    id: string,
    format: 'pdf' | 'xlsx',
  ): Promise<{ bytes: Buffer; filename: string; type: string }> {
    const row = await this.own(userId, id);
    if (row.status !== 'done') throw new AppError('report-not-ready');
    const bytes = await this.d.repo.file(id, format);
    if (!bytes) throw new AppError('report-not-ready');
    const p = row.params as ReportParams;
    return {
      bytes,
      filename: `tambak-report-${p.from}-${p.to}.${format}`,
      type:
        format === 'pdf'
          ? 'application/pdf'
          : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    };
  }
}

function toJob(row: ReportMeta): ReportJob {
  const p = row.params as ReportParams;
  return {
    id: row.id,
    farm_id: row.farm_id,
    pond_ids: p.pond_ids,
    pond_names: p.pond_names,
    from: p.from,
    to: p.to,
    language: row.language,
    status: row.status,
    progress: row.progress,
    error: row.error,
    pdf_size: row.pdf_size === null ? null : Number(row.pdf_size),
    xlsx_size: row.xlsx_size === null ? null : Number(row.xlsx_size),
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at ? row.finished_at.toISOString() : null,
  };
}
