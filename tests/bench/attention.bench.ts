/**
 * The attention board's server query on the demo farm (issue 31: p95 ≤ 200 ms for 50 ponds
 * × 2 years). Loads the demo farm (scripts/demo, its seeded problems included) into its own
 * embedded PostgreSQL, then times GET /api/attention for the owner. Figures, not pass/fail.
 *
 *   node --import tsx tests/bench/attention.bench.ts [ponds=50] [days=730] [runs=60]
 */
import { loadavg } from 'node:os';
import { ms, quantile, withDemoFarm } from '../helpers/bench-demo.ts';

const PONDS = Number(process.argv[2] ?? 50);
const DAYS = Number(process.argv[3] ?? 730);
const RUNS = Number(process.argv[4] ?? 60);

async function main() {
  await withDemoFarm(PONDS, DAYS, async ({ app, farmId, headers }) => {
    const url = `/api/attention?farm_id=${farmId}`;
    const time = async () => {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url, headers });
      const t = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return { t, items: (res.json().data.items as unknown[]).length };
    };
    for (let i = 0; i < 5; i++) await time();
    const times: number[] = [];
    let items = 0;
    for (let run = 0; run < RUNS; run++) {
      const r = await time();
      times.push(r.t);
      items = r.items;
    }
    times.sort((a, b) => a - b);
    console.log(
      `GET /api/attention (${PONDS} ponds × ${DAYS} days, ${items} items) ${RUNS} runs: p50 ${ms(quantile(times, 0.5))}, ` +
        `p95 ${ms(quantile(times, 0.95))}, max ${ms(times[times.length - 1])} (target p95 ≤ 200 ms); load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
    );
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
