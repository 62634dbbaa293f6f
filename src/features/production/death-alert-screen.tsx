import './register-locales.ts';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FarmGate } from '#components/farm-gate';
import { useFormat } from '#components/format';
import { Card, EmptyState, Loading, PageHeader } from '#components/page';
import { ShowMore, useFirst } from '#components/show-more';
import { useLiveMirror } from '#components/use-live-mirror.ts';
import { WhenInput } from '#components/when-input';
import { visible } from '#local/visible';
import type { Farm } from '#shared/contracts/farm';
import { daysBefore, deathAlert } from './death-alert-model.ts';
import { farmDay } from './production-model.ts';
import './production.css';

function DayInput({
  label,
  value,
  max,
  onChange,
}: {
  label: string;
  value: string;
  max: string;
  onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <WhenInput
        id={id}
        type="date"
        className="field__input"
        value={value}
        max={max}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

const FIRST_PONDS = 10;

function DeathAlert({ farm }: { farm: Farm }) {
  const { t } = useTranslation('production');
  const format = useFormat();
  const today = farmDay();
  const [from, setFrom] = useState(daysBefore(today, 6));
  const [to, setTo] = useState(today);
  const badRange = Boolean(from && to && to < from);
  const rows = useLiveMirror(`death-alert:${farm.farm_id}:${from}:${to}`, async (db) => {
    if (!from || !to || to < from) return [];
    const [ponds, stocks, deaths, harvests] = await Promise.all([
      db.ponds.where('farm_id').equals(farm.farm_id).toArray(),
      db.stocks.where('farm_id').equals(farm.farm_id).toArray(),
      db.deaths.where('farm_id').equals(farm.farm_id).toArray(),
      db.harvests.where('farm_id').equals(farm.farm_id).toArray(),
    ]);
    return deathAlert({
      ponds: visible(ponds),
      stocks: visible(stocks),
      deaths: visible(deaths),
      harvests: visible(harvests),
      from,
      to,
    });
  }).data;
  // Most severe first: fifty ponds of a week are tens of thousands of pixels on a phone.
  const { shown, hidden, showAll } = useFirst(rows ?? [], FIRST_PONDS);
  const farmPath = `/farm/${encodeURIComponent(farm.farm_id)}`;
  return (
    <div className="stack death-alert">
      <PageHeader title={t('alert.title')} subtitle={farm.name} backTo={farmPath} />
      <div className="death-alert__range">
        <DayInput label={t('alert.from')} value={from} max={today} onChange={setFrom} />
        <DayInput label={t('alert.to')} value={to} max={today} onChange={setTo} />
      </div>
      {badRange && (
        <p className="field__error" role="alert">
          {t('alert.badRange')}
        </p>
      )}
      {!rows ? (
        <Loading />
      ) : rows.length === 0 ? (
        <EmptyState title={t('alert.empty')} />
      ) : (
        shown.map((row) => (
          <Card
            key={row.stock_id}
            title={row.pond_name}
            actions={
              <span
                className={`badge ${row.severity === null || row.severity >= 5 ? 'badge--danger' : 'badge--warning'}`}
              >
                {row.severity === null ? '–' : t('alert.severity', { pct: format.percent(row.severity) })}
              </span>
            }
          >
            <p>
              <strong>{t('alert.total', { n: format.number(row.count, 0) })}</strong> ·{' '}
              <span className="muted">{t('alert.population', { n: format.number(row.population, 0) })}</span>
            </p>
            <h4 className="death-alert__days-title">{t('alert.daily')}</h4>
            <ul className="death-alert__days">
              {row.days.map((d) => (
                <li key={d.day}>
                  <span>{format.date(d.day)}</span> <strong>{format.number(d.count, 0)}</strong>
                </li>
              ))}
            </ul>
            <Link
              to={`${farmPath}/pond/${encodeURIComponent(row.pond_id)}`}
              className="button button--ghost button--small"
            >
              {t('death.title')} →
            </Link>
          </Card>
        ))
      )}
      <ShowMore hidden={hidden} onClick={showAll} />
    </div>
  );
}

/** /farm/{farm_id}/death-alert: ponds with deaths in a period, most severe first (from the mirror, offline too). */
export function DeathAlertScreen() {
  return <FarmGate>{(farm) => <DeathAlert farm={farm} />}</FarmGate>;
}
