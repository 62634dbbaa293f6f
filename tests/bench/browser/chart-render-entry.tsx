// Bundled by tests/bench/chart-render.bench.ts into the benchmark page: the pond charts'
// real time chart (visx) drawing one series of many points (readings of a year, some
// outside the standard band), rendered with React and laid out by the browser.
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { ChartPoint } from '../../../src/features/charts/chart-model.ts';
import TimeChart from '../../../src/features/charts/time-chart.tsx';

const DAY_MS = 86_400_000;
const START = Date.parse('2026-01-01T00:00:00Z');

function series(count: number): ChartPoint[] {
  const step = (365 * DAY_MS) / count;
  return Array.from({ length: count }, (_, i) => {
    const x = START + i * step;
    // A daily swing with a slow drift and a spike now and then (out of the 7.5–8.5 band).
    const y = 8 + 0.4 * Math.sin(i / 7) + 0.2 * Math.sin(i / 997) + (i % 1499 === 0 ? 1.2 : 0);
    return { id: `p${i}`, x, y: Math.round(y * 100) / 100, day: new Date(x).toISOString().slice(0, 10) };
  });
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/**
 * Renders the chart `count` times into a fresh 1280 px host; each: React commits, the
 * chart measures its width and draws, layout. `keepLast` leaves the last one on the page.
 */
async function benchChart(count: number, points: number, keepLast = false): Promise<number[]> {
  const data = series(points);
  const timings: number[] = [];
  for (let n = 0; n < count; n++) {
    const host = document.createElement('div');
    host.style.width = '1280px';
    document.body.append(host);
    const root = createRoot(host);
    const started = performance.now();
    flushSync(() =>
      root.render(
        <TimeChart
          points={data}
          kind="line"
          xDomain={[START, START + 365 * DAY_MS]}
          band={{ min: 7.5, max: 8.5 }}
          yLabel="pH"
          label="pH"
          formatValue={(v) => v.toFixed(1)}
          formatDay={(d) => d}
          testId="bench-chart"
        />,
      ),
    );
    while (!host.querySelector('svg')) await new Promise((resolve) => setTimeout(resolve, 0));
    void host.getBoundingClientRect().height; // force style and layout
    timings.push(performance.now() - started);
    await nextFrame();
    if (!host.querySelector('path')) throw new Error('the chart drew no line');
    if (keepLast && n === count - 1) break; // left on the page to be looked at
    root.unmount();
    host.remove();
  }
  return timings;
}

(globalThis as Record<string, unknown>).benchChart = benchChart;
