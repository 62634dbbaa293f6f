/**
 * Chart endpoints on the demo farm (issue 17: every chart endpoint under 200 ms p95 for a
 * year of 50 ponds). Loads the demo farm (scripts/demo) into its own embedded PostgreSQL,
 * then times each endpoint for one year: per call of 20 ponds (the most one call takes)
 * and for all the farm's ponds (the calls a screen of every pond makes, 20 + 20 + 10).
 * Figures, not pass/fail.
 *
 *   node --import tsx tests/bench/charts.bench.ts [ponds=50] [days=365] [runs=40]
 */
import { sql } from 'kysely';
import { loadDemo } from '../../scripts/demo/load.ts';
import { addDays, CHART_MAX_PONDS } from '../../src/shared/domain/chart-range.ts';
import { compareNames } from '../../src/shared/domain/natural-sort.ts';
import { startBenchApp } from '../helpers/bench-app.ts';

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

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

const ms = (v: number) => `${v.toFixed(1)} ms`;

async function main() {
  const { app, db, stop } = await startBenchApp();
  try {
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const started = performance.now();
    const { farmId, records } = await loadDemo(app, db, { seed: 1, ponds: PONDS, days: DAYS, today });
    console.log(
      `demo farm: ${PONDS} ponds × ${DAYS} days, ${records} records, loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    await sql`analyze`.execute(db);
    const owner = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'demo-owner@tambak.invalid')
      .executeTakeFirstOrThrow();
    const headers = { authorization: `Bearer ${await app.ctx.sessions.create(owner.id, 'bench')}` };
    const ponds = (
      await db.selectFrom('ponds').select(['id', 'name']).where('farm_id', '=', farmId).execute()
    )
      .sort((a, b) => compareNames(a.name, b.name))
      .map((p) => p.id);
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
  } finally {
    await stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
