/**
 * Finance statistics over 5 years of 50 transactions a day (91,250 rows, issue 16): the
 * server-side time of each statistics route (app.inject: routing, authorization, SQL,
 * serialisation), p50 and p95 of repeated calls. Target < 150 ms p95; a figure, not a
 * pass/fail. Spins its own embedded PostgreSQL in a temp dir. Rows are inserted directly
 * (one INSERT … SELECT), the way years of history would sit in the table.
 *
 *   node --import tsx tests/bench/finance-stats.bench.ts [runs=30]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createDb, migrateToLatest } from '../../src/server/db/database.ts';
import { startEmbeddedPostgres } from '../../src/server/db/embedded.ts';
import { BUILT_IN_CATEGORIES } from '../../src/shared/domain/finance.ts';
import { createFarm, quickUser } from '../helpers/farm-fixtures.ts';

const RUNS = Number(process.argv[2] ?? 30);
const YEARS = 5;
const PER_DAY = 50;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'tambak-bench-pg-'));
  const cluster = await startEmbeddedPostgres(dir, 56000 + Math.floor(Math.random() * 4000), true);
  await cluster.createDatabase('bench');
  const db = createDb(cluster.url('bench'), 10);
  await migrateToLatest(db);
  const config = loadConfig({
    NODE_ENV: 'test',
    STATIC_DIR: '',
    LOG_LEVEL: 'error',
    RATE_LIMIT_PER_MINUTE: '1000000',
  });
  const app = await buildApp(config, { db });
  try {
    const owner = await quickUser(app, 'bench');
    const farm = await createFarm(app, owner, 10);
    // A second farm with the same volume: the figures must not read it.
    const other = await createFarm(app, owner, 1);
    const accounts = [uuidv7(), uuidv7(), uuidv7()];
    for (const farmId of [farm.farmId, other.farmId]) {
      const ids = farmId === farm.farmId ? accounts : [uuidv7()];
      for (const [i, id] of ids.entries())
        await db
          .insertInto('finance_accounts')
          .values({
            id,
            farm_id: farmId,
            name: `Akun ${i + 1}`,
            start_date: '2020-01-01',
            created_by: owner.id,
          })
          .execute();
      const categories = BUILT_IN_CATEGORIES.map((c) => `('${c.id}'::uuid, '${c.type}')`).join(', ');
      const started = performance.now();
      await sql`
        insert into finance_transactions (id, farm_id, account_id, category_id, type, method, nominal, transaction_date, note, created_by)
        select gen_random_uuid(), ${farmId}::uuid,
          (${sql.raw(`array[${ids.map((a) => `'${a}'::uuid`).join(',')}]`)})[1 + (n % ${ids.length})],
          c.id, c.type, 'cash', 10000 + (n * 7919) % 50000000, date '2021-01-01' + (n / ${PER_DAY}), '', ${owner.id}::uuid
        from generate_series(0, ${YEARS * 365 * PER_DAY - 1}) as n
        cross join lateral (select id, type from (values ${sql.raw(categories)}) as v(id, type)
          offset (n % ${BUILT_IN_CATEGORIES.length}) limit 1) c`.execute(db);
      // As autovacuum leaves a settled table: statistics and the visibility map (index-only scans).
      await sql`vacuum analyze finance_transactions`.execute(db);
      if (farmId === farm.farmId)
        console.log(
          `inserted ${YEARS * 365 * PER_DAY} transactions in ${Math.round(performance.now() - started)} ms`,
        );
    }
    const f = farm.farmId;
    const routes: [string, string][] = [
      ['totalTransaction (5 years)', `/api/totalTransaction?farm_id=${f}`],
      [
        'totalTransaction (1 account, 1 year)',
        `/api/totalTransaction?farm_id=${f}&account_id=${accounts[0]}&from=2024-01-01&to=2024-12-31`,
      ],
      ['chartCashFlowPerMonth (5 years)', `/api/chartCashFlowPerMonth?farm_id=${f}`],
      [
        'chartCashFlowPerMonth (1 year)',
        `/api/chartCashFlowPerMonth?farm_id=${f}&from=2024-01-01&to=2024-12-31`,
      ],
      ['arusKasPercategory (month)', `/api/arusKasPercategoryFilterByMonth?farm_id=${f}&month=2024-06`],
      ['arusKasPercategory (5 years)', `/api/arusKasPercategoryFilterByMonth?farm_id=${f}`],
      [
        'groupTransaction (1 year, out)',
        `/api/groupTransaction?farm_id=${f}&type=out&from=2024-01-01&to=2024-12-31`,
      ],
      ['analysHpp (5 years)', `/api/analysHpp?farm_id=${f}`],
      ['getProductivitas', `/api/getProductivitas?farm_id=${f}`],
      ['GET /account (totals)', `/api/account?farm_id=${f}`],
    ];
    for (const [label, url] of routes) {
      const call = async () => {
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url, headers: owner.auth });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        return performance.now() - t0;
      };
      await call(); // warm-up: plans, JIT
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) times.push(await call());
      times.sort((a, b) => a - b);
      console.log(
        `${label.padEnd(40)} p50 ${pct(times, 50).toFixed(1).padStart(7)} ms   p95 ${pct(times, 95).toFixed(1).padStart(7)} ms`,
      );
    }
  } finally {
    await app.close();
    await db.destroy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
