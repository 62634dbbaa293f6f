import './register-locales.ts';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FarmGate } from '#components/farm-gate';
import { useFormat } from '#components/format';
import { NotPulledYet } from '#components/not-pulled';
import { EmptyState, LoadError, Loading, PageHeader } from '#components/page';
import { getDb } from '#local/db';
import type { Farm } from '#shared/contracts/farm';
import type { FarmSummary } from '#shared/domain/figures';
import { type OverviewPending, useOverview, useServerOverview } from './overview-data.ts';
import type { OverviewRow } from './overview-model.ts';
import './production.css';

type Col = 'doc' | 'abw' | 'adg' | 'size' | 'population' | 'sr' | 'biomass' | 'fcr' | 'productivity';
/** What a figure is computed from that may not be on the device yet. */
type Source = keyof OverviewPending | 'feed';
const COLS: {
  key: Col;
  value: (r: OverviewRow | FarmSummary) => number | null;
  decimals: number;
  needs: Source[];
  /** A value a manager must look at (its cell is marked and says why, `overview.alarm.<key>`). */
  alarm?: (v: number) => boolean;
  /** The figure has nothing to measure yet: its cell says so (`overview.notYet.<key>`) instead of a 0. */
  notYet?: (r: OverviewRow | FarmSummary) => boolean;
}[] = [
  { key: 'doc', value: (r) => r.doc, decimals: 0, needs: [] },
  { key: 'abw', value: (r) => r.abw, decimals: 2, needs: ['samplings'] },
  // The shrimp weighed lighter than at the sampling before: a miscount, or a partial harvest of the big ones.
  { key: 'adg', value: (r) => r.adg, decimals: 2, needs: ['samplings'], alarm: (v) => v < 0 },
  { key: 'size', value: (r) => r.size, decimals: 0, needs: ['samplings'] },
  { key: 'population', value: (r) => r.population, decimals: 0, needs: ['deaths', 'harvests'] },
  { key: 'sr', value: (r) => r.sr, decimals: 1, needs: ['deaths', 'harvests'] },
  { key: 'biomass', value: (r) => r.biomass_kg, decimals: 1, needs: ['deaths', 'harvests', 'samplings'] },
  { key: 'fcr', value: (r) => r.fcr, decimals: 2, needs: ['deaths', 'harvests', 'samplings', 'feed'] },
  // Harvested kg per ha: a pond still growing, nothing harvested, reads "not harvested yet", not "0".
  {
    key: 'productivity',
    value: (r) => r.productivity_kg_ha,
    decimals: 0,
    needs: ['harvests'],
    notYet: (r) => r.productivity_kg_ha !== null && r.harvested_kg === 0,
  },
];

/** The row's feed state; the farm row waits for every pond's. */
function feedState(row: OverviewRow | FarmSummary, rows: readonly OverviewRow[]) {
  const states = 'feed_status' in row ? [row.feed_status] : rows.map((r) => r.feed_status);
  if (states.includes('loading')) return 'loading';
  if (states.includes('needs-connection')) return 'needs-connection';
  return 'known';
}

/** A cell: its figure, or words in its place (what it waits for, or that there is nothing to measure yet). */
interface Cell {
  text: string;
  words?: boolean;
}

/**
 * A figure as text: "–" when unknown, or what it still waits for ("memuat kematian…")
 * while the records it is computed from are not on the device yet, never a value that
 * would change once they arrive; "belum panen" where there is nothing to measure yet.
 */
function useCell(pending: OverviewPending, rows: readonly OverviewRow[]) {
  const { t } = useTranslation('production');
  const format = useFormat();
  const offline = globalThis.navigator?.onLine === false;
  return (row: OverviewRow | FarmSummary, col: (typeof COLS)[number]): Cell => {
    for (const need of col.needs) {
      if (need === 'feed') {
        const state = feedState(row, rows);
        if (state !== 'known')
          return { text: t(`overview.waiting.${state === 'loading' ? 'feed' : 'feedOffline'}`), words: true };
      } else if (pending[need])
        return { text: t(`overview.waiting.${need}${offline ? 'Offline' : ''}`), words: true };
    }
    if (col.notYet?.(row)) return { text: t(`overview.notYet.${col.key}`), words: true };
    const value = col.value(row);
    return { text: value === null ? '–' : format.number(value, col.decimals) };
  };
}

/** Why a known figure needs a look (`alarm`), or null; never while it still waits for records. */
function useAlarm(pending: OverviewPending) {
  const { t } = useTranslation('production');
  return (row: OverviewRow | FarmSummary, col: (typeof COLS)[number]): string | null => {
    if (!col.alarm || col.needs.some((n) => n !== 'feed' && pending[n])) return null;
    const value = col.value(row);
    return value !== null && col.alarm(value) ? t(`overview.alarm.${col.key}`) : null;
  };
}

/** A figure's cell text, with what is wrong with it spelt out for a screen reader and on hover. */
function Figure({ cell, alarm }: { cell: Cell; alarm: string | null }) {
  if (cell.words) return <span className="overview__words">{cell.text}</span>;
  if (!alarm) return <>{cell.text}</>;
  return (
    <span className="overview__alarm" title={alarm}>
      {cell.text}
      <span className="visually-hidden"> ({alarm})</span>
    </span>
  );
}

/** A card's figure with its unit after it; words in its place stand alone. */
function CardFigure({ cell, alarm, unit }: { cell: Cell; alarm: string | null; unit: string }) {
  return (
    <>
      <Figure cell={cell} alarm={alarm} />
      {!cell.words && unit && (
        <>
          {' '}
          <span className="overview__unit">{unit}</span>
        </>
      )}
    </>
  );
}

function Head({ col }: { col: Col }) {
  const { t } = useTranslation('production');
  const unit = t(`overview.units.${col}`);
  return (
    <th scope="col" className="num">
      {t(`overview.cols.${col}`)}
      {unit && <span className="overview__unit">{unit}</span>}
    </th>
  );
}

function PondCard({
  row,
  title,
  cell,
  alarm,
}: {
  row: OverviewRow | FarmSummary;
  title: string;
  cell: ReturnType<typeof useCell>;
  alarm: ReturnType<typeof useAlarm>;
}) {
  const { t } = useTranslation('production');
  return (
    <article className="overview-card" aria-label={title}>
      <h3 className="overview-card__title">{title}</h3>
      <dl className="overview-card__grid">
        {COLS.map((c) => (
          <div key={c.key}>
            <dt>{t(`overview.cols.${c.key}`)}</dt>
            <dd>
              <CardFigure cell={cell(row, c)} alarm={alarm(row, c)} unit={t(`overview.units.${c.key}`)} />
            </dd>
          </div>
        ))}
      </dl>
    </article>
  );
}

export type OverviewData = ReturnType<typeof useOverview>;

export function OverviewBody({
  farm,
  embedded,
  overview,
}: {
  farm: Farm;
  embedded: boolean;
  overview: OverviewData;
}) {
  const { t } = useTranslation('production');
  const format = useFormat();
  const known = overview?.pending ?? { stocks: true, deaths: true, harvests: true, samplings: true };
  const cell = useCell(known, overview?.rows ?? []);
  const alarm = useAlarm(known);
  const header = embedded ? (
    <h1 className="overview__embed-title">{`${t('overview.title')} · ${farm.name}`}</h1>
  ) : (
    <PageHeader
      title={t('overview.title')}
      subtitle={farm.name}
      backTo={`/farm/${encodeURIComponent(farm.farm_id)}`}
    />
  );
  if (!overview)
    return (
      <div className="stack">
        {header}
        <Loading />
      </div>
    );
  const { rows, summary, pending } = overview;
  const waiting = pending.stocks || pending.deaths || pending.harvests || pending.samplings;
  const nameOf = (r: OverviewRow) => (r.block_name ? `${r.pond_name} · ${r.block_name}` : r.pond_name);
  return (
    <div className="stack overview">
      {header}
      {!embedded && (
        <p className="row">
          <Link
            to={`/farm/${encodeURIComponent(farm.farm_id)}/death-alert`}
            className="button button--secondary button--small"
          >
            {t('alert.title')}
          </Link>
        </p>
      )}
      <p className="muted overview__asof" data-testid="overview-as-of">
        {waiting
          ? t('overview.notFinal')
          : `${t('overview.dataAsOf', { date: format.dateTime(overview.pulledAt ?? Date.now()) })} ${t(
              'overview.samplingAsOf',
              { date: format.dateTime(overview.samplingAsOf ?? Date.now()) },
            )}`}
      </p>
      <p className="muted overview__asof" data-testid="overview-basis">
        {t('overview.basis')}
      </p>
      {rows.length === 0 && pending.stocks ? (
        // A device whose first pull has not brought the stockings yet: not "no stocking".
        <NotPulledYet />
      ) : rows.length === 0 ? (
        <EmptyState title={t('overview.empty')} />
      ) : (
        <>
          <div className="overview-table-wrap">
            <table className="overview-table">
              <thead>
                <tr>
                  <th scope="col">{t('overview.cols.pond')}</th>
                  {COLS.map((c) => (
                    <Head key={c.key} col={c.key} />
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.stock_id}>
                    <th scope="row">{nameOf(r)}</th>
                    {COLS.map((c) => (
                      <td key={c.key} className="num">
                        <Figure cell={cell(r, c)} alarm={alarm(r, c)} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">
                    {t('overview.farm')}{' '}
                    <span className="overview__unit">
                      {t('overview.pondsCount', { count: summary.ponds })}
                    </span>
                  </th>
                  {COLS.map((c) => (
                    <td key={c.key} className="num">
                      <Figure cell={cell(summary, c)} alarm={alarm(summary, c)} />
                    </td>
                  ))}
                </tr>
              </tfoot>
            </table>
          </div>
          <div className="overview-cards">
            <PondCard
              row={summary}
              title={`${t('overview.farm')} · ${t('overview.pondsCount', { count: summary.ponds })}`}
              cell={cell}
              alarm={alarm}
            />
            {rows.map((r) => (
              <PondCard key={r.stock_id} row={r} title={nameOf(r)} cell={cell} alarm={alarm} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}

function DeviceOverview({ farm, after }: { farm: Farm; after?: (farm: Farm) => ReactNode }) {
  return (
    <div className="stack">
      <OverviewBody farm={farm} embedded={false} overview={useOverview(getDb(), farm.farm_id)} />
      {after?.(farm)}
    </div>
  );
}

/** An embed link reads online only (ADR 0018, 0062): the device's mirror is another login's. */
function ServerOverview({ farm, after }: { farm: Farm; after?: (farm: Farm) => ReactNode }) {
  const { data, error, reload } = useServerOverview(farm.farm_id);
  if (error) return <LoadError error={error} onRetry={reload} />;
  return (
    <div className="stack">
      <OverviewBody farm={farm} embedded overview={data} />
      {after?.(farm)}
    </div>
  );
}

/**
 * /farm/{farm_id}/overview: the cycle overview of every active pond and the farm row;
 * `after` is what the app composes below it (the forecast, src/app/screens/overview-page.tsx).
 */
export function OverviewScreen({ after }: { after?: (farm: Farm) => ReactNode } = {}) {
  return <FarmGate>{(farm) => <DeviceOverview farm={farm} after={after} />}</FarmGate>;
}

/**
 * /farm/{farm_id}/overview/embed: the same, without the app's header, sidebar or chat
 * (seed 000 §2, ADR 0070), opened with an embed link's token; it reads the server's overview.
 * `after` as for `OverviewScreen` (the app composes the server's forecast there, ADR 0078).
 */
export function OverviewEmbedScreen({ after }: { after?: (farm: Farm) => ReactNode } = {}) {
  return <FarmGate>{(farm) => <ServerOverview farm={farm} after={after} />}</FarmGate>;
}
