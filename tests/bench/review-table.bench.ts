/**
 * The farm review table (issue 17): 50 ponds for one day (3 slots of general readings)
 * built by the model and rendered by the real component with React in Chromium, at 4×
 * CPU slowdown (a mid-range phone or an old office PC). Prints p50/p95/max over N
 * renders; no pass/fail (the goal: under 300 ms).
 *
 *   node --import tsx tests/bench/review-table.bench.ts [renders=30]
 */
import { summary, withBenchPage } from './browser/page-bench.ts';

const RENDERS = Number(process.argv[2] ?? 30);

async function main() {
  const timings = await withBenchPage('tests/bench/browser/review-table-entry.tsx', async (page) => {
    await page.evaluate('benchReviewTable(3)'); // warm-up: JIT
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    return (await page.evaluate(`benchReviewTable(${RENDERS})`)) as number[];
  });
  console.log(
    `render the review table (50 ponds × 3 slots × 6 general parameters, model + React + layout, 4× CPU slowdown), ${RENDERS} renders: ` +
      `${summary(timings)} (goal < 300 ms)`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
