/**
 * A bigger demo farm holds (issue 32 point 6): the demo farm with 200 ponds × 2 years,
 * loaded once, then the server side of the screens a manager opens on it, each timed
 * through the API with the owner's session (p50 / p95 over N calls; goal p95 ≤ 300 ms for
 * the overview and the daily review's reads), a one-year report of 50 ponds (the most one
 * report takes; request → PDF and XLSX stored), and a new device's first sync of the farm into an empty Dexie
 * (fake-indexeddb) over a real socket with the client's own pull code (goal ≤ 15 s).
 * Prints figures and the load average; no pass/fail.
 *
 *   node --import tsx tests/bench/farm-200.bench.ts [ponds=200] [days=730] [runs=30]
 *
 * FARM200_ONLY=sync: the first sync alone, with each list's server time and size and the
 * device's time writing rows (ADR 0082). The same sync in Chromium: farm-200-browser.bench.ts.
 * FARM200_ONLY=board times only the attention board (no other screen, report or first sync).
 */
import 'fake-indexeddb/auto';
import { loadavg } from 'node:os';
import { systemClock } from '../../src/local/clock.ts';
import { TambakDb } from '../../src/local/db.ts';
import { newId } from '../../src/local/ids.ts';
import { resources } from '../../src/local/resources.ts';
import { REPORT_MAX_PONDS } from '../../src/shared/contracts/reports.ts';
import { ANALYSIS_MAX_PONDS } from '../../src/shared/domain/analysis.ts';
import { addDays } from '../../src/shared/domain/chart-range.ts';
import { type DemoBench, ms, quantile, withDemoFarm } from '../helpers/bench-demo.ts';
import { firstSyncFigures } from './browser/first-sync-probe.ts';

const PONDS = Number(process.argv[2] ?? 200);
const DAYS = Number(process.argv[3] ?? 730);
const RUNS = Number(process.argv[4] ?? 30);
/** FARM200_ONLY=sync or board: only the first sync (with each list's server time) or only the board. */
const ONLY = process.env.FARM200_ONLY;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** p50/p95 of GET `url` over RUNS calls after three warm-ups. */
async function timeGet({ app, headers }: DemoBench, label: string, url: string, goal: string) {
  const once = async () => {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url, headers });
    const t = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return t;
  };
  // The first call (nothing prepared, planned or kept yet), then two more warm-ups.
  const first = await once();
  for (let i = 0; i < 2; i++) await once();
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) times.push(await once());
  times.sort((a, b) => a - b);
  console.log(
    `  ${label.padEnd(44)} p50 ${ms(quantile(times, 0.5))}, p95 ${ms(quantile(times, 0.95))} (${goal}); first call ${ms(first)}`,
  );
}

/** A one-year report of as many ponds as one report takes (REPORT_MAX_PONDS: a 200-pond farm asks four). */
async function report(demo: DemoBench) {
  const { app, headers, farmId, today } = demo;
  const ponds = demo.ponds.slice(0, REPORT_MAX_PONDS);
  const t0 = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/report?lang=id',
    headers,
    payload: { farm_id: farmId, pond_ids: ponds, from: addDays(today, -365), to: today },
  });
  if (res.statusCode !== 202) throw new Error(`POST /api/report: ${res.statusCode} ${res.body}`);
  const id = res.json().data.id as string;
  for (;;) {
    const job = (await app.inject({ url: `/api/report/${id}`, headers })).json().data as {
      status: string;
      error: string | null;
    };
    if (job.status === 'failed') throw new Error(`report failed: ${job.error}`);
    if (job.status === 'done') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  console.log(
    `  one-year report of ${ponds.length} ponds (request → PDF and XLSX stored) ${((performance.now() - t0) / 1000).toFixed(1)} s (goal < 10 s)`,
  );
}

/**
 * Each mirrored list's own GET, timed on the server alone (inject: no socket, no device),
 * with the size of its answer: where the first sync's server time and bytes go.
 */
async function perResource({ app, headers, farmId }: DemoBench) {
  const rows: { name: string; ms: number; bytes: number; items: number }[] = [];
  for (const r of resources()) {
    if (!r.pull) continue;
    const query = new URLSearchParams(r.pull.query?.(systemClock.now()));
    if (r.scope === 'farm') query.set('farm_id', farmId);
    const url = `${r.pull.url}?${query.toString()}`;
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url, headers });
    const t = performance.now() - t0;
    const items = (res.json() as { data?: unknown[] }).data?.length ?? 0;
    rows.push({ name: r.name, ms: t, bytes: res.payload.length, items });
  }
  rows.sort((a, b) => b.ms - a.ms);
  const total = rows.reduce((s, r) => s + r.ms, 0);
  const bytes = rows.reduce((s, r) => s + r.bytes, 0);
  console.log(
    `  server, each list's GET alone: ${(total / 1000).toFixed(1)} s, ${(bytes / 1e6).toFixed(1)} MB (load ${load()})`,
  );
  for (const r of rows.slice(0, 10))
    console.log(
      `    ${r.name.padEnd(20)} ${ms(r.ms).padStart(10)} ${(r.bytes / 1e6).toFixed(2).padStart(6)} MB ${String(r.items).padStart(7)} rows`,
    );
}

async function firstSync({ app, headers, farmId }: DemoBench) {
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const token = headers.authorization.slice('Bearer '.length);
  const db = new TambakDb(`first-sync-${newId()}`);
  try {
    const r = await firstSyncFigures(db, base, token, farmId);
    console.log(
      `  a new device's first sync: ready in ${(r.ms / 1000).toFixed(1)} s with ${r.readyRows} rows (goal ≤ 15 s), ` +
        `the rest in ${(r.restMs / 1000).toFixed(1)} s more (background), ${r.rows} rows in all, ${r.requests} requests; ` +
        `answers ${(r.bytes / 1e6).toFixed(1)} MB, waited for ${(r.serverMs / 1000).toFixed(1)} s (request to last byte; the next page ` +
        `is asked for while one is applied), writing rows to Dexie (fake-indexeddb, bulkPut) ${(r.putMs / 1000).toFixed(1)} s, ` +
        `parsing ${(r.parseMs / 1000).toFixed(1)} s`,
    );
    console.log(`    ready with: ${r.readyTables.join(', ')}`);
  } finally {
    db.close();
    await db.delete();
  }
}

async function main() {
  await withDemoFarm(PONDS, DAYS, async (demo) => {
    const { farmId, ponds, today } = demo;
    if (ONLY === 'sync') {
      console.log(`${PONDS} ponds × ${DAYS} days, first sync only; load average before ${load()}`);
      await perResource(demo);
      await firstSync(demo);
      console.log(`load average after ${load()}`);
      return;
    }
    console.log(`${PONDS} ponds × ${DAYS} days, ${RUNS} calls each; load average before ${load()}`);
    const q = `farm_id=${farmId}`;
    if (ONLY === 'board') {
      await timeGet(demo, 'attention board', `/api/attention?${q}`, 'goal p95 ≤ 200 ms');
      console.log(`load average after ${load()}`);
      return;
    }
    await timeGet(demo, 'overview', `/api/overview?${q}`, 'goal p95 ≤ 300 ms');
    await timeGet(
      demo,
      "daily review's readings (general, one day)",
      `/api/water/general?${q}&from=${today}&to=${today}`,
      'goal p95 ≤ 300 ms',
    );
    await timeGet(demo, 'attention board', `/api/attention?${q}`, 'goal p95 ≤ 200 ms');
    // The analysis reads at most ANALYSIS_MAX_PONDS ponds at once (the screen asks for a page of them).
    const page = `${q}&ponds=${ponds.slice(0, ANALYSIS_MAX_PONDS).join(',')}`;
    const shown = `${Math.min(ponds.length, ANALYSIS_MAX_PONDS)} ponds`;
    await timeGet(
      demo,
      `analysis: water (${shown})`,
      `/api/farm/water?${page}&start_date=${today}`,
      'goal p95 < 200 ms',
    );
    await timeGet(
      demo,
      `analysis: feed products (${shown})`,
      `/api/farm/product?${page}&start_date=${today}`,
      'goal p95 < 200 ms',
    );
    const series = ['ph', 'do', 'feed', 'abw', 'death', 'tan', 'size', 'temperature']
      .map((m, i) => `${ponds[(i * 25) % ponds.length]}:${m}`)
      .join(',');
    await timeGet(
      demo,
      'comparison, 8 series × a year',
      `/api/multipleComparison?${q}&from=${addDays(today, -365)}&to=${today}&type=1&series=${series}`,
      'goal p95 < 200 ms',
    );
    await report(demo);
    await firstSync(demo);
    console.log(`load average after ${load()}`);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
