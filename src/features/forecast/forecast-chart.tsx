import './register-locales.ts';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleLinear } from '@visx/scale';
import { Area, LinePath } from '@visx/shape';
import { useTranslation } from 'react-i18next';
import { useFormat } from '#components/format';
import { useWidth } from '#components/use-width.ts';
import type { CycleForecast, GrowthPoint, TargetAnswer } from '#shared/domain/figures';
import './forecast.css';

const HEIGHT = 220;
const MARGIN = { top: 10, right: 12, bottom: 44, left: 56 };

/** Samplings as dots, then the forecast after the last one as a dashed line in its shaded 80 % band. */
export function ForecastChart({
  forecast,
  points,
  label,
}: {
  forecast: Pick<CycleForecast, 'curve'>;
  points: GrowthPoint[];
  label: string;
}) {
  const { t } = useTranslation('forecast');
  const format = useFormat();
  const { ref, width } = useWidth();
  const curve = forecast.curve;
  const maxDoc = Math.max(curve.at(-1)?.doc ?? 0, ...points.map((p) => p.doc));
  const maxAbw = Math.max(1, ...curve.map((p) => p.high), ...points.map((p) => p.abw));
  const innerW = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleLinear({ domain: [1, maxDoc], range: [0, innerW] });
  const y = scaleLinear({ domain: [0, maxAbw * 1.05], range: [innerH, 0], nice: true });
  return (
    <div ref={ref} className="forecast-chart" data-testid="forecast-chart">
      {width > 0 && (
        <svg width={width} height={HEIGHT} role="img" aria-label={label}>
          <Group left={MARGIN.left} top={MARGIN.top}>
            <Area
              data={curve}
              x={(p) => x(p.doc)}
              y0={(p) => y(p.low)}
              y1={(p) => y(p.high)}
              fill="var(--color-primary, #0a7d6f)"
              fillOpacity={0.18}
              data-testid="forecast-band"
            />
            <LinePath
              data={curve}
              x={(p) => x(p.doc)}
              y={(p) => y(p.abw)}
              stroke="var(--color-primary, #0a7d6f)"
              strokeWidth={2}
              strokeDasharray="6 4"
              data-testid="forecast-line"
            />
            {points.map((p) => (
              <circle
                key={p.doc}
                cx={x(p.doc)}
                cy={y(p.abw)}
                r={4}
                fill="var(--color-text, #1c2b2a)"
                data-testid="forecast-sample"
              />
            ))}
            <AxisLeft
              scale={y}
              numTicks={5}
              label={t('abwAxis')}
              labelOffset={30}
              tickFormat={(v) => format.number(Number(v), 0)}
            />
            <AxisBottom
              top={innerH}
              scale={x}
              numTicks={Math.max(2, Math.floor(innerW / 60))}
              label={t('docAxis')}
              labelOffset={12}
            />
          </Group>
        </svg>
      )}
      <p className="row forecast-legend">
        <span>● {t('sampled')}</span>
        <span>┄ {t('projection')}</span>
        <span>▒ {t('band')}</span>
      </p>
    </div>
  );
}

export function TargetLine({ target }: { target: TargetAnswer }) {
  const { t } = useTranslation('forecast');
  const format = useFormat();
  const p = target.projection;
  return (
    <li data-testid={`forecast-target-${target.size}`}>
      <strong>{t('reaches', { size: target.size })}</strong>{' '}
      {target.status === 'reached'
        ? t(p ? 'reachedToday' : 'reached')
        : target.status === 'beyond' || !p
          ? t('beyond')
          : t('reachesOn', {
              date: format.date(p.date),
              early: target.days_early ?? target.days,
              late: target.days_late ?? '>',
            })}
      {p && (
        <span className="forecast-details">
          {' · '}
          {t('abw', { abw: format.number(p.abw, 1) })}
          {' · '}
          {t('population', { count: format.number(p.population, 0) })}
          {' · '}
          {t('biomass', { kg: format.number(p.biomass_kg ?? 0, 0) })}
          {' · '}
          {t('feed', { kg: format.number(p.feed_kg, 0) })}
          {' · '}
          <span data-testid={`forecast-revenue-${target.size}`}>
            {p.revenue === null ? t('noPrice') : t('revenue', { amount: format.money(p.revenue) })}
          </span>
          {p.hpp !== null && (
            <>
              {' · '}
              <span data-testid={`forecast-hpp-${target.size}`}>
                {t('hpp', { amount: format.money(p.hpp) })}
              </span>
            </>
          )}
        </span>
      )}
    </li>
  );
}
