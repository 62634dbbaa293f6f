/**
 * Cycle overview server-side: p50/p95 of `GET /api/overview` for a farm of 50 active
 * ponds, each with 120 days of deaths and samplings (plus a few partial harvests),
 * inserted straight with Kysely. Figures, not pass/fail (target: p95 < 100 ms).
 *
 *   node --import tsx tests/bench/overview.bench.ts [ponds=50] [days=120] [runs=200]
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
import { createFarm, quickUser } from '../helpers/farm-fixtures.ts';

const PONDS = Number(process.argv[2] ?? 50);
const DAYS = Number(process.argv[3] ?? 120);
const RUNS = Number(process.argv[4] ?? 200);

const dayOf = (offset: number) =>
  new Date(Date.UTC(2025, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

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
    const farm = await createFarm(app, owner, PONDS);
    const setupStart = performance.now();
    for (const pondId of farm.pondIds) {
      const cycleId = uuidv7();
      const stockId = uuidv7();
      await db
        .insertInto('cycles')
        .values({
          id: cycleId,
          farm_id: farm.farmId,
          pond_id: pondId,
          cycle_number: 1,
          start_date: dayOf(0),
          created_by: owner.id,
        })
        .execute();
      await db
        .insertInto('stocks')
        .values({
          id: stockId,
          farm_id: farm.farmId,
          pond_id: pondId,
          cycle_id: cycleId,
          stock_date: dayOf(0),
          seed_net: 200_000,
          seed_actual: 200_000,
          seed_source: null,
          pl_age: 10,
          bags: 100,
          seed_photo: null,
          created_by: owner.id,
        })
        .execute();
      const base = { farm_id: farm.farmId, pond_id: pondId, cycle_id: cycleId };
      await db
        .insertInto('deaths')
        .values(
          Array.from({ length: DAYS }, (_, d) => ({
            id: uuidv7(),
            ...base,
            stock_id: stockId,
            died_on: dayOf(d),
            count: 20 + (d % 30),
            total_weight_kg: 0.2,
            created_by: owner.id,
          })),
        )
        .execute();
      await db
        .insertInto('samplings')
        .values(
          Array.from({ length: DAYS }, (_, d) => ({
            id: uuidv7(),
            ...base,
            sampled_on: dayOf(d),
            shrimp_count: 100,
            sample_weight: 10 + d * 15,
            created_by: owner.id,
          })),
        )
        .execute();
      await db
        .insertInto('harvests')
        .values(
          [60, 90].map((d) => ({
            id: uuidv7(),
            ...base,
            stock_id: stockId,
            harvested_on: dayOf(d),
            type: 'partial',
            weight_kg: 150,
            size: 90,
            price_per_kg: 55_000,
            revenue: 150 * 55_000,
            created_by: owner.id,
          })),
        )
        .execute();
    }
    await sql`analyze`.execute(db);
    const setupMs = performance.now() - setupStart;
    const url = `/api/overview?farm_id=${farm.farmId}`;
    // Warm up: first use compiles the route's validators and serializers.
    for (let i = 0; i < 10; i++) await app.inject({ method: 'GET', url, headers: owner.auth });
    const times: number[] = [];
    let ponds = 0;
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      const res = await app.inject({ method: 'GET', url, headers: owner.auth });
      times.push(performance.now() - start);
      if (res.statusCode !== 200) throw new Error(res.body);
      ponds = res.json().data.ponds.length;
    }
    times.sort((a, b) => a - b);
    console.log(
      `overview: ${ponds} active ponds × ${DAYS} days of deaths and samplings (setup ${(setupMs / 1000).toFixed(1)} s)`,
    );
    console.log(
      `GET /api/overview over ${RUNS} runs: p50 ${quantile(times, 0.5).toFixed(1)} ms, p95 ${quantile(times, 0.95).toFixed(1)} ms, max ${times.at(-1)?.toFixed(1)} ms (target p95 < 100 ms)`,
    );
  } finally {
    await app.close();
    await db.destroy();
    // pg-pool resolves end() before its sockets have closed (as bulk-water.bench.ts).
    await new Promise((resolve) => setTimeout(resolve, 300));
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
