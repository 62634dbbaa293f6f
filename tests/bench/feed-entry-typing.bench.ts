/**
 * The feed round on a cheap phone (issue 15): the feed input of a farm of 30 ponds × 4
 * feeding times (120 quantity boxes, the largest form of the app), at 360×800 with the
 * CPU slowed 4× (CDP Emulation.setCPUThrottlingRate), in Chromium against the built app
 * and the real server. One tap into the first box, then each quantity typed ("2,5") and
 * the keyboard's Next key to the following box, and one tap on save. Prints the
 * per-interaction latency from the Event Timing API (the brief's goal: a keystroke answers
 * within 100 ms). Figures, no pass/fail. Needs a build first (BUILD_OUT_DIR or dist).
 *
 *   BUILD_OUT_DIR=dist node --import tsx tests/bench/feed-entry-typing.bench.ts [ponds=30] [cpu=4]
 */

import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import {
  benchApi,
  benchFarm,
  benchSignUp,
  interactionFigures,
  latencyLine,
  observeInteractions,
  phoneContext,
  withAppAndBrowser,
} from '../helpers/bench-typing.ts';

const PONDS = Number(process.argv[2] ?? 30);
const CPU_SLOWDOWN = Number(process.argv[3] ?? 4);
const TIMES = ['06:00', '10:00', '14:00', '18:00'];
/** Starter product "Pakan udang crumble #0" (migration 0016). */
const CRUMBLE = '01930000-0000-7000-8000-000000000001';

function box(page: Page, pond: number, time: string) {
  return page.getByRole('textbox', { name: `Jumlah Kolam ${pond} jam ${time}`, exact: true });
}

async function main() {
  await withAppAndBrowser(async (app, browser) => {
    const session = await benchSignUp(app.url);
    const farmId = await benchFarm(app.url, session.token, PONDS);
    const item = await benchApi<{ warehouse_id: string }>(
      app.url,
      '/warehouse',
      { farm_id: farmId, product_id: CRUMBLE, minimum_stock: 0 },
      session.token,
    );
    await benchApi(
      app.url,
      `/warehouse/${item.warehouse_id}/store`,
      { id: randomUUID(), qty: 5000, price: 15000, used_on: new Date().toISOString().slice(0, 10) },
      session.token,
    );
    const context = await phoneContext(browser, session);
    const page = await context.newPage();
    await page.goto(`${app.url}/farm/${farmId}/feed/add`);
    await page.getByLabel('Barang').selectOption({ index: 1 });
    // The entry starts with the farm's feeding times; make them the four of this round.
    const times = page.getByRole('group', { name: 'Waktu pemberian' });
    const remove = times.getByRole('button', { name: /^Hapus waktu/ });
    while ((await remove.count()) > 0) await remove.first().click();
    for (const time of TIMES) {
      await times.getByLabel('Tambah waktu').fill(time);
      await times.getByRole('button', { name: 'Tambah waktu' }).click();
    }
    await box(page, PONDS, TIMES[3]).waitFor();
    if (process.env.BENCH_SHOT) await page.screenshot({ path: process.env.BENCH_SHOT });
    await observeInteractions(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    let taps = 0;
    let keys = 0;
    const started = performance.now();
    await box(page, 1, TIMES[0]).tap();
    taps += 1;
    for (let pond = 1; pond <= PONDS; pond++) {
      for (const [i, time] of TIMES.entries()) {
        const target = box(page, pond, time);
        if (!(await target.evaluate((el) => el === document.activeElement))) {
          await target.tap();
          taps += 1;
        }
        for (const char of '2,5') {
          await page.keyboard.press(char);
          keys += 1;
        }
        if (!(pond === PONDS && i === TIMES.length - 1)) {
          await page.keyboard.press('Enter');
          keys += 1;
        }
      }
    }
    await page.getByRole('button', { name: 'Simpan', exact: true }).tap();
    taps += 1;
    await page
      .getByText(`${PONDS * TIMES.length} catatan tersimpan`)
      .first()
      .waitFor();
    const machineS = (performance.now() - started) / 1000;
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const figures = await interactionFigures(page, taps + keys);
    console.log(
      `feed input, ${PONDS} ponds × ${TIMES.length} feeding times at 360×800, CPU ${CPU_SLOWDOWN}× slower`,
    );
    console.log(`taps ${taps} (into a box the keyboard's Next did not reach), keystrokes ${keys}`);
    console.log(`the script took ${machineS.toFixed(1)} s`);
    console.log(latencyLine(figures));
    if (process.env.BENCH_DETAIL) for (const line of figures.worst) console.log(line);
    await context.close();
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
