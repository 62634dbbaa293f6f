import './register-locales.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '#components/format';
import { useToast } from '#components/toast';
import type { ReportFormat, ReportJob } from '#shared/contracts/reports';
import { downloadReport, isNetworkError } from './reports-data.ts';

/** A report's state: progress while it builds, then its two downloads. */
export function ReportItem({ job }: { job: ReportJob }) {
  const { t } = useTranslation('reports');
  const format = useFormat();
  const toast = useToast();
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  const save = async (kind: ReportFormat) => {
    setBusy(kind);
    try {
      await downloadReport(job, kind);
    } catch (error) {
      toast.error(isNetworkError(error) ? t('offline') : (error as Error).message);
    } finally {
      setBusy(null);
    }
  };
  const names = job.pond_names.join(', ');
  return (
    <li className="report-item" data-status={job.status} data-report-id={job.id}>
      <div className="report-item__text">
        <p className="report-item__period">
          {t('period', { from: format.date(job.from), to: format.date(job.to) })}
        </p>
        <p className="report-item__meta" title={names}>
          {t('pondCount', { count: job.pond_ids.length })}: {names}
        </p>
        <p className="report-item__meta">{t('createdAt', { date: format.dateTime(job.created_at) })}</p>
      </div>
      {job.status === 'done' ? (
        <div className="report-item__actions">
          <button type="button" className="button" disabled={busy !== null} onClick={() => void save('pdf')}>
            {busy === 'pdf' ? t('downloading') : t('downloadPdf')}
          </button>
          <button type="button" className="button" disabled={busy !== null} onClick={() => void save('xlsx')}>
            {busy === 'xlsx' ? t('downloading') : t('downloadXlsx')}
          </button>
        </div>
      ) : job.status === 'failed' ? (
        <p className="report-item__failed" role="alert">
          {t('failed')}
        </p>
      ) : (
        <div className="report-item__progress" role="status">
          <progress max={100} value={job.progress} aria-label={t('building', { progress: job.progress })} />
          <span>{job.status === 'queued' ? t('queued') : t('building', { progress: job.progress })}</span>
        </div>
      )}
    </li>
  );
}

export function ReportList({ items }: { items: ReportJob[] }) {
  return (
    <ul className="report-list">
      {items.map((job) => (
        <ReportItem key={job.id} job={job} />
      ))}
    </ul>
  );
}
