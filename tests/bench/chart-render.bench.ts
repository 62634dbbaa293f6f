/**
 * A chart of 20,000 points (issue 17: rendered in under 200 ms in Chromium): the pond
 * charts' time chart (visx) with a year of readings, some outside the standard band,
 * rendered by React at desktop width until laid out. Prints p50/p95/max over N renders,
 * at full speed and at 4× CPU slowdown (a cheap phone); no pass/fail.
 *
 *   node --import tsx tests/bench/chart-render.bench.ts [renders=20] [points=20000]
 */
import { summary, withBenchPage } from './browser/page-bench.ts';

const RENDERS = Number(process.argv[2] ?? 20);
const POINTS = Number(process.argv[3] ?? 20_000);

async function main() {
  const { full, slow } = await withBenchPage('tests/bench/browser/chart-render-entry.tsx', async (page) => {
    await page.evaluate(`benchChart(3, ${POINTS})`); // warm-up: JIT
    const full = (await page.evaluate(`benchChart(${RENDERS}, ${POINTS})`)) as number[];
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const slow = (await page.evaluate(`benchChart(${RENDERS}, ${POINTS})`)) as number[];
    return { full, slow };
  });
  console.log(
    `render a chart of ${POINTS} points (React + visx + layout, 1280 px), ${RENDERS} renders: ${summary(full)} (goal < 200 ms); ` +
      `at 4× CPU slowdown: ${summary(slow)}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
