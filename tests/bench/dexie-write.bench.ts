/**
 * Saving one water reading offline, in Chromium on disk (persistent profile): time from
 * the save call to the committed Dexie transaction (record + outbox entry, strict
 * durability). Prints p50/p95/max over N saves; no pass/fail.
 *
 *   node --import tsx tests/bench/dexie-write.bench.ts [saves=300]
 */
import { summary, withBenchPage } from './browser/page-bench.ts';

const SAVES = Number(process.argv[2] ?? 300);

async function main() {
  const timings = await withBenchPage('tests/bench/browser/dexie-write-entry.ts', async (page) => {
    await page.evaluate('benchDexieWrite(20)'); // warm-up: open the database, JIT
    return (await page.evaluate(`benchDexieWrite(${SAVES})`)) as number[];
  });
  console.log(
    `save one reading (record + outbox, strict durability, on disk), ${SAVES} saves: ` +
      `${summary(timings)} (goal p95 < 10 ms)`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
