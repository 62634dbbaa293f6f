/**
 * Feed-tray (anco) checks on the server: p50/p95 of a 30-pond × 4-feedings bulk POST
 * (120 checks of 4 trays, one entry round of a big farm) and of GET of a farm's last 90
 * days of checks (30 ponds × 4 feedings × 90 days = 10 800 rows), through app.inject.
 * Figures, not pass/fail. Spins its own embedded PostgreSQL in a temp dir.
 *
 *   node --import tsx tests/bench/anco-bulk.bench.ts [rounds=30]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createDb, migrateToLatest } from '../../src/server/db/database.ts';
import { startEmbeddedPostgres } from '../../src/server/db/embedded.ts';
import { farmToday } from '../../src/server/kernel/farm-clock.ts';
import { ANCO } from '../../src/server/modules/records/record-types.ts';
import { ANCO_STATUSES } from '../../src/shared/domain/anco.ts';
import { createFarm, quickUser } from '../helpers/farm-fixtures.ts';

const ROUNDS = Number(process.argv[2] ?? 30);
const PONDS = 30;
const FEEDINGS = 4;
const DAYS = 90;
const DAY_MS = 86_400_000;

const dayBefore = (today: string, n: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10);

function round(pondIds: string[], day: string, seed: number) {
  return pondIds.flatMap((pond_id, p) =>
    Array.from({ length: FEEDINGS }, (_, f) => ({
      id: uuidv7(),
      pond_id,
      check_date: day,
      feeding_time: f + 1,
      checked_at: `${String(8 + f * 4).padStart(2, '0')}:00`,
      data_anco: Array.from({ length: 4 }, (_, t) => ({
        tray: t + 1,
        status: ANCO_STATUSES[(seed + p + f + t) % 3],
      })),
    })),
  );
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const line = (label: string, times: number[]) =>
  console.log(
    `${label.padEnd(38)} p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms  (n=${times.length})`,
  );

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
    const today = farmToday();
    for (const pond_id of farm.pondIds) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/cycle',
        headers: owner.auth,
        payload: { pond_id, start_date: dayBefore(today, DAYS + 5) },
      });
      if (res.statusCode !== 201) throw new Error(`cycle: ${res.body}`);
    }
    const post = async (items: unknown[]) => {
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/anco/bulk',
        headers: owner.auth,
        payload: { items },
      });
      const ms = performance.now() - started;
      const results = res.json().data?.results ?? [];
      if (res.statusCode !== 200 || results.some((r: { status: string }) => r.status !== 'ok'))
        throw new Error(`bulk failed: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return ms;
    };

    // The 90 days of history (also the warm-up), one entry round per day.
    for (let d = DAYS - 1; d >= ROUNDS; d--) await post(round(farm.pondIds, dayBefore(today, d), d));
    const posts: number[] = [];
    for (let d = ROUNDS - 1; d >= 0; d--) posts.push(await post(round(farm.pondIds, dayBefore(today, d), d)));
    line(`POST /anco/bulk ${PONDS} ponds × ${FEEDINGS} feedings`, posts);
    const replays: number[] = [];
    const again = round(farm.pondIds, today, 1);
    await post(again);
    for (let i = 0; i < 10; i++) replays.push(await post(again));
    line('  same round replayed (stores nothing)', replays);

    const url = `/api/anco?farm_id=${farm.farmId}&from=${dayBefore(today, DAYS - 1)}`;
    const gets: number[] = [];
    let rows = 0;
    for (let i = 0; i < 21; i++) {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url, headers: owner.auth });
      const ms = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`list: ${res.body.slice(0, 200)}`);
      rows = res.json().data.length;
      if (i > 0) gets.push(ms); // the first one warms the plan cache
    }
    line(`GET /anco farm, ${DAYS} days (${rows} rows)`, gets);
    // Where the time goes: the service alone (query + mapping), without HTTP serialisation.
    const service: number[] = [];
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      await app.ctx.records.list(owner.id, ANCO, { farm_id: farm.farmId, from: dayBefore(today, DAYS - 1) });
      service.push(performance.now() - started);
    }
    line('  of which the service (query + mapping)', service);
  } finally {
    await app.close();
    await db.destroy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
