/**
 * Every entry screen on a cheap phone (issue 32 point 4): water, feed, anco, sampling, death,
 * disease, harvest, stock, item use, purchase order, transaction and water change, at
 * 360×800 with the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate), in Chromium against
 * the built app and the real server. On each screen: a tap into each of its first
 * text and number fields, then a value typed key by key ("12,5"), as a keeper types it:
 * each tap and key once the page has answered the last one (`pace`, as the keeper's round;
 * BENCH_BACK_TO_BACK=1 sends them as fast as the driver can), the first tap 1.5 s after the
 * screen is up (a person finds the field first).
 * Prints per screen the per-interaction latency from the Event Timing API (goal: p98 ≤ 100 ms)
 * and the load average. Figures, no pass/fail. Needs a build first (BUILD_OUT_DIR or dist).
 *
 *   node --import tsx tests/bench/entry-screens-typing.bench.ts [screen,screen...] [cpu=4]
 */

import { loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { STARTER_PRODUCTS } from '../../src/server/db/migrations/data/starter-products-0016.ts';
import {
  benchApi,
  benchFarm,
  benchSignUp,
  fingerTap,
  interactionFigures,
  latencyLine,
  observeInteractions,
  pace,
  phoneContext,
  withAppAndBrowser,
} from '../helpers/bench-typing.ts';
import { startTrace, stopTrace } from '../helpers/cdp-trace.ts';
import { startProfile, stopProfile } from '../helpers/cpu-profile.ts';

const ONLY = process.argv[2]?.split(',').filter(Boolean);
const CPU_SLOWDOWN = Number(process.argv[3] ?? 4);
/** Fields typed into per screen: the ones a keeper fills on a round. */
const FIELDS_PER_SCREEN = 6;
const VALUE = '12,5';
/** The keystroke-level model's tap time: a person finds the first field before tapping it. */
const FIRST_LOOK_MS = 1_500;
/** Starter products (migration 0016): a feed for the feed entry, lime for the item use. */
const CRUMBLE = '01930000-0000-7000-8000-000000000001';
const LIME = STARTER_PRODUCTS.find((p) => p.en_name.startsWith('Agricultural lime'))?.id as string;

interface Screen {
  name: string;
  path: (ids: Ids) => string;
  /** A button that opens the form on a screen that lists records first. */
  open?: RegExp;
  /** The form shows its quantity fields once an item is picked in its first list. */
  pickItem?: boolean;
}

interface Ids {
  farmId: string;
  /** A pond with a running cycle (deaths, harvest). */
  pondId: string;
  /** A pond not stocked yet (stocking). */
  emptyPondId: string;
}

const SCREENS: Screen[] = [
  { name: 'water', path: (i) => `/farm/${i.farmId}/water-quality/add` },
  { name: 'feed', path: (i) => `/farm/${i.farmId}/feed/add` },
  { name: 'anco', path: (i) => `/farm/${i.farmId}/feed-tray/add` },
  { name: 'sampling', path: (i) => `/farm/${i.farmId}/sampling/add` },
  { name: 'death', path: (i) => `/farm/${i.farmId}/death/add?pond_id=${i.pondId}` },
  { name: 'disease', path: (i) => `/farm/${i.farmId}/disease-alert` },
  { name: 'harvest', path: (i) => `/farm/${i.farmId}/harvest/add?pond_id=${i.pondId}` },
  { name: 'stock', path: (i) => `/farm/${i.farmId}/stock/add?pond_id=${i.emptyPondId}` },
  { name: 'item use', path: (i) => `/farm/${i.farmId}/use-item/add`, pickItem: true },
  { name: 'water change', path: (i) => `/farm/${i.farmId}/water-change` },
  { name: 'purchase order', path: (i) => `/farm/${i.farmId}/purchase-order`, open: /^Pesanan baru$/ },
  {
    name: 'transaction',
    path: (i) => `/farm/${i.farmId}/finance?tab=transactions`,
    open: /^Catat transaksi$/,
  },
];

/** Visible, enabled text-like fields of the page's form or open dialog, in document order. */
function fields(page: Page) {
  return page.locator(
    ':is(main, [role=dialog]) :is(input:is([type=text],[type=number],[type=search],:not([type])), textarea):visible:enabled',
  );
}

async function seed(base: string, token: string): Promise<Ids> {
  const farmId = await benchFarm(base, token, 10);
  const ponds = await fetch(`${base}/api/pond?farm_id=${farmId}`, {
    headers: { authorization: `Bearer ${token}` },
  }).then((r) => r.json() as Promise<{ data: { pond_id: string; name: string }[] }>);
  const pondId = ponds.data.find((p) => p.name === 'Kolam 1')?.pond_id as string;
  const emptyPondId = ponds.data.find((p) => p.name === 'Kolam 10')?.pond_id as string;
  const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
  for (const pond of ponds.data.filter((p) => p.pond_id !== emptyPondId))
    await benchApi(
      base,
      '/stock',
      { pond_id: pond.pond_id, stock_date: day(40), seed_net: 120_000, seed_actual: 118_000, pl_age: 10 },
      token,
    );
  for (const product_id of [CRUMBLE, LIME]) {
    const item = await benchApi<{ warehouse_id: string }>(
      base,
      '/warehouse',
      { farm_id: farmId, product_id, minimum_stock: 0 },
      token,
    );
    await benchApi(
      base,
      `/warehouse/${item.warehouse_id}/store`,
      { id: crypto.randomUUID(), qty: 5000, price: 15000, used_on: day(1) },
      token,
    );
  }
  await benchApi(base, '/account', { farm_id: farmId, name: 'Kas Tambak', created_at: day(60) }, token);
  return { farmId, pondId, emptyPondId };
}

async function main() {
  await withAppAndBrowser(async (app, browser) => {
    const session = await benchSignUp(app.url);
    const ids = await seed(app.url, session.token);
    const context = await phoneContext(browser, session);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    console.log(
      `load average before: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}; CPU ${CPU_SLOWDOWN}x`,
    );
    const p98s: number[] = [];
    for (const screen of SCREENS.filter((s) => !ONLY?.length || ONLY.includes(s.name))) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await page.goto(`${app.url}${screen.path(ids)}`);
      if (screen.open) await page.getByRole('button', { name: screen.open }).first().click();
      if (screen.pickItem) await page.locator('select').first().selectOption({ index: 1 });
      const ready = await fields(page)
        .first()
        .waitFor()
        .then(() => true)
        .catch((error: Error) => {
          console.log(`${screen.name.padEnd(15)} no field to type into: ${error.message.split('\n')[0]}`);
          return false;
        });
      if (!ready) continue;
      const count = Math.min(FIELDS_PER_SCREEN, await fields(page).count());
      await observeInteractions(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      // A person reads the screen before the first tap: the keystroke-level model's tap
      // (1.5 s, finding the field included) starts when the screen is up, not at once.
      await page.waitForTimeout(FIRST_LOOK_MS);
      let interactions = 0;
      // BENCH_PROFILE=file: a CPU profile of the typing (build with --minify false for names).
      if (process.env.BENCH_PROFILE) await startProfile(cdp);
      // BENCH_TRACE=file: a timeline trace (style, layout, paint) of the typing.
      const traceFile =
        process.env.BENCH_TRACE && `${process.env.BENCH_TRACE}-${screen.name.replace(/ /g, '-')}.json`;
      if (traceFile) await startTrace(browser, page, traceFile);
      for (let i = 0; i < count; i++) {
        const field = fields(page).nth(i);
        // Finding a field runs the locator's visibility checks in the page: only once the last
        // key has been answered, and before the tap, never right after a key or the tap, where
        // that work would land in their frames and count as the app's.
        await pace(page);
        const numeric = (await field.getAttribute('inputmode')) !== 'text';
        await fingerTap(field);
        interactions += 1;
        for (const char of numeric ? VALUE : 'Catatan') {
          await pace(page);
          await page.keyboard.press(char);
          interactions += 1;
        }
      }
      if (traceFile) await stopTrace(browser, traceFile);
      if (process.env.BENCH_PROFILE)
        await stopProfile(cdp, `${process.env.BENCH_PROFILE}-${screen.name.replace(/ /g, '-')}.cpuprofile`);
      const figures = await interactionFigures(page, interactions);
      const p98 =
        figures.all[Math.min(figures.all.length - 1, Math.ceil(0.98 * figures.all.length) - 1)] ?? 0;
      p98s.push(p98);
      console.log(`${screen.name.padEnd(15)} ${count} fields: ${latencyLine(figures)}`);
      if (process.env.BENCH_DETAIL) console.log(figures.worst.join('\n'));
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    console.log(
      `load average after: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}; ` +
        `screens with p98 over 100 ms: ${p98s.filter((p) => p > 100).length} of ${p98s.length}`,
    );
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
