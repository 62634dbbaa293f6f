/**
 * How long the demo farm takes to load (issue 14: under 60 s on 2 cores), and how fast a
 * second run with the same seed replays it (nothing stored twice). A figure, not a
 * pass/fail. Spins its own embedded PostgreSQL in a temp dir.
 *
 *   node --import tsx tests/bench/demo-load.bench.ts [ponds=50] [days=730] [api|bulk]
 *
 * `bulk` writes the high-volume records straight into PostgreSQL (scripts/demo/bulk.ts).
 */
import { loadDemo } from '../../scripts/demo/load.ts';
import { startBenchApp } from '../helpers/bench-app.ts';

const PONDS = Number(process.argv[2] ?? 50);
const DAYS = Number(process.argv[3] ?? 730);
const BULK = process.argv[4] === 'bulk';

async function main() {
  const { app, db, stop } = await startBenchApp();
  try {
    for (const run of ['first load', 'replay (same seed)']) {
      const started = performance.now();
      const result = await loadDemo(app, db, { seed: 1, ponds: PONDS, days: DAYS, bulk: BULK });
      const seconds = (performance.now() - started) / 1000;
      const per = Object.entries(result.timings)
        .map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`)
        .join(', ');
      console.log(
        `demo ${run}${BULK ? ' (bulk)' : ''}: ${PONDS} ponds × ${DAYS} days, ${result.records} records in ${result.requests} requests, ` +
          `${seconds.toFixed(1)} s (${Math.round(result.records / seconds)} records/s; ${per})`,
      );
    }
  } finally {
    await stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
