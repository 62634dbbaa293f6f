import './register-locales.ts';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePonds } from '#components/farm-data';
import { useFormat } from '#components/format';
import { Card, Loading } from '#components/page';
import { getDb } from '#local/db';
import type { CycleForecast, GrowthPoint, PriceSource, TargetAnswer } from '#shared/domain/figures';
import { compareNames } from '#shared/domain/natural-sort';
import { ForecastChart, TargetLine } from './forecast-chart.tsx';
import { useFarmForecasts } from './forecast-data.ts';

/** One running pond's forecast as the overview card shows it (from the mirror or the server). */
export interface OverviewForecastRow {
  pondId: string;
  name: string;
  forecast: Pick<CycleForecast, 'basis' | 'curve' | 'targets'>;
  points: GrowthPoint[];
  priceSource: PriceSource;
}

/** The next target size a pond is heading for: the first not yet reached. */
const nextTarget = (row: OverviewForecastRow): TargetAnswer | null =>
  row.forecast.targets.find((t) => t.status !== 'reached') ?? null;

function NextTarget({ row }: { row: OverviewForecastRow }) {
  const { t } = useTranslation('forecast');
  const format = useFormat();
  const next = nextTarget(row);
  if (!next) return <>{t('overview.allReached')}</>;
  if (next.status === 'beyond' || !next.projection)
    return <>{`${t('reaches', { size: next.size })} ${t('beyond')}`}</>;
  return (
    <>
      {`${t('reaches', { size: next.size })} ${t('reachesOn', {
        date: format.date(next.projection.date),
        early: next.days_early ?? next.days,
        late: next.days_late ?? '>',
      })}`}
    </>
  );
}

/**
 * The cycle overview's projection card (issue 26 point 3): every running pond's next target
 * size and, for the pond chosen, the ABW chart with the projection after the last sampling in
 * its shaded band and each target size's day, ABW, biomass, revenue and HPP. `embedded`: no
 * link out of the page (an embed link, ADR 0070).
 */
export function OverviewForecastCard({
  farmId,
  rows: unsorted,
  embedded = false,
}: {
  farmId: string;
  rows: OverviewForecastRow[];
  embedded?: boolean;
}) {
  const { t } = useTranslation('forecast');
  const [chosen, setChosen] = useState<string | null>(null);
  const rows = [...unsorted].sort((a, b) => compareNames(a.name, b.name));
  if (rows.length === 0) return null;
  const shown = rows.find((r) => r.pondId === chosen) ?? (rows[0] as OverviewForecastRow);
  const forecast = shown.forecast;
  return (
    <Card title={t('overview.title')}>
      <div className="stack" data-testid="overview-forecast">
        <p className="muted">{t('overview.hint')}</p>
        <div>
          <table className="forecast-next">
            <thead>
              <tr>
                <th scope="col">{t('overview.pond')}</th>
                <th scope="col">{t('overview.next')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.pondId} data-testid={`overview-forecast-${r.name}`}>
                  <th scope="row">
                    <button
                      type="button"
                      className="forecast-pond"
                      aria-pressed={r.pondId === shown.pondId}
                      onClick={() => setChosen(r.pondId)}
                    >
                      {r.name}
                    </button>
                  </th>
                  <td>
                    <NextTarget row={r} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <section aria-label={t('chartLabel', { pond: shown.name })} className="stack">
          <h3 className="forecast-chosen">
            {t('overview.chosen', { pond: shown.name })}
            {!embedded && (
              <>
                {' '}
                <Link
                  to="/farm/$farm_id/pond/$pond_id"
                  params={{ farm_id: farmId, pond_id: shown.pondId }}
                  className="muted"
                >
                  {t('overview.openPond')}
                </Link>
              </>
            )}
          </h3>
          {forecast.basis === 'prior' && (
            <p className="state__title" role="status" data-testid="forecast-prior-only">
              {t('priorOnly')}
            </p>
          )}
          <ForecastChart
            forecast={forecast}
            points={shown.points}
            label={t('chartLabel', { pond: shown.name })}
          />
          <ul className="forecast-targets">
            {forecast.targets.map((target) => (
              <TargetLine key={target.size} target={target} />
            ))}
          </ul>
          <p className="muted">{t(`prices.${shown.priceSource}`)}</p>
        </section>
      </div>
    </Card>
  );
}

/**
 * The overview's projection on the device: computed from the mirror by the same functions as
 * the pond page (`readFarmForecasts`), so it works offline and shows the pond page's numbers.
 */
export default function OverviewForecast({ farmId, today }: { farmId: string; today: string }) {
  const ponds = usePonds(farmId).data;
  const all = useFarmForecasts(getDb(), farmId, today);
  const { t } = useTranslation('forecast');
  // Under its own heading, so a screen still loading above it does not show two bare spinners.
  if (!all || !ponds)
    return (
      <Card title={t('overview.title')}>
        <Loading />
      </Card>
    );
  const nameOf = new Map(ponds.map((p) => [p.pond_id, p.name]));
  const rows: OverviewForecastRow[] = all.flatMap((x) =>
    x.data.forecast
      ? [
          {
            pondId: x.pondId,
            name: nameOf.get(x.pondId) ?? '',
            forecast: x.data.forecast,
            points: x.data.points,
            priceSource: x.data.priceSource,
          },
        ]
      : [],
  );
  return <OverviewForecastCard farmId={farmId} rows={rows} />;
}
