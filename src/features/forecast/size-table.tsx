import './register-locales.ts';
import { useTranslation } from 'react-i18next';
import { useFormat } from '#components/format';
import type { HarvestProjection, TargetAnswer } from '#shared/domain/figures';
import { PLAN_WINDOW_DAYS, type PlanRow, sizePlan } from './size-plan.ts';

/** When a target is reached: its day and band, "already reached" or "not seen yet". */
export function When({ target }: { target: TargetAnswer }) {
  const { t } = useTranslation('forecast');
  const format = useFormat();
  if (target.status === 'reached') return <>{t('reached')}</>;
  if (target.status === 'beyond' || !target.projection) return <>{t('beyond')}</>;
  return (
    <>
      {t('reachesOn', {
        date: format.date(target.projection.date),
        early: target.days_early ?? target.days,
        late: target.days_late ?? '>',
      })}
    </>
  );
}

export function PondButton({
  row,
  pressed,
  onChoose,
}: {
  row: PlanRow;
  pressed: boolean;
  onChoose: (id: string) => void;
}) {
  return (
    <th scope="row">
      <button
        type="button"
        className="forecast-pond"
        aria-pressed={pressed}
        onClick={() => onChoose(row.pondId)}
      >
        {row.name}
      </button>
    </th>
  );
}

/** "Which ponds reach size N, and when": soonest first, with the tonnes and revenue of the next two weeks. */
export function SizeTable({
  rows,
  size,
  shown,
  onChoose,
}: {
  rows: PlanRow[];
  size: number;
  shown: string;
  onChoose: (id: string) => void;
}) {
  const { t } = useTranslation('forecast');
  const format = useFormat();
  const { entries, totals } = sizePlan(rows, size);
  const kg = (p: HarvestProjection | null) => (p?.biomass_kg == null ? '–' : format.number(p.biomass_kg, 0));
  const money = (p: HarvestProjection | null) => (p?.revenue == null ? '–' : format.money(p.revenue));
  const summary =
    totals.ponds === 0
      ? t('overview.totalNone', { size, days: PLAN_WINDOW_DAYS })
      : totals.revenue === null
        ? t('overview.totalNoPrice', {
            count: totals.ponds,
            size,
            days: PLAN_WINDOW_DAYS,
            kg: format.number(totals.biomassKg, 0),
          })
        : t('overview.total', {
            count: totals.ponds,
            size,
            days: PLAN_WINDOW_DAYS,
            kg: format.number(totals.biomassKg, 0),
            amount: format.money(totals.revenue),
          });
  return (
    <>
      <p data-testid="overview-plan-total">{summary}</p>
      <table className="forecast-next">
        <thead>
          <tr>
            <th scope="col">{t('overview.pond')}</th>
            <th scope="col">{t('overview.sizeColumn', { size })}</th>
            <th scope="col" className="num forecast-plan__wide">
              {t('overview.biomass')}
            </th>
            <th scope="col" className="num forecast-plan__wide">
              {t('overview.revenue')}
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map(({ row, target }) => {
            const p = target?.projection ?? null;
            return (
              <tr key={row.pondId} data-testid={`overview-plan-${row.name}`}>
                <PondButton row={row} pressed={row.pondId === shown} onChoose={onChoose} />
                <td>
                  {target ? <When target={target} /> : '–'}
                  {/* On a phone the two figures sit under the day: four columns do not fit 360 px. */}
                  {p && <span className="forecast-plan__under">{`${kg(p)} kg · ${money(p)}`}</span>}
                </td>
                <td className="num forecast-plan__wide">{kg(p)}</td>
                <td className="num forecast-plan__wide">{money(p)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}
