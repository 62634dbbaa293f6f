import './register-locales.ts';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePonds } from '#components/farm-data';
import { Card, Loading } from '#components/page';
import { getDb } from '#local/db';
import type { CycleForecast, GrowthPoint, PriceSource, TargetAnswer } from '#shared/domain/figures';
import { compareNames } from '#shared/domain/natural-sort';
import { ForecastChart, TargetLine } from './forecast-chart.tsx';
import { useFarmForecasts } from './forecast-data.ts';
import { PondButton, SizeTable, When } from './size-table.tsx';

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
  const next = nextTarget(row);
  if (!next) return <>{t('overview.allReached')}</>;
  return (
    <>
      {t('reaches', { size: next.size })} <When target={next} />
    </>
  );
}

/** The sizes the farm plans for, in the farm's order (the same on every pond). */
function targetSizes(rows: OverviewForecastRow[]): number[] {
  const sizes: number[] = [];
  for (const r of rows)
    for (const target of r.forecast.targets) if (!sizes.includes(target.size)) sizes.push(target.size);
  return sizes;
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
  // null: each pond's next target in pond order; a size: the ponds ordered by when they reach it.
  const [size, setSize] = useState<number | null>(null);
  const rows = [...unsorted].sort((a, b) => compareNames(a.name, b.name));
  const sizes = targetSizes(rows);
  if (rows.length === 0) return null;
  const shown = rows.find((r) => r.pondId === chosen) ?? (rows[0] as OverviewForecastRow);
  const forecast = shown.forecast;
  return (
    <Card title={t('overview.title')}>
      <div className="stack" data-testid="overview-forecast">
        <p className="muted">{t('overview.hint')}</p>
        <fieldset className="forecast-order">
          <legend className="muted">{t('overview.show')}</legend>
          {[null, ...sizes].map((s) => (
            <button
              key={s ?? 'next'}
              type="button"
              className="button button--secondary button--small"
              aria-pressed={size === s}
              onClick={() => setSize(s)}
            >
              {s === null ? t('overview.byNext') : t('overview.bySize', { size: s })}
            </button>
          ))}
        </fieldset>
        <div>
          {size !== null ? (
            <SizeTable rows={rows} size={size} shown={shown.pondId} onChoose={setChosen} />
          ) : (
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
                    <PondButton row={r} pressed={r.pondId === shown.pondId} onChoose={setChosen} />
                    <td>
                      <NextTarget row={r} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
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
