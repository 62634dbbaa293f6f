import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { BOTTOM_AXIS, LEFT_AXIS } from '#components/chart-axis.ts';
import { useWidth } from '#components/use-width.ts';
import type { MonthCashFlow } from '#shared/contracts/finance';
import { formatMonthName } from '#shared/domain/date-format';

/**
 * Income and expenses per month as paired bars (visx). Loaded lazily by the statistics
 * tab, so visx never reaches the first download. Amounts become numbers only to place
 * pixels; every figure printed comes from the exact text values.
 */
export default function CashFlowChart({
  rows,
  label,
  monthLabel,
  locale,
  width: fixedWidth,
}: {
  rows: MonthCashFlow[];
  label: string;
  monthLabel: (month: string) => string;
  /** The axis prints amounts short, in the screen's language ("40 jt" / "40M"). */
  locale: string;
  /** Drawn at this width; by default the width it is given on the page (a phone's ~300 px). */
  width?: number;
}) {
  const { ref, width: measured } = useWidth();
  const width = fixedWidth ?? (measured || 640);
  const height = 220;
  const margin = { top: 12, right: 8, bottom: 28, left: 56 };
  const innerW = Math.max(10, width - margin.left - margin.right);
  const innerH = height - margin.top - margin.bottom;
  const months = rows.map((r) => r.month);
  const max = Math.max(1, ...rows.flatMap((r) => [Number(r.income), Number(r.expenses)]));
  const x = scaleBand({ domain: months, range: [0, innerW], padding: 0.25 });
  const inner = scaleBand({ domain: ['in', 'out'], range: [0, x.bandwidth()], padding: 0.1 });
  const y = scaleLinear({ domain: [0, max], range: [innerH, 0], nice: true });
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  const short = (v: number) => compact.format(v);
  // A year of "Jan 2026" labels does not fit under the bars: the month alone, its year on the
  // first month and on each January, and only every k-th month where they would touch.
  const language = locale.startsWith('en') ? 'en' : 'id';
  const fits = Math.max(1, Math.floor(innerW / 44));
  const every = Math.max(1, Math.ceil(months.length / fits));
  const ticks = months.filter((_, i) => i % every === 0);
  const tick = (month: string) =>
    month === months[0] || month.endsWith('-01')
      ? monthLabel(month)
      : formatMonthName(`${month}-01`, language, 'UTC');
  return (
    <div ref={ref}>
      <svg
        width="100%"
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={label}
        className="finance-chart"
      >
        <Group left={margin.left} top={margin.top}>
          {rows.map((r) => (
            <Group key={r.month} left={x(r.month) ?? 0}>
              {(['in', 'out'] as const).map((kind) => {
                const value = Number(kind === 'in' ? r.income : r.expenses);
                const top = y(value);
                return (
                  <Bar
                    key={kind}
                    x={inner(kind) ?? 0}
                    y={top}
                    width={inner.bandwidth()}
                    height={innerH - top}
                    className={`finance-chart__bar finance-chart__bar--${kind}`}
                  />
                );
              })}
            </Group>
          ))}
          <AxisLeft scale={y} numTicks={4} tickFormat={(v) => short(Number(v))} {...LEFT_AXIS} />
          <AxisBottom top={innerH} scale={x} tickValues={ticks} tickFormat={tick} {...BOTTOM_AXIS} />
        </Group>
      </svg>
    </div>
  );
}
