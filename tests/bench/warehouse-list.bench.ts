/**
 * Warehouse list and history on a big farm (issue 15): 2,000 items and 100,000
 * movements (restocks, removals, uses over a year), server side through app.inject.
 * Prints p50/p95 of `GET /api/warehouse` (the whole list), one item's history, and the
 * farm's last 30 days of history (what the mirror pulls is 90 days); no pass/fail
 * (the goal: the list under 100 ms p95). Spins its own embedded PostgreSQL.
 *
 *   node --import tsx tests/bench/warehouse-list.bench.ts [runs=50]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createDb, migrateToLatest } from '../../src/server/db/database.ts';
import { startEmbeddedPostgres } from '../../src/server/db/embedded.ts';
import { createFarm, quickUser } from '../helpers/farm-fixtures.ts';

const RUNS = Number(process.argv[2] ?? 50);
const ITEMS = 2000;
const MOVEMENTS = 100_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

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
    const farm = await createFarm(app, owner, 30);
    // 2,000 farm products and items, then 100,000 movements spread over them and a year.
    await sql`
      insert into warehouse_products (id, farm_id, category_id, name_id, name_en, unit)
      select gen_random_uuid(), ${farm.farmId}, (array[5,3,6,1,2,4,7])[1 + i % 7], 'Produk ' || i, 'Product ' || i, 'Kg'
      from generate_series(1, ${ITEMS}) i`.execute(db);
    await sql`
      insert into warehouse_items (id, farm_id, product_id, unit, minimum_stock, price, qty)
      select gen_random_uuid(), farm_id, id, unit, (i % 50), 1000 + i, 0
      from (select *, row_number() over () as i from warehouse_products where farm_id = ${farm.farmId}) p`.execute(
      db,
    );
    await sql`
      with items as (select id, row_number() over (order by id) - 1 as n from warehouse_items where farm_id = ${farm.farmId})
      insert into warehouse_movements (id, farm_id, warehouse_id, kind, qty, unit_price, value, pond_id, used_on, time)
      select gen_random_uuid(), ${farm.farmId}, items.id,
        case when g % 10 = 0 then 'store' when g % 37 = 0 then 'remove' else 'use' end,
        1 + (g % 20) * 0.25, 1500, round((1 + (g % 20) * 0.25) * 1500),
        case when g % 10 = 0 or g % 37 = 0 then null else (${sql.val(farm.pondIds)}::uuid[])[1 + g % 30] end,
        date '2025-01-01' + (g % 365), '06:00'
      from generate_series(1, ${MOVEMENTS}) g join items on items.n = g % ${ITEMS}`.execute(db);
    await sql`
      update warehouse_items w set qty = s.q from (
        select warehouse_id, sum(case kind when 'store' then qty else -qty end) as q
        from warehouse_movements group by warehouse_id) s where s.warehouse_id = w.id`.execute(db);
    await sql`analyze`.execute(db);
    const anItem = (await db.selectFrom('warehouse_items').select('id').limit(1).executeTakeFirstOrThrow())
      .id;

    const measure = async (label: string, url: string) => {
      const get = () => app.inject({ method: 'GET', url, headers: owner.auth });
      const warm = await get();
      if (warm.statusCode !== 200) throw new Error(`${url}: ${warm.statusCode} ${warm.body.slice(0, 200)}`);
      const rows = JSON.parse(warm.body).data.length;
      const timings: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        await get();
        timings.push(performance.now() - started);
      }
      timings.sort((a, b) => a - b);
      console.log(
        `${label.padEnd(34)} ${String(rows).padStart(6)} rows: p50 ${percentile(timings, 50).toFixed(1)} ms, p95 ${percentile(timings, 95).toFixed(1)} ms`,
      );
    };
    console.log(`farm with ${ITEMS} items and ${MOVEMENTS} movements, ${RUNS} runs each (app.inject)`);
    await measure('GET /warehouse (whole list)', `/api/warehouse?farm_id=${farm.farmId}`);
    await measure(
      'GET /warehouse/history (one item)',
      `/api/warehouse/history?farm_id=${farm.farmId}&warehouse_id=${anItem}`,
    );
    await measure(
      'GET /warehouse/history (30 days)',
      `/api/warehouse/history?farm_id=${farm.farmId}&from=2025-12-01&to=2025-12-31`,
    );
  } finally {
    await app.close();
    await db.destroy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
