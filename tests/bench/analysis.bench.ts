/**
 * Farm analysis and comparison endpoints on the demo farm (issue 17: every analysis
 * endpoint under 200 ms p95 for a year of 50 ponds). Loads the demo farm (scripts/demo)
 * into its own embedded PostgreSQL, then times each analysis call for the whole farm (all
 * ponds, one call) on days spread over the year, and the comparison over the whole year
 * (type 1, 8 series; type 0, 8 series over 92 days). Figures, not pass/fail.
 *
 *   node --import tsx tests/bench/analysis.bench.ts [ponds=50] [days=365] [runs=40]
 */

import { addDays } from '../../src/shared/domain/chart-range.ts';
import { ms, quantile, withDemoFarm } from '../helpers/bench-demo.ts';

const PONDS = Number(process.argv[2] ?? 50);
const DAYS = Number(process.argv[3] ?? 365);
const RUNS = Number(process.argv[4] ?? 40);

const ANALYSIS = [
  '/api/farm/water',
  '/api/farm/water?kind=chemical',
  '/api/farm/water/standar',
  '/api/farm/product',
  '/api/farm/product/cumulative',
  '/api/farm/product/cumulative?category_ids=5',
  '/api/farm/product/weekly',
  '/api/farm/anco',
  '/api/shrimData',
  '/api/farm/status',
];

async function main() {
  await withDemoFarm(PONDS, DAYS, async ({ app, farmId, headers, ponds, today }) => {
    const time = async (url: string) => {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url, headers });
      const t = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return { t, rows: (res.json().data as unknown[]).length };
    };
    const report = (label: string, times: number[], extra: string) => {
      times.sort((a, b) => a - b);
      console.log(
        `GET ${label.padEnd(46)} ${extra} | p50 ${ms(quantile(times, 0.5))}, p95 ${ms(quantile(times, 0.95))} (target p95 < 200 ms)`,
      );
    };

    for (const endpoint of ANALYSIS) {
      const url = (day: string) =>
        `${endpoint}${endpoint.includes('?') ? '&' : '?'}farm_id=${farmId}&start_date=${day}`;
      for (let i = 0; i < 3; i++) await time(url(today));
      const times: number[] = [];
      let rows = 0;
      for (let run = 0; run < RUNS; run++) {
        // Days spread over the year: some mid-cycle, some between cycles.
        const day = addDays(today, -Math.floor((run * (Math.min(DAYS, 366) - 1)) / RUNS));
        const r = await time(url(day));
        times.push(r.t);
        rows = r.rows;
      }
      report(endpoint, times, `${rows} rows a call`);
    }

    const metrics = ['ph', 'do', 'feed', 'abw', 'death', 'tan', 'size', 'temperature'];
    const series = metrics.map((m, i) => `${ponds[i % ponds.length]}:${m}`).join(',');
    for (const [type, days] of [
      ['1', Math.min(DAYS, 366)],
      ['0', Math.min(DAYS, 92)],
    ] as const) {
      const url = `/api/multipleComparison?farm_id=${farmId}&from=${addDays(today, -(days - 1))}&to=${today}&type=${type}&series=${series}`;
      for (let i = 0; i < 3; i++) await time(url);
      const times: number[] = [];
      for (let run = 0; run < RUNS; run++) times.push((await time(url)).t);
      report(`/api/multipleComparison type ${type}`, times, `8 series × ${days} days`);
    }
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
