/**
 * A pond keeper's morning round from his Today list (issue 31), on a cheap phone: 10
 * ponds, feed at one feeding time, the feed-tray check of 4 trays a pond, water (pH, DO,
 * temperature, salinity), the 2 ponds due for a sampling and 1 death, offline, at 360×800
 * with the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate), in Chromium against the
 * built app and the real server. The way a person goes: one tap on a slot of Today (the
 * entry opens on that slot's ponds, in its first box), values typed with the keyboard's
 * Next between boxes (a tap only where Next did not reach the box), the feed by "fill as
 * recommended" (one tap for every pond), one tap on save (the
 * app comes back to Today); the trays by "all trays the same", one tap a pond; the death
 * through Today's "Kematian" and the pond choice. Then the signal comes back and the
 * server is asked for every record: each must be there once.
 *
 * Prints taps, keystrokes, a person's time by the keystroke-level constants of the
 * water-entry bench (goal ≤ 25 taps, ≤ 90 s) and the per-interaction latency (goal p98 ≤
 * 100 ms). Figures, no pass/fail (the record check does fail the run). Needs a build first.
 *
 *   BUILD_OUT_DIR=dist node --import tsx tests/bench/keeper-round.bench.ts [cpu=4]
 */

import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
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
import { startProfile, stopProfile } from '../helpers/cpu-profile.ts';

const PONDS = 10;
const CPU_SLOWDOWN = Number(process.argv[2] ?? 4);
/** Keystroke-level constants of water-entry-speed.bench.ts: a tap 1.5 s (finding it included), a key 0.3 s. */
const TAP_S = 1.5;
const KEY_S = 0.3;
/** Starter product "Pakan udang crumble #0" (migration 0016). */
const CRUMBLE = '01930000-0000-7000-8000-000000000001';
const WATER: [label: string, text: string][] = [
  ['pH', '7,8'],
  ['DO', '5,2'],
  ['Suhu', '29,5'],
  ['Salinitas', '18'],
];

/** The farm's calendar day `n` days ago (WIB), YYYY-MM-DD. */
const farmDay = (n = 0) => new Date(Date.now() + 7 * 3_600_000 - n * 86_400_000).toISOString().slice(0, 10);

async function benchGet<T>(base: string, path: string, token: string): Promise<T> {
  const res = await fetch(`${base}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  const json = (await res.json()) as { data: T };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

interface Counter {
  taps: number;
  keys: number;
}

/** Types `text`, then Next unless `last`; the box must already have the focus, else a tap brings it. */
async function typeInto(
  page: Page,
  box: ReturnType<Page['locator']>,
  text: string,
  n: Counter,
  last = false,
) {
  // Finding the box runs the locator in the page: once the last key has been answered, so
  // that work does not land in the frame of the key before.
  await pace(page);
  if (!(await box.evaluate((el) => el === document.activeElement))) {
    await fingerTap(box);
    n.taps += 1;
  }
  for (const char of text) {
    await pace(page);
    await page.keyboard.press(char);
    n.keys += 1;
  }
  if (!last) {
    await pace(page);
    await page.keyboard.press('Enter');
    n.keys += 1;
  }
}

async function tapOn(locator: ReturnType<Page['locator']>, n: Counter) {
  await fingerTap(locator);
  n.taps += 1;
}

async function main() {
  await withAppAndBrowser(async (app, browser) => {
    const base = app.url;
    const owner = await benchSignUp(base);
    const farmId = await benchFarm(base, owner.token, PONDS);
    const ponds = await benchGet<{ pond_id: string; name: string }[]>(
      base,
      `/pond?farm_id=${farmId}`,
      owner.token,
    );
    const pondId = (name: string) => ponds.find((p) => p.name === name)?.pond_id ?? '';
    const names = Array.from({ length: PONDS }, (_, i) => `Kolam ${i + 1}`);
    // Every pond stocked 20 days ago (a stocking starts the cycle); all but two sampled 3 days ago.
    for (const name of names)
      await benchApi(
        base,
        '/stock',
        { pond_id: pondId(name), stock_date: farmDay(20), seed_net: 100_000, seed_actual: 100_000 },
        owner.token,
      );
    await benchApi(
      base,
      '/sampling/bulk',
      {
        items: names.slice(2).map((name) => ({
          id: randomUUID(),
          pond_id: pondId(name),
          sampled_on: farmDay(3),
          shrimp_count: 100,
          sample_weight: 150,
        })),
      },
      owner.token,
    );
    const item = await benchApi<{ warehouse_id: string }>(
      base,
      '/warehouse',
      { farm_id: farmId, product_id: CRUMBLE, minimum_stock: 0 },
      owner.token,
    );
    await benchApi(
      base,
      `/warehouse/${item.warehouse_id}/store`,
      { id: randomUUID(), qty: 5000, price: 15000, used_on: farmDay(1) },
      owner.token,
    );
    // One feeding a day in the farm's programme: "feed one time".
    const programme = await benchGet<Record<string, unknown>>(
      base,
      `/feedIdxSetting?farm_id=${farmId}`,
      owner.token,
    );
    await benchApi(
      base,
      '/feedIdxSetting',
      { ...programme, is_default: undefined, farm_id: farmId, feedings_per_day: 1 },
      owner.token,
    );
    const keeperEmail = `keeper.${Date.now()}@example.com`;
    const keeper = await benchSignUp(base, keeperEmail);
    await benchApi(
      base,
      '/userFarm',
      {
        farm_id: farmId,
        email: keeperEmail,
        role_id: 3,
        ponds: names.map((name) => ({ pond_id: pondId(name), access_level: 1 })),
      },
      owner.token,
    );

    const context = await phoneContext(browser, keeper);
    // One water round a day on this phone (Settings → times).
    await context.addInitScript(() => localStorage.setItem('tambak:preset-times', JSON.stringify(['06:00'])));
    const page = await context.newPage();
    await page.goto(`${base}/farm/${farmId}`);
    const slot = (key: string) => page.locator(`[data-testid="today-slot"][data-slot="${key}"]`);
    const home = async () => {
      await page.waitForURL(/\/today$/).catch(async (error: Error) => {
        // What the keeper saw instead of Today, for finding out why.
        await page.screenshot({ path: process.env.BENCH_FAIL_SHOT ?? 'keeper-round-failed.png' });
        throw error;
      });
      await slot('water:06:00').waitFor();
    };
    await home();
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null);
    // Every entry screen once, so each chunk is in the worker's cache before the signal goes.
    for (const path of ['water-quality/add', 'feed/add', 'feed-tray/add', 'sampling/add', 'death/add']) {
      await page.goto(`${base}/farm/${farmId}/${path}`);
      await page.locator('main h1').waitFor();
    }
    await page.goto(`${base}/farm/${farmId}/today`);
    await home();
    await context.setOffline(true);
    if (process.env.BENCH_SHOT) await page.screenshot({ path: process.env.BENCH_SHOT });

    await observeInteractions(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    if (process.env.BENCH_PROFILE) await startProfile(cdp);
    if (process.env.BENCH_TRACE)
      await browser.startTracing(page, {
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'],
      });
    const n: Counter = { taps: 0, keys: 0 };
    const started = performance.now();

    // Water, 06:00: 10 ponds × 4 values.
    await tapOn(slot('water:06:00'), n);
    const region = (name: string) => page.getByRole('region', { name, exact: true });
    await region(names[PONDS - 1]).waitFor();
    for (const [p, name] of names.entries())
      for (const [i, [label, text]] of WATER.entries())
        await typeInto(
          page,
          region(name).getByRole('textbox', { name: label }).first(),
          text,
          n,
          p === PONDS - 1 && i === WATER.length - 1,
        );
    await tapOn(page.getByRole('button', { name: new RegExp(`^Simpan ${PONDS} kolam`) }), n);
    await home();

    // Feed, the day's one feeding (07:00): he gave each pond its recommended ration, so one
    // tap fills the boxes (typing it pond after pond with Next is the other way).
    await tapOn(slot('feed:07:00'), n);
    await tapOn(page.getByRole('button', { name: 'Isi sesuai anjuran' }), n);
    await page.getByTestId('fill-rations').getByText(`${PONDS} kotak diisi`).waitFor();
    await tapOn(page.getByRole('button', { name: 'Simpan', exact: true }), n);
    await home();

    // Feed trays after that feeding: 4 trays a pond, "all trays the same".
    await tapOn(slot('anco:1'), n);
    for (const name of names)
      await tapOn(page.getByRole('button', { name: `${name}: semua anco Habis`, exact: true }), n);
    await tapOn(page.getByRole('button', { name: `Simpan ${PONDS} kolam` }), n);
    await home();

    // The two ponds due for a sampling.
    await tapOn(slot('sampling:'), n);
    for (const [p, name] of names.slice(0, 2).entries()) {
      await typeInto(page, region(name).getByRole('textbox', { name: /^Jumlah udang/ }), '50', n);
      await typeInto(page, region(name).getByRole('textbox', { name: /^Berat sampel/ }), '400', n, p === 1);
    }
    await tapOn(page.getByRole('button', { name: 'Simpan 2 kolam' }), n);
    await home();

    // One death, through Today's other records and the pond choice.
    await tapOn(page.getByRole('link', { name: 'Kematian', exact: true }), n);
    await tapOn(page.getByRole('link', { name: 'Kolam 3', exact: true }), n);
    await typeInto(page, page.getByRole('textbox', { name: /^Jumlah mati/ }), '25', n, true);
    await tapOn(page.getByRole('button', { name: 'Simpan', exact: true }), n);
    await page.getByText('Tersimpan di ponsel, menunggu sinyal.').first().waitFor();
    const machineS = (performance.now() - started) / 1000;
    if (process.env.BENCH_PROFILE) await stopProfile(cdp, process.env.BENCH_PROFILE);
    if (process.env.BENCH_TRACE) writeFileSync(process.env.BENCH_TRACE, await browser.stopTracing());
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const figures = await interactionFigures(page, n.taps + n.keys);

    // Signal again: every record on the server, once.
    await context.setOffline(false);
    const expected: [string, string, number][] = [
      ['water readings', `/water/general?farm_id=${farmId}`, PONDS],
      ['feed uses', `/warehouse/history?farm_id=${farmId}&from=${farmDay(1)}`, PONDS],
      ['feed-tray checks', `/anco?farm_id=${farmId}`, PONDS],
      ['samplings', `/sampling?farm_id=${farmId}`, PONDS],
      ['deaths', `/death?farm_id=${farmId}`, 1],
    ];
    const lines: string[] = [];
    for (const [what, path, want] of expected) {
      let rows: { id: string; kind?: string }[] = [];
      for (let i = 0; i < 300; i++) {
        rows = (await benchGet<{ id: string; kind?: string }[]>(base, path, owner.token)).filter(
          (r) => r.kind === undefined || r.kind === 'use',
        );
        if (rows.length >= want) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      const unique = new Set(rows.map((r) => r.id)).size;
      lines.push(`${what} ${rows.length} (${unique} distinct, expected ${want})`);
      if (rows.length !== want || unique !== want) throw new Error(`server holds ${lines.at(-1)}`);
    }

    const person = n.taps * TAP_S + n.keys * KEY_S;
    console.log(
      `keeper's round from Today, ${PONDS} ponds (water 4 values, feed 1 time, trays 4 each, 2 samplings, 1 death), offline, 360×800, CPU ${CPU_SLOWDOWN}× slower, input ${process.env.BENCH_BACK_TO_BACK ? 'back to back' : "at a person's pace (each after the page went idle)"}`,
    );
    console.log(`taps ${n.taps} (goal ≤ 25), keystrokes ${n.keys}`);
    console.log(
      `a person's time (${TAP_S} s a tap, ${KEY_S} s a key): ${person.toFixed(0)} s (goal ≤ 90 s); the script took ${machineS.toFixed(1)} s`,
    );
    console.log(latencyLine(figures));
    console.log(`on the server, each once: ${lines.join('; ')}`);
    if (process.env.BENCH_DETAIL)
      for (const line of [...figures.byScreen, ...figures.worst]) console.log(line);
    await context.close();
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
