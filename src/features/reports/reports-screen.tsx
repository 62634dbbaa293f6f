import './register-locales.ts';
import './reports.css';
import { Link, useParams, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, EmptyState, LoadError, Loading, PageHeader } from '#components/page';
import { ReportForm } from './report-form.tsx';
import { ReportList } from './report-history.tsx';
import { isOffline, useReportHistory, useReportPonds } from './reports-data.ts';
import { useReportProgress } from './use-report-progress.ts';

/** output=embed (seed 000 §2): no links out of the page, nothing kept on the device. */
function useEmbed(): { embed: boolean } {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  return { embed: search.output === 'embed' };
}

function OfflineNote({ text }: { text: string }) {
  return (
    <p className="report-offline" role="status">
      {text}
    </p>
  );
}

function HistorySection({ farmId, withForm }: { farmId: string; withForm: boolean }) {
  const { t } = useTranslation('reports');
  const { embed } = useEmbed();
  const history = useReportHistory(farmId);
  const ponds = useReportPonds(farmId);
  const progress = useReportProgress(history.items);
  const [offline, setOffline] = useState(isOffline);
  const base = `/farm/${encodeURIComponent(farmId)}`;

  if (history.error && !history.items) {
    if (!history.stale && (offline || isOffline())) return <OfflineNote text={t('offline')} />;
    return <LoadError error={history.error} onRetry={history.reload} />;
  }
  return (
    <>
      {withForm && (
        <Card>
          {offline || isOffline() ? (
            <OfflineNote text={t('offline')} />
          ) : ponds.error ? (
            <LoadError error={ponds.error} />
          ) : !ponds.ponds ? (
            <Loading />
          ) : ponds.ponds.length === 0 ? (
            <EmptyState title={t('noPonds')} />
          ) : (
            <ReportForm
              farmId={farmId}
              ponds={ponds.ponds}
              onStarted={(job) => {
                setOffline(false);
                progress.started(job);
              }}
              onOffline={() => setOffline(true)}
            />
          )}
        </Card>
      )}
      <section className="report-history" aria-label={t('historyTitle')}>
        <div className="report-history__head">
          <h2>{t('historyTitle')}</h2>
          {!embed &&
            (withForm ? (
              <Link to={`${base}/history`}>{t('openHistory')}</Link>
            ) : (
              <Link to={`${base}/report`}>{t('openReport')}</Link>
            ))}
        </div>
        {history.stale && <OfflineNote text={t('offlineHistory')} />}
        {!history.items ? (
          <Loading />
        ) : progress.items.length === 0 ? (
          <EmptyState title={withForm ? t('historyEmpty') : t('historyEmptyEmbed')} />
        ) : (
          <ReportList items={progress.items} />
        )}
      </section>
    </>
  );
}

/** /farm/{farm_id}/report: build a report and download it (embeddable, seed 000 §2). */
export function ReportScreen() {
  const { t } = useTranslation('reports');
  const { farm_id: farmId } = useParams({ strict: false }) as { farm_id: string };
  const { embed } = useEmbed();
  return (
    <div className="page report-page">
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        backTo={embed ? undefined : `/farm/${farmId}`}
      />
      {/* An embed link only reads (ADR 0062): its history and downloads, no new report. */}
      <HistorySection farmId={farmId} withForm={!embed} />
    </div>
  );
}

/** /farm/{farm_id}/history and …/history/embed: the caller's reports, downloads again. */
export function HistoryScreen() {
  const { t } = useTranslation('reports');
  const { farm_id: farmId } = useParams({ strict: false }) as { farm_id: string };
  const { embed } = useEmbed();
  return (
    <div className="page report-page">
      <PageHeader title={t('historyTitle')} backTo={embed ? undefined : '/'} />
      <HistorySection farmId={farmId} withForm={false} />
    </div>
  );
}
