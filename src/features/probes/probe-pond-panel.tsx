import './register-locales.ts';
import './probes.css';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '#components/format';
import { Card } from '#components/page';
import { useFetched } from '#components/use-fetched.ts';
import { api } from '#local/api-client';
import type { ProbePondReadings } from '#shared/contracts/probes';
import { PROBE_STORED_UNIT } from '#shared/domain/probe-units';
import { allDayStandards, VANNAMEI_STANDARDS } from '#shared/domain/water-standards';
import { ProbeLine } from './probe-line.tsx';

const HOUR = 3_600_000;

/**
 * A pond's probe readings where its hand readings are shown (issue 27 point 4): the open
 * alert, min/mean/max per farm day, slot and parameter (flagged by the same slot
 * standards), and a line per parameter. Read online; nothing when the pond has no probe
 * readings in the last 24 hours.
 */
export function ProbePondPanel({ pondId, farmDay }: { pondId: string; farmDay: string }) {
  const { t } = useTranslation('probes');
  const format = useFormat();
  // The window moves with the hour: one answer a pond and hour, read again on the next.
  const hour = Math.floor(Date.now() / HOUR);
  const readings = useFetched(`probe-readings:${pondId}:${hour}`, () =>
    api.get<ProbePondReadings>('/probeReadings', {
      pond_id: pondId,
      from: new Date((hour - 23) * HOUR).toISOString(),
      to: new Date((hour + 1) * HOUR).toISOString(),
    }),
  );
  const data = readings.data;
  const limits = useMemo(() => allDayStandards(VANNAMEI_STANDARDS), []);
  if (!data || data.series.length === 0) return null;
  const open = data.alerts.filter((a) => a.raised_at && !a.cleared_at);
  const today = data.summaries.filter((s) => s.day === farmDay);
  const rows = today.length > 0 ? today : data.summaries;
  return (
    <Card title={t('pond.title')}>
      <div data-testid="probe-panel" className="stack">
        {open.map((a) => (
          <p key={`${a.parameter}-${a.started_at}`} className="notice notice--error" role="status">
            {t('pond.alertOpen', {
              parameter: t(`parameters.${a.parameter}`),
              time: format.time(a.started_at),
            })}
          </p>
        ))}
        <table className="probes__table">
          <thead>
            <tr>
              <th scope="col">{t('pond.slot')}</th>
              <th scope="col" />
              <th scope="col">{t('pond.min')}</th>
              <th scope="col">{t('pond.mean')}</th>
              <th scope="col">{t('pond.max')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((s) => (
              <tr key={`${s.day}-${s.slot}-${s.parameter}`}>
                <td>{t(`pond.slots.${s.slot}`)}</td>
                <td>
                  {t(`parameters.${s.parameter}`)}{' '}
                  {PROBE_STORED_UNIT[s.parameter] === 'pH' ? '' : PROBE_STORED_UNIT[s.parameter]}
                </td>
                <td className={s.low ? 'probes__flag' : undefined} title={s.low ? t('pond.low') : undefined}>
                  {format.number(s.min, 2)}
                </td>
                <td>{format.number(s.mean, 2)}</td>
                <td
                  className={s.high ? 'probes__flag' : undefined}
                  title={s.high ? t('pond.high') : undefined}
                >
                  {format.number(s.max, 2)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {data.series.map((line) => {
          const standard = limits.find((s) => s.parameter === line.parameter);
          const limit = line.parameter === 'do' ? (standard?.min ?? null) : null;
          return (
            <figure key={line.parameter} className="probes__figure">
              <figcaption className="muted">
                {t('pond.chart', { parameter: t(`parameters.${line.parameter}`) })}
                {limit !== null && ` · ${t('pond.limit', { value: format.number(limit, 1) })}`}
              </figcaption>
              <ProbeLine
                points={line.points}
                limit={limit}
                label={t('pond.chart', { parameter: t(`parameters.${line.parameter}`) })}
              />
            </figure>
          );
        })}
      </div>
    </Card>
  );
}
