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
 * FARM200_ONLY=board times only the attention board (no other screen, report or first sync).
 */
import 'fake-indexeddb/auto';
import { loadavg } from 'node:os';
import { systemClock } from '../../src/local/clock.ts';
import { TambakDb } from '../../src/local/db.ts';
import { newId } from '../../src/local/ids.ts';
import { resources } from '../../src/local/resources.ts';
import { pullResources } from '../../src/local/sync/pull.ts';
import { createFetchTransport } from '../../src/local/sync/transport.ts';
import { REPORT_MAX_PONDS } from '../../src/shared/contracts/reports.ts';
import { ANALYSIS_MAX_PONDS } from '../../src/shared/domain/analysis.ts';
import { addDays } from '../../src/shared/domain/chart-range.ts';
import { type DemoBench, ms, quantile, withDemoFarm } from '../helpers/bench-demo.ts';

const PONDS = Number(process.argv[2] ?? 200);
const DAYS = Number(process.argv[3] ?? 730);
const RUNS = Number(process.argv[4] ?? 30);
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

async function firstSync({ app, headers, farmId }: DemoBench) {
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const token = headers.authorization.slice('Bearer '.length);
  let requests = 0;
  let serverMs = 0;
  let bytes = 0;
  // The server's part: from the request to the answer's last byte (the rest is the device's).
  const fetchFn: typeof fetch = async (input, init) => {
    requests += 1;
    const t0 = performance.now();
    const res = await fetch(new URL(String(input), base), init);
    const body = await res.arrayBuffer();
    serverMs += performance.now() - t0;
    bytes += body.byteLength;
    return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
  const db = new TambakDb(`first-sync-${newId()}`);
  try {
    const transport = createFetchTransport({ getToken: () => token, fetchFn });
    const t0 = performance.now();
    await pullResources({ db, transport, clock: systemClock }, resources(), farmId);
    const seconds = (performance.now() - t0) / 1000;
    let rows = 0;
    for (const table of db.tables) rows += await table.count();
    console.log(
      `  a new device's first sync: ${requests} requests, ${rows} rows in Dexie, ${seconds.toFixed(1)} s (goal ≤ 15 s); ` +
        `answers ${(bytes / 1e6).toFixed(1)} MB in ${(serverMs / 1000).toFixed(1)} s, the rest applying them to Dexie (fake-indexeddb)`,
    );
  } finally {
    db.close();
    await db.delete();
  }
}

async function main() {
  await withDemoFarm(PONDS, DAYS, async (demo) => {
    const { farmId, ponds, today } = demo;
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
