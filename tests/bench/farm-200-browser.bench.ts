/**
 * A new device's first sync of the 200-pond × 2-year demo farm (issue 32 point 6) in a real
 * browser: the client's own pull code, bundled into a page on 127.0.0.1:3281 in Debian's
 * Chromium, pulls from the bench server over the loopback (compressed as a phone asks for
 * it) into IndexedDB. Timed to "ready" (every list, the long ones in part; goal ≤ 15 s) and
 * to every row (the rest, asked after: in the app it comes in the background, ADR 0086).
 * Prints figures and the load average; no pass/fail.
 *
 *   DEMO_KEEP_DIR=… DEMO_KEEP_PORT=… node --import tsx tests/bench/farm-200-browser.bench.ts [ponds=200] [days=730] [runs=2]
 */
import { loadavg } from 'node:os';
import { withDemoFarm } from '../helpers/bench-demo.ts';
import type { FirstSyncFigures } from './browser/first-sync-probe.ts';
import { withBenchPage } from './browser/page-bench.ts';

const PONDS = Number(process.argv[2] ?? 200);
const DAYS = Number(process.argv[3] ?? 730);
const RUNS = Number(process.argv[4] ?? 2);
const PAGE_PORT = Number(process.env.BENCH_PAGE_PORT ?? 3281);

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function main() {
  // The page's origin is not the API's: the bench server lets it in.
  process.env.CORS_ORIGINS = `http://127.0.0.1:${PAGE_PORT}`;
  await withDemoFarm(PONDS, DAYS, async ({ app, headers, farmId }) => {
    const api = await app.listen({ port: 0, host: '127.0.0.1' });
    const token = headers.authorization.slice('Bearer '.length);
    await withBenchPage(
      'tests/bench/browser/first-sync-entry.ts',
      async (page) => {
        for (let run = 0; run < RUNS; run++) {
          const before = load();
          const r = (await page.evaluate(
            (args) =>
              (
                globalThis as unknown as { benchFirstSync: (a: typeof args) => Promise<FirstSyncFigures> }
              ).benchFirstSync(args),
            { api, token, farmId },
          )) as FirstSyncFigures;
          if (r.bad.length > 0) throw new Error(`not pulled: ${r.bad.join('; ').slice(0, 500)}`);
          console.log(
            `  Chromium, first sync of ${PONDS} ponds × ${DAYS} days: ready in ${(r.ms / 1000).toFixed(1)} s with ${r.readyRows} rows ` +
              `(goal ≤ 15 s), the rest in ${(r.restMs / 1000).toFixed(1)} s more (background), ${r.rows} rows in all, ${r.requests} requests; answers ${(r.bytes / 1e6).toFixed(1)} MB in ${(r.serverMs / 1000).toFixed(1)} s, ` +
              `writing rows (bulkPut) ${(r.putMs / 1000).toFixed(1)} s, parsing ${(r.parseMs / 1000).toFixed(1)} s (load before ${before}, after ${load()})`,
          );
          console.log(`    ready with: ${r.readyTables.join(', ')}`);
        }
      },
      PAGE_PORT,
    );
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
