import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { startAppServer } from './app-server.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts';

/**
 * What the typing benchmarks share (water entry, feed entry): a signed-up user on the real
 * server, a farm with N ponds, a phone-sized signed-in page, and the Event Timing API's
 * per-interaction latency with the CPU slowed through the DevTools protocol.
 */

/** The built app on the real server (embedded PostgreSQL) and Debian's Chromium, both stopped after `run`. */
export async function withAppAndBrowser<T>(
  run: (app: { url: string; databaseUrl: string }, browser: Browser) => Promise<T>,
): Promise<T> {
  const app = await startAppServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    return await run(app, browser);
  } finally {
    await browser.close();
    await app.stop();
  }
}

export interface BenchSession {
  token: string;
  user: { pu_id: string };
}

/** Set-up requests that met a rate limit and waited for its Retry-After (benchApi). */
export const rateLimitWaits = { count: 0 };

/** A set-up POST; a 429 waits for its Retry-After and tries again (counted in rateLimitWaits). */
export async function benchApi<T>(base: string, path: string, body: unknown, token?: string): Promise<T> {
  let res: Response;
  for (;;) {
    res = await fetch(`${base}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (res.status !== 429) break;
    rateLimitWaits.count += 1;
    await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 5) * 1000));
  }
  const json = (await res.json()) as { data: T };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** A new user, signed in; `email` when the test must invite them by it. */
export async function benchSignUp(
  base: string,
  email = `bench.${Date.now()}@example.com`,
): Promise<BenchSession> {
  const password = 'rahasia-123';
  await benchApi(base, '/registrasi', {
    username: 'Pak Bench',
    email,
    password,
    password_confirmation: password,
  });
  await benchApi(base, '/login/email', { email, password });
  let code = '';
  for (let i = 0; i < 100 && !code; i++) {
    const res = await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const mails = (await res.json()).data as { body: string }[];
    code = mails.map((m) => m.body.match(/\b(\d{6})\b/)?.[1]).find(Boolean) ?? '';
    if (!code) await new Promise((r) => setTimeout(r, 100)); // the mail is written after the answer
  }
  return benchApi<BenchSession>(base, '/login/otp', { email, code });
}

/** A farm with one block of `ponds` ponds named "Kolam 1" … "Kolam N", 2,500 m² each. */
export async function benchFarm(base: string, token: string, ponds: number): Promise<string> {
  const farm = await benchApi<{ farm_id: string }>(base, '/farm/add', { name: 'Tambak Bench' }, token);
  const block = await benchApi<{ block_id: string }>(
    base,
    '/block',
    { farm_id: farm.farm_id, block_name: 'Blok A' },
    token,
  );
  for (let i = 1; i <= ponds; i++)
    await benchApi(
      base,
      '/pond',
      { farm_id: farm.farm_id, block_id: block.block_id, name: `Kolam ${i}`, area: 2500 },
      token,
    );
  return farm.farm_id;
}

/** A 360×800 phone context (Indonesian, Jakarta) already signed in as `session`. */
export async function phoneContext(
  browser: { newContext: (options: object) => Promise<BrowserContext> },
  session: BenchSession,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 800 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
  });
  await context.addInitScript(
    (stored) => {
      localStorage.setItem('tambak:session', stored);
    },
    JSON.stringify({ token: session.token, user: session.user, pu_id: session.user.pu_id }),
  );
  return context;
}

interface BenchWindow {
  benchEvents: { id: number; name: string; duration: number; start: number }[];
  benchKeys: Record<number, string>;
  benchPaths: Record<number, string>;
}

/** Starts recording interactions (Event Timing entries of 16 ms and more, and which key each keydown was). */
export function observeInteractions(page: Page): Promise<void> {
  return page.evaluate(() => {
    const w = window as unknown as BenchWindow;
    w.benchEvents = [];
    w.benchKeys = {};
    w.benchPaths = {};
    addEventListener(
      'keydown',
      (e) => {
        w.benchKeys[e.timeStamp] = e.key;
      },
      true,
    );
    for (const type of ['keydown', 'pointerdown', 'pointerup', 'click'])
      addEventListener(
        type,
        (e) => {
          w.benchPaths[e.timeStamp] = location.pathname.replace(/[0-9a-f-]{36}/g, ':id');
        },
        true,
      );
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as PerformanceEventTiming[])
        w.benchEvents.push({ id: e.interactionId, name: e.name, duration: e.duration, start: e.startTime });
    }).observe({ type: 'event', durationThreshold: 16, buffered: false } as PerformanceObserverInit);
  });
}

export function percentileOf(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export interface InteractionFigures {
  /** Interactions of 16 ms or more (the others report no entry). */
  slow: number;
  /** Every interaction's latency, sorted; those under 16 ms count as 16. */
  all: number[];
  /** The slowest keydowns and taps, for BENCH_DETAIL. */
  worst: string[];
  /** Per screen (path, ids as :id): interactions of 16 ms or more, their p50 and worst, for BENCH_DETAIL. */
  byScreen: string[];
}

/** The recorded interactions, `count` of them in all (taps + keys). */
export async function interactionFigures(page: Page, count: number): Promise<InteractionFigures> {
  const {
    benchEvents: events,
    benchKeys: keyAt,
    benchPaths: pathAt,
  } = await page.evaluate(() => {
    const { benchEvents, benchKeys, benchPaths } = window as unknown as BenchWindow;
    return { benchEvents, benchKeys, benchPaths };
  });
  const byInteraction = new Map<number, number>();
  for (const e of events)
    if (e.id > 0) byInteraction.set(e.id, Math.max(byInteraction.get(e.id) ?? 0, e.duration));
  const slow = [...byInteraction.values()];
  const all = [...slow, ...Array.from({ length: Math.max(0, count - slow.length) }, () => 16)].sort(
    (a, b) => a - b,
  );
  const worst = events
    .filter((e) => e.name === 'keydown' || e.name === 'pointerup' || e.name === 'click')
    .sort((a, b) => b.duration - a.duration)
    .filter((e, i) => i < 15 || e.duration > 100)
    .map(
      (e) =>
        `  ${e.duration} ms ${e.name} ${keyAt[e.start] ?? ''} on ${pathAt[e.start] ?? '?'} at ${e.start.toFixed(0)}`,
    );
  const screens = new Map<string, Map<number, number>>();
  for (const e of events) {
    if (e.id <= 0) continue;
    const path = pathAt[e.start] ?? '?';
    const ids = screens.get(path) ?? new Map<number, number>();
    ids.set(e.id, Math.max(ids.get(e.id) ?? 0, e.duration));
    screens.set(path, ids);
  }
  const byScreen = [...screens].map(([path, ids]) => {
    const d = [...ids.values()].sort((a, b) => a - b);
    return `  ${path}: ${d.length} over 16 ms, p50 ${percentileOf(d, 50)} ms, worst ${d.at(-1)} ms`;
  });
  return { slow: slow.length, all, worst, byScreen };
}

/** "p50 … ms, over 100 ms: …, p98 … ms, worst … ms" of the figures. */
export function latencyLine(f: InteractionFigures): string {
  return (
    `interactions ${f.all.length}, over 16 ms: ${f.slow}; ` +
    `p50 ${percentileOf(f.all, 50).toFixed(0)} ms, over 100 ms: ${f.all.filter((d) => d > 100).length}, ` +
    `p98 ${percentileOf(f.all, 98).toFixed(0)} ms, worst ${(f.all.at(-1) ?? 0).toFixed(0)} ms (goal p98 ≤ 100 ms)`
  );
}

/**
 * A person's pace: the next key or tap comes once the page has answered the last one and
 * gone idle (a person takes 0.3 s a key, 1.5 s a tap, far longer than that), so each
 * interaction's latency is its own and not a queue of keys no hand could type. With
 * BENCH_BACK_TO_BACK=1 input goes as fast as the driver can send it instead.
 */
export async function pace(page: Page) {
  if (process.env.BENCH_BACK_TO_BACK) return;
  await page.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 3000 })),
  );
}

/**
 * A finger's tap on `target`, as a person's: the element is found and brought into view
 * first, then, once the page is idle (`pace`), a touch at its centre goes straight to the
 * screen. Playwright's own tap finds the element by its role and name (the accessibility
 * tree of the whole page, tens of milliseconds at 4× CPU) and checks the hit target with a
 * listener of its own, all in the page right before and during the tap: that work was
 * measured as the app's.
 */
export async function fingerTap(target: Locator): Promise<void> {
  const page = target.page();
  const element = await target.elementHandle();
  if (!element) throw new Error(`nothing to tap: ${target}`);
  await element.scrollIntoViewIfNeeded();
  await pace(page);
  // Where it is now, after the page went idle (a scroll the last tap started has ended):
  // read from the element itself, no search of the page.
  const box = await element.boundingBox();
  await element.dispose();
  if (!box) throw new Error(`nothing to tap: ${target}`);
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}
