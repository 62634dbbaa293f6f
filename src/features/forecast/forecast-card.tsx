import './register-locales.ts';
import { useTranslation } from 'react-i18next';
import { useFormat } from '#components/format';
import { Card, Loading } from '#components/page';
import { getDb } from '#local/db';
import { ForecastChart, TargetLine } from './forecast-chart.tsx';
import { usePondForecast } from './forecast-data.ts';
import { HarvestOnDate } from './harvest-on-date.tsx';

/**
 * The pond's growth forecast, computed on the device from the mirror (works offline): the
 * ABW chart with the projection and its band after the last sampling, and the day each of
 * the farm's target sizes is reached.
 */
export default function ForecastCard({
  farmId,
  pondId,
  pondName,
  today,
}: {
  farmId: string;
  pondId: string;
  pondName: string;
  today: string;
}) {
  const { t } = useTranslation('forecast');
  const format = useFormat();
  const data = usePondForecast(getDb(), farmId, pondId, today);
  return (
    <Card title={t('title')}>
      <div data-testid="forecast-card">
        {!data ? (
          <Loading />
        ) : !data.forecast ? (
          <p>{t('noCycle')}</p>
        ) : (
          <>
            {data.forecast.basis === 'prior' && (
              <p className="state__title" role="status" data-testid="forecast-prior-only">
                {t('priorOnly')}
              </p>
            )}
            <ForecastChart
              forecast={data.forecast}
              points={data.points}
              label={t('chartLabel', { pond: pondName })}
            />
            <ul className="forecast-targets">
              {data.forecast.targets.map((target) => (
                <TargetLine key={target.size} target={target} />
              ))}
            </ul>
            <p className="muted" data-testid="forecast-prices">
              {t(`prices.${data.priceSource}`)}{' '}
              <a href={`/farm/${farmId}/settings?tab=prices`}>{t('prices.edit')}</a>
            </p>
            {data.costToDate !== null && (
              <p data-testid="forecast-cost">{t('costToDate', { amount: format.money(data.costToDate) })}</p>
            )}
            <HarvestOnDate data={data} today={today} />
            <p className="muted">
              {data.forecast.prior_source === 'farm'
                ? t('priorFarm', { count: data.forecast.fit.prior.cycles })
                : t('priorDefault')}
            </p>
          </>
        )}
      </div>
    </Card>
  );
}
