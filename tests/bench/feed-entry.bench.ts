/**
 * Saving one feed entry offline (issue 15): 30 ponds × 4 feeding times = 120 use records
 * and their outbox entries, built by the entry model and written in one strict-durability
 * Dexie transaction, in Chromium on disk (persistent profile). Prints p50/p95/max over N
 * saves; no pass/fail (the goal: p95 under 20 ms).
 *
 *   node --import tsx tests/bench/feed-entry.bench.ts [saves=60]
 */
import { summary, withBenchPage } from './browser/page-bench.ts';

const SAVES = Number(process.argv[2] ?? 60);

async function main() {
  const timings = await withBenchPage('tests/bench/browser/feed-entry-entry.ts', async (page) => {
    await page.evaluate('benchFeedEntry(5)'); // warm-up: open the database, JIT
    return (await page.evaluate(`benchFeedEntry(${SAVES})`)) as number[];
  });
  console.log(
    `save one feed entry (30 ponds × 4 times = 120 records + outbox, strict durability, on disk), ${SAVES} saves: ` +
      `${summary(timings)} (goal p95 < 20 ms)`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
