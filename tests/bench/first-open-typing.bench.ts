/**
 * Typing on a new phone while the farm's records are still arriving (ADR 0133): the demo
 * farm (50 ponds × 2 years, `scripts/demo-data.ts --bulk`) on the built app and the real
 * server; a keeper with insert rights on every pond signs in on a fresh 360×800 profile
 * with the CPU slowed 4× from the first request, opens the sampling (or water) entry and,
 * as soon as its first box shows, types 100 keys 300 ms apart (digits, then Backspace)
 * while the first sync and the rest of the history come in. Prints the keystrokes' latency (Event Timing,
 * keydown to the next paint; goal ≤ 100 ms), the slowest ones, and when the rest was in.
 * Figures, not pass/fail. Needs a build first.
 *
 *   BUILD_OUT_DIR=dist node --import tsx tests/bench/first-open-typing.bench.ts [ponds=50] [days=730] [runs=2] [sampling|water]
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { createDb } from '../../src/server/db/database.ts';
import { loadDemoInto } from '../helpers/app-server.ts';
import {
  benchSignUp,
  interactionFigures,
  latencyLine,
  observeInteractions,
  phoneContext,
  withAppAndBrowser,
} from '../helpers/bench-typing.ts';

const PONDS = Number(process.argv[2] ?? 50);
const DAYS = Number(process.argv[3] ?? 730);
const RUNS = Number(process.argv[4] ?? 2);
/** The entry typed into: its path under the farm and its first box. */
const FORMS: Record<string, [path: string, box: RegExp]> = {
  sampling: ['sampling/add', /^Jumlah udang/],
  water: ['water-quality/add', /^pH/],
};
const FORM = process.argv[5] ?? 'sampling';
const KEYS = '1234567890';
const ROUNDS = 5;
/** A person's pace on a phone keyboard. */
const KEY_GAP_MS = 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A keeper (role 3) with insert rights (1) on every pond of the farm: the owner of the demo cannot sign in to invite him. */
async function keeperOf(databaseUrl: string, farmId: string, userId: string): Promise<void> {
  const db = createDb(databaseUrl);
  try {
    const id = randomUUID();
    await db.insertInto('user_farms').values({ id, farm_id: farmId, user_id: userId, role_id: 3 }).execute();
    const ponds = await db
      .selectFrom('ponds')
      .select('id')
      .where('farm_id', '=', farmId)
      .where('deleted_at', 'is', null)
      .execute();
    await db
      .insertInto('user_farm_ponds')
      .values(ponds.map((p) => ({ user_farm_id: id, pond_id: p.id, farm_id: farmId, access_level: 1 })))
      .execute();
  } finally {
    await db.destroy();
  }
}

async function main() {
  await withAppAndBrowser(async (app, browser) => {
    const farmId = await loadDemoInto(app.databaseUrl, PONDS, DAYS);
    for (let r = 0; r < RUNS; r++) {
      const keeper = await benchSignUp(app.url, `keeper.${Date.now()}@example.com`);
      await keeperOf(app.databaseUrl, farmId, keeper.user.pu_id);
      // A fresh profile each run: an empty mirror, as on a phone signed in for the first time.
      const context = await phoneContext(browser, keeper);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const t0 = performance.now();
      const [path, label] = FORMS[FORM] ?? FORMS.sampling;
      await page.goto(`${app.url}/farm/${farmId}/${path}`);
      const box = page.getByRole('textbox', { name: label }).first();
      await box.waitFor({ timeout: 120_000 });
      const shown = performance.now() - t0;
      await observeInteractions(page);
      await box.focus();
      let keys = 0;
      for (let round = 0; round < ROUNDS; round++)
        for (const key of [...KEYS, ...Array.from(KEYS, () => 'Backspace')]) {
          await page.keyboard.press(key);
          keys += 1;
          await sleep(KEY_GAP_MS);
        }
      const typed = performance.now() - t0;
      // The rest of the history is in when no list is left marked `fill:` (ADR 0086).
      const marksLeft = () =>
        page.evaluate(
          () =>
            new Promise<number>((resolve, reject) => {
              const open = indexedDB.open('tambak');
              open.onerror = () => reject(open.error);
              open.onsuccess = () => {
                const keys = open.result.transaction('syncState').objectStore('syncState').getAllKeys();
                keys.onsuccess = () => {
                  resolve((keys.result as string[]).filter((k) => k.startsWith('fill:')).length);
                  open.result.close();
                };
              };
            }),
        );
      const leftWhenTyped = await marksLeft();
      while ((await marksLeft()) > 0) await sleep(250);
      const filled = performance.now() - t0;
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      const figures = await interactionFigures(page, keys);
      console.log(
        `${FORM}, run ${r + 1}: form shown after ${(shown / 1000).toFixed(1)} s; ${keys} keys typed until ${(typed / 1000).toFixed(1)} s ` +
          `(${leftWhenTyped} lists still filling then); the rest in after ${(filled / 1000).toFixed(1)} s; ` +
          `load ${loadavg()
            .map((l) => l.toFixed(2))
            .join(' ')}`,
      );
      console.log(`  ${latencyLine(figures)}`);
      for (const line of figures.worst.slice(0, 5)) console.log(`  ${line.trim()}`);
      await context.close();
    }
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
