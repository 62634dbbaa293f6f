/**
 * Chart endpoints on the demo farm (issue 17: every chart endpoint under 200 ms p95 for a
 * year of 50 ponds). Loads the demo farm (scripts/demo) into its own embedded PostgreSQL,
 * then times each endpoint for one year: per call of 20 ponds (the most one call takes)
 * and for all the farm's ponds (the calls a screen of every pond makes, 20 + 20 + 10).
 * Figures, not pass/fail.
 *
 *   node --import tsx tests/bench/charts.bench.ts [ponds=50] [days=365] [runs=40]
 */

import { addDays, CHART_MAX_PONDS } from '../../src/shared/domain/chart-range.ts';
import { ms, quantile, withDemoFarm } from '../helpers/bench-demo.ts';

const PONDS = Number(process.argv[2] ?? 50);
const DAYS = Number(process.argv[3] ?? 365);
const RUNS = Number(process.argv[4] ?? 40);

const ENDPOINTS = [
  '/api/chart/water?parameter=ph',
  '/api/chart/water?parameter=tan',
  '/api/chart/sampling',
  '/api/chart/feed',
  '/api/chart/feed/daily',
  '/api/chart/feedAccumulative',
  '/api/chart/feed/accumulative/daily',
  '/api/chart/usagePrice',
];

async function main() {
  await withDemoFarm(PONDS, DAYS, async ({ app, headers, ponds, today }) => {
    const groups: string[][] = [];
    for (let i = 0; i < ponds.length; i += CHART_MAX_PONDS) groups.push(ponds.slice(i, i + CHART_MAX_PONDS));
    const range = `from=${addDays(today, -(Math.min(DAYS, 366) - 1))}&to=${today}`;

    for (const endpoint of ENDPOINTS) {
      const url = (group: string[]) =>
        `${endpoint}${endpoint.includes('?') ? '&' : '?'}${range}&ponds=${group.join(',')}`;
      let points = 0;
      const call = async (group: string[]) => {
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url: url(group), headers });
        const t = performance.now() - t0;
        if (res.statusCode !== 200) throw new Error(`${endpoint}: ${res.statusCode} ${res.body}`);
        return {
          t,
          points: res.json().data.reduce((n: number, s: { points: unknown[] }) => n + s.points.length, 0),
        };
      };
      for (let i = 0; i < 3; i++) await call(groups[0]); // warm up validators and plans
      const perCall: number[] = [];
      const perFarm: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        let farmTime = 0;
        points = 0;
        for (const group of groups) {
          const r = await call(group);
          perCall.push(r.t);
          farmTime += r.t;
          points += r.points;
        }
        perFarm.push(farmTime);
      }
      perCall.sort((a, b) => a - b);
      perFarm.sort((a, b) => a - b);
      console.log(
        `GET ${endpoint.padEnd(38)} ${String(points).padStart(6)} points/year of ${ponds.length} ponds | ` +
          `call of ≤${CHART_MAX_PONDS} ponds p50 ${ms(quantile(perCall, 0.5))}, p95 ${ms(quantile(perCall, 0.95))} | ` +
          `all ${ponds.length} ponds (${groups.length} calls) p50 ${ms(quantile(perFarm, 0.5))}, p95 ${ms(quantile(perFarm, 0.95))} (target p95 < 200 ms)`,
      );
    }
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
