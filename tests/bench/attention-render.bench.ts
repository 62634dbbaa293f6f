/**
 * The attention board rendered by the built app on the real server, on the demo farm
 * (issue 31: under 1 s on a desktop, under 2 s at 4× CPU, 50 ponds × 2 years). Loads the
 * demo farm into the server's database with `scripts/demo-data.ts --bulk` (ADR 0079),
 * opens it as a visitor, then times from navigation to the board's list shown
 * (the server query, the route's chunk, React and layout), at 1280×800 with the CPU as is
 * and slowed 4× through the DevTools protocol. Figures, not pass/fail.
 *
 * Each render also prints its breakdown (issue 31), read in the page from the Resource
 * Timing and Long Tasks APIs, so it needs no clock shared with Node: when the board's
 * GET /api/attention started and was sent (the gap is the browser queueing it behind
 * other requests), the server's answer, the list painted (the frame after it appeared),
 * and what else the page requested or ran in that window (start-up requests still in
 * flight, main-thread tasks over 50 ms). Then the same again with the board's offline
 * copy kept (ADR 0075: the copy shows at once, the server's answer replaces it).
 *
 *   node --import tsx tests/bench/attention-render.bench.ts [ponds=50] [days=730] [runs=8]
 */
import { loadavg } from 'node:os';
import { API_CACHE_NAME } from '../../src/local/sync/worker-protocol.ts';
import { loadDemoInto } from '../helpers/app-server.ts';
import { benchSignUp, withAppAndBrowser } from '../helpers/bench-typing.ts';
import { percentile, summary } from './browser/page-bench.ts';

const PONDS = Number(process.argv[2] ?? 50);
const DAYS = Number(process.argv[3] ?? 730);
const RUNS = Number(process.argv[4] ?? 8);

async function main() {
  await withAppAndBrowser(async (app, browser) => {
    const farmId = await loadDemoInto(app.databaseUrl, PONDS, DAYS);
    const session = await benchSignUp(app.url);
    const join = await fetch(`${app.url}/api/demo/join`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.token}` },
    });
    if (!join.ok) throw new Error(`demo join: ${join.status}`);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'id-ID' });
    await context.addInitScript(
      (stored) => localStorage.setItem('tambak:session', stored),
      JSON.stringify({ token: session.token, user: session.user, pu_id: session.user.pu_id }),
    );
    // tsx names the functions handed to page.evaluate with a `__name` helper the page lacks.
    await context.addInitScript('globalThis.__name = (f) => f');
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    // The sync engine's pulls (POST /api/sync/pull), in Node's clock: the page's Resource
    // Timing lists a request only once it ended, and a pull often ends after the board.
    const pullLog: { id: string; sent: number; ended?: number }[] = [];
    await cdp.send('Network.enable');
    cdp.on('Network.requestWillBeSent', (e) => {
      if (e.request.url.includes('/api/sync/pull'))
        pullLog.push({ id: e.requestId, sent: performance.now() });
    });
    const ended = (e: { requestId: string }) => {
      const pull = pullLog.find((p) => p.id === e.requestId);
      if (pull && pull.ended === undefined) pull.ended = performance.now();
    };
    cdp.on('Network.loadingFinished', ended);
    cdp.on('Network.loadingFailed', ended);
    /** From `t0` on: the pulls in flight then or started after, as "sent→ended" ms from t0. */
    const pullsSince = (t0: number) => () =>
      pullLog
        .filter((p) => p.ended === undefined || p.ended > t0)
        .map(
          (p) => `${Math.round(p.sent - t0)}→${p.ended === undefined ? 'open' : Math.round(p.ended - t0)}`,
        );
    // The farm list and the app shell first, so each timing is the board's own.
    await page.goto(`${app.url}/farm/${farmId}?home=farm`);
    await page.locator('.page-header__title').first().waitFor({ timeout: 60_000 });
    let items = 0;
    for (const keepCopy of [false, true]) {
      for (const rate of [1, 4]) {
        await cdp.send('Emulation.setCPUThrottlingRate', { rate });
        const timings: number[] = [];
        const breakdowns: Breakdown[] = [];
        for (let i = 0; i < RUNS + 1; i++) {
          await page.goto(`${app.url}/farm/${farmId}?home=farm`);
          await page.locator('.page-header__title').first().waitFor({ timeout: 60_000 });
          const t0 = performance.now();
          // Without the offline copy, the timing waits for the server's answer; with it, the
          // copy shows first (the list then is the copy's, replaced when the answer comes).
          // The service worker's cached answer goes too: its network-first strategy hands it
          // out after 5 s without an answer, and the timing would then end on that old copy.
          if (!keepCopy)
            await page.evaluate(async (cacheName) => {
              const cache = await caches.open(cacheName);
              for (const request of await cache.keys())
                if (request.url.includes('/api/attention?')) await cache.delete(request);
            }, API_CACHE_NAME);
          const pulls = pullsSince(performance.now());
          await page.evaluate(
            ({ to, key, keepCopy }) => {
              if (!keepCopy) localStorage.removeItem(key);
              const w = window as unknown as { __board: Record<string, number> };
              const mark = performance.now();
              w.__board = { t0: mark, longTasks: 0, longTaskMs: 0 };
              new PerformanceObserver((list) => {
                for (const e of list.getEntries()) {
                  if (e.startTime + e.duration < mark) continue;
                  w.__board.longTasks += 1;
                  w.__board.longTaskMs += e.duration;
                }
              }).observe({ type: 'longtask', buffered: true });
              const seen = () => document.querySelector('.attention-list, .attention-well');
              const observer = new MutationObserver(() => {
                if (!seen() || w.__board.shown) return;
                w.__board.shown = performance.now();
                observer.disconnect();
                requestAnimationFrame(() => setTimeout(() => (w.__board.painted = performance.now())));
              });
              observer.observe(document.body, { childList: true, subtree: true });
              history.pushState(null, '', to);
              dispatchEvent(new PopStateEvent('popstate'));
            },
            { to: `/farm/${farmId}/attention`, key: `tambak:attention:${farmId}`, keepCopy },
          );
          await page.locator('.attention-list, .attention-well').first().waitFor({ timeout: 60_000 });
          if (i > 0) timings.push(performance.now() - t0); // the first one loads the chunk
          items = await page.locator('.attention-item').count();
          // The server's answer, even when the copy showed first (the refresh after it).
          await page.waitForFunction(
            () => {
              const { t0 } = (window as unknown as { __board: { t0: number } }).__board;
              return performance
                .getEntriesByType('resource')
                .some((e) => e.name.includes('/api/attention?') && e.startTime >= t0);
            },
            undefined,
            { timeout: 60_000 },
          );
          await page.waitForFunction(
            () => (window as unknown as { __board: { painted?: number } }).__board.painted,
          );
          if (i > 0) breakdowns.push({ ...(await page.evaluate(readBreakdown)), pulls: pulls() });
        }
        console.log(
          `attention board${keepCopy ? ' (offline copy kept)' : ''}, ${items} items, 1280×800, CPU ${rate}×, ` +
            `${RUNS} renders (in-app navigation to the list shown): ` +
            `${summary(timings)} (goal < ${rate === 1 ? '1' : '2'} s); load average ${loadavg()
              .map((l) => l.toFixed(2))
              .join(' ')}`,
        );
        printBreakdown(breakdowns);
      }
    }
    await context.close();
  });
}

interface Breakdown {
  /** From the navigation to GET /api/attention started by the page (fetch called). */
  started: number;
  /** From started to the request on the wire (the browser's queue, connection set-up). */
  queued: number;
  /** From sent to the first byte of the answer (the server's time and the wire). */
  answer: number;
  /** From the first byte to the last. */
  download: number;
  /** From the navigation to the list (or the all-well card) in the page, and painted. */
  shown: number;
  painted: number;
  /** Other requests in flight between the navigation and the answer, with their paths. */
  others: string[];
  longTasks: number;
  longTaskMs: number;
  /** Sync pulls in flight during the render, "sent→ended" in ms from the navigation. */
  pulls?: string[];
}

/** In the page: the board's request and what else ran from the navigation to the paint. */
function readBreakdown(): Breakdown {
  const w = window as unknown as {
    __board: { t0: number; shown: number; painted: number; longTasks: number; longTaskMs: number };
  };
  const { t0, shown, painted, longTasks, longTaskMs } = w.__board;
  const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
  const board = entries.find((e) => e.name.includes('/api/attention?') && e.startTime >= t0);
  if (!board) throw new Error('no GET /api/attention after the navigation');
  const sent = board.requestStart || board.fetchStart;
  const others = entries
    .filter((e) => e !== board && e.startTime < board.responseEnd && e.responseEnd > t0)
    .map((e) => {
      const url = new URL(e.name);
      const path = url.pathname.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id');
      const from = e.startTime < t0 ? 'before' : `+${Math.round(e.startTime - t0)}`;
      return `${path} (${from}, ${Math.round(e.duration)} ms)`;
    });
  return {
    started: board.startTime - t0,
    queued: sent - board.startTime,
    answer: board.responseStart - sent,
    download: board.responseEnd - board.responseStart,
    shown: shown - t0,
    painted: painted - t0,
    others,
    longTasks,
    longTaskMs,
  };
}

function printBreakdown(runs: Breakdown[]) {
  const p = (pick: (b: Breakdown) => number) => {
    const sorted = runs.map(pick).sort((a, b) => a - b);
    return `${percentile(sorted, 50).toFixed(0)}/${percentile(sorted, 95).toFixed(0)}`;
  };
  console.log(
    `  breakdown p50/p95 ms: board request started ${p((b) => b.started)}, queued ${p((b) => b.queued)}, ` +
      `server answer ${p((b) => b.answer)}, download ${p((b) => b.download)}, ` +
      `list shown ${p((b) => b.shown)}, painted ${p((b) => b.painted)}; ` +
      `other requests in flight ${p((b) => b.others.length)}; long tasks ${p((b) => b.longTasks)} ` +
      `(${p((b) => b.longTaskMs)} ms)`,
  );
  const counts = new Map<string, number>();
  for (const run of runs)
    for (const other of run.others) {
      const path = other.replace(/ \(.*/, '');
      counts.set(path, (counts.get(path) ?? 0) + 1);
    }
  console.log(
    `  in flight meanwhile (runs out of ${runs.length}): ${
      [...counts].map(([path, n]) => `${path} ×${n}`).join(', ') || 'nothing'
    }`,
  );
  const last = runs[runs.length - 1];
  if (last) console.log(`  last run: ${last.others.join('; ') || 'no other request'}`);
  console.log(
    `  sync pulls in flight (sent→ended ms from the navigation): ${runs.map((r) => `[${r.pulls?.join(', ') ?? ''}]`).join(' ')}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
