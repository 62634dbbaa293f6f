import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleLinear, scaleUtc } from '@visx/scale';
import { Bar, LinePath } from '@visx/shape';
import { type KeyboardEvent, type PointerEvent, useMemo, useState } from 'react';
import { BOTTOM_AXIS, LEFT_AXIS } from '#components/chart-axis.ts';
import { useWidth } from '#components/use-width.ts';
import {
  type Band,
  bandSpan,
  type ChartPoint,
  dayTicks,
  decimate,
  isDense,
  nearestPoint,
  outOfBand,
  xTickCount,
  yDomain,
} from './chart-model.ts';

export interface TimeChartProps {
  points: ChartPoint[];
  kind: 'line' | 'bar';
  xDomain: [number, number];
  /** The farm's standard range, shaded; points outside it are marked. */
  band?: Band;
  /** y-axis title with its unit, e.g. "Suhu (°C)". */
  yLabel: string;
  /** Accessible name of the chart. */
  label: string;
  formatValue: (value: number) => string;
  /** Printed after the value in the tooltip (°C, g, kg…). */
  unit?: string;
  /** A day (YYYY-MM-DD) as DD MMM YYYY. */
  formatDay: (day: string) => string;
  zeroBased?: boolean;
  testId: string;
  /**
   * A second series drawn as a thin line under the points (a pond's probe readings under
   * its hand readings); counted in the y domain, not in the tooltip.
   */
  under?: ChartPoint[];
}

const HEIGHT = 240;
const DAY_MS = 86_400_000;

const NONE: ChartPoint[] = [];

/** The points a line draws: all of them, or each pixel column's extremes when they are dense. */
function useDecimated(points: ChartPoint[], innerW: number, x0: number, x1: number): ChartPoint[] {
  return useMemo(() => {
    if (!isDense(points.length, innerW)) return points;
    const scale = scaleUtc({ domain: [x0, x1], range: [0, innerW] });
    return decimate(points, (v) => scale(v));
  }, [points, innerW, x0, x1]);
}

/**
 * One series over time with visx: a line with dots (water, ABW, cumulative feed) or bars
 * (daily feed); the standard band shaded. Pointer, finger or arrow keys pick the nearest
 * point and show its value and day. Loaded lazily with the charts tab, so visx never
 * reaches the first download.
 */
export default function TimeChart(props: TimeChartProps) {
  const { points, kind, band, formatValue, formatDay } = props;
  const { ref, width } = useWidth();
  const [active, setActive] = useState<number | null>(null);
  const narrow = width < 480;
  const margin = { top: 12, right: narrow ? 10 : 16, bottom: 30, left: narrow ? 46 : 60 };
  const innerW = Math.max(10, width - margin.left - margin.right);
  const innerH = HEIGHT - margin.top - margin.bottom;
  const x = scaleUtc({ domain: props.xDomain, range: [0, innerW] });
  const under = props.under ?? NONE;
  const domain = yDomain(
    under.length ? [...points, ...under] : points,
    band,
    props.zeroBased ?? kind === 'bar',
  );
  const y = scaleLinear({ domain, range: [innerH, 0], nice: true });
  const span = bandSpan(band, y.domain() as [number, number]);
  // Thousands of points (a year of readings): the line keeps each pixel's extremes and
  // only the points out of the standard get a dot; few points all get theirs.
  const dense = isDense(points.length, innerW);
  const [x0, x1] = props.xDomain;
  const drawn = useDecimated(points, innerW, x0, x1);
  const underDrawn = useDecimated(under, innerW, x0, x1);
  const dotted = dense ? drawn.filter((p) => outOfBand(p.y, band)) : drawn;
  const slot = Math.max(
    2,
    Math.min(24, (innerW / Math.max(1, (props.xDomain[1] - props.xDomain[0]) / DAY_MS)) * 0.7),
  );

  const pick = (clientX: number, target: Element) => {
    const left = target.getBoundingClientRect().left;
    const p = nearestPoint(points, clientX - left, (v) => x(v));
    setActive(p ? points.indexOf(p) : null);
  };
  const onPointer = (e: PointerEvent<SVGRectElement>) => pick(e.clientX, e.currentTarget);
  const onKey = (e: KeyboardEvent<SVGSVGElement>) => {
    if (points.length === 0) return;
    const step = { ArrowRight: 1, ArrowLeft: -1 }[e.key];
    if (e.key === 'Home' || e.key === 'End' || step !== undefined) {
      e.preventDefault();
      if (e.key === 'Home') setActive(0);
      else if (e.key === 'End') setActive(points.length - 1);
      else
        setActive((i) =>
          Math.max(0, Math.min(points.length - 1, (i ?? (step === 1 ? -1 : points.length)) + (step ?? 0))),
        );
    }
  };
  const current = active !== null ? points[active] : undefined;
  const tipLeft = current ? margin.left + x(current.x) : 0;

  return (
    <div
      className="time-chart"
      ref={ref}
      data-testid={props.testId}
      data-points={points.length}
      data-under-points={under.length || undefined}
      data-under-low={under.length ? Math.min(...under.map((p) => p.y)) : undefined}
      data-under-high={under.length ? Math.max(...under.map((p) => p.y)) : undefined}
    >
      {width > 0 && (
        <svg
          width={width}
          height={HEIGHT}
          role="application"
          aria-label={props.label}
          aria-roledescription="chart"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: arrow keys move the tooltip from point to point.
          tabIndex={0}
          onKeyDown={onKey}
          onBlur={() => setActive(null)}
          className="time-chart__svg"
        >
          <Group left={margin.left} top={margin.top}>
            {span && (
              <rect
                className="time-chart__band"
                data-testid="chart-band"
                x={0}
                width={innerW}
                y={y(span[1])}
                height={Math.max(0, y(span[0]) - y(span[1]))}
              />
            )}
            {underDrawn.length > 1 && (
              <LinePath
                data={underDrawn}
                x={(p) => x(p.x)}
                y={(p) => y(p.y)}
                className="time-chart__under"
                data-testid="chart-under-line"
              />
            )}
            {kind === 'line' && points.length > 1 && (
              <LinePath data={drawn} x={(p) => x(p.x)} y={(p) => y(p.y)} className="time-chart__line" />
            )}
            {dotted.map((p) => {
              const out = outOfBand(p.y, band);
              const common = {
                'data-testid': 'chart-point',
                'data-day': p.day,
                'data-value': p.y,
                'data-out': out ? 'true' : undefined,
              };
              const isActive = p === current;
              const cls = `time-chart__point${out ? ' time-chart__point--out' : ''}${isActive ? ' time-chart__point--active' : ''}`;
              return kind === 'bar' ? (
                <Bar
                  key={p.id}
                  {...common}
                  className={cls}
                  x={x(p.x) - slot / 2}
                  width={slot}
                  y={y(Math.max(0, p.y))}
                  height={Math.max(0, y(0) - y(Math.max(0, p.y)))}
                />
              ) : (
                <circle key={p.id} {...common} className={cls} cx={x(p.x)} cy={y(p.y)} r={isActive ? 5 : 3} />
              );
            })}
            {dense && current && kind === 'line' && !dotted.includes(current) && (
              <circle
                className="time-chart__point time-chart__point--active"
                cx={x(current.x)}
                cy={y(current.y)}
                r={5}
              />
            )}
            {current && (
              <line className="time-chart__cursor" x1={x(current.x)} x2={x(current.x)} y1={0} y2={innerH} />
            )}
            <AxisLeft
              scale={y}
              numTicks={5}
              label={props.yLabel}
              labelOffset={narrow ? 30 : 42}
              labelProps={{ fontSize: 11, fill: 'currentColor', textAnchor: 'middle' }}
              tickFormat={(v) => formatValue(Number(v))}
              {...LEFT_AXIS}
            />
            <AxisBottom
              top={innerH}
              scale={x}
              tickValues={dayTicks(props.xDomain, xTickCount(innerW))}
              tickFormat={(v) => formatDay(new Date(Number(v)).toISOString().slice(0, 10))}
              {...BOTTOM_AXIS}
            />
            <rect
              className="time-chart__hit"
              width={innerW}
              height={innerH}
              fill="transparent"
              onPointerMove={onPointer}
              onPointerDown={onPointer}
              onPointerLeave={(e) => e.pointerType === 'mouse' && setActive(null)}
            />
          </Group>
        </svg>
      )}
      {current && (
        <div
          className="time-chart__tooltip"
          data-testid="chart-tooltip"
          role="status"
          style={{
            left: Math.min(Math.max(tipLeft, 70), Math.max(70, width - 70)),
            top: margin.top + y(current.y) > HEIGHT / 2 ? 8 : HEIGHT / 2,
          }}
        >
          <strong data-testid="chart-tooltip-value">
            {formatValue(current.y)}
            {props.unit ? ` ${props.unit}` : ''}
          </strong>
          <span>{formatDay(current.day)}</span>
          {current.note && <span>{current.note}</span>}
        </div>
      )}
    </div>
  );
}
