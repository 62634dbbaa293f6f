/**
 * Saving one feed entry offline (issue 15): 30 ponds × 4 feeding times = 120 use records
 * and their outbox entries, built by the entry model and saved in one strict-durability
 * journal write (ADR 0019), in Chromium on disk (persistent profile). Prints p50/p95/max
 * over N saves of the save (durable: what the keeper waits for) and of the apply (rows in
 * the lists, entries in the outbox); no pass/fail (the goal: save p95 under 20 ms).
 *
 *   node --import tsx tests/bench/feed-entry.bench.ts [saves=60]
 */
import { summary, withBenchPage } from './browser/page-bench.ts';

const SAVES = Number(process.argv[2] ?? 60);

async function main() {
  const timings = await withBenchPage('tests/bench/browser/feed-entry-entry.ts', async (page) => {
    await page.evaluate('benchFeedEntry(5)'); // warm-up: open the database, JIT
    return (await page.evaluate(`benchFeedEntry(${SAVES})`)) as { saved: number[]; applied: number[] };
  });
  console.log(
    `save one feed entry (30 ponds × 4 times = 120 records, one journal write, strict durability, on disk), ${SAVES} saves: ` +
      `${summary(timings.saved)} (goal p95 < 20 ms)`,
  );
  console.log(
    `  … then in the lists and the outbox (120 rows + 120 entries applied), from the save's start: ${summary(timings.applied)}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
