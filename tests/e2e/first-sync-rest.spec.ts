import { expect, type Page } from '@playwright/test';
import { farmDayMinus } from './pages/stock-pages.ts';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';
import { signedInPhone } from './support/signed-in-phone.ts';
import { test } from './support/test.ts';

/**
 * ADR 0086: a new device's first pull brings the running cycles' records and the last
 * days; the older ones follow in the background while every farm screen says so. The rest's
 * request is held here until the screen has been looked at, so the notice is seen for sure.
 */
async function deathsOnDevice(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('tambak');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('deaths').objectStore('deaths').getAll();
          all.onsuccess = () => {
            resolve((all.result as { died_on: string }[]).map((d) => d.died_on).sort());
            open.result.close();
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

test("a new device shows the farm's running cycles at once and says the older records are still coming", async ({
  browser,
  request,
}) => {
  const owner = await apiSignUp(request, 'Budi');
  const api = new ApiAs(request, owner.token);
  const { farmId, pondIds } = await apiFarm(api, 'Tambak Riwayat', ['Kolam 1', 'Kolam 2']);
  // Kolam 1: a cycle harvested in total 20 days ago, with a death on it; Kolam 2 runs, with one too.
  const done = await api.post<{ stock_id: string }>('/stock', {
    pond_id: pondIds['Kolam 1'],
    stock_date: farmDayMinus(100),
    seed_net: 100_000,
    seed_actual: 100_000,
  });
  await api.post('/death', { stock_id: done.stock_id, died_on: farmDayMinus(90), count: 10 });
  await api.post('/harvest', {
    stock_id: done.stock_id,
    harvested_on: farmDayMinus(20),
    type: 'total',
    weight_kg: 500,
    size: 50,
    price_per_kg: 70_000,
  });
  const running = await api.post<{ stock_id: string }>('/stock', {
    pond_id: pondIds['Kolam 2'],
    stock_date: farmDayMinus(30),
    seed_net: 100_000,
    seed_actual: 100_000,
  });
  await api.post('/death', { stock_id: running.stock_id, died_on: farmDayMinus(2), count: 5 });
  const user = await api.get('/user');

  for (const lang of ['id', 'en'] as const) {
    // Each language on a new device: its own first sync.
    const { context, page } = await signedInPhone(browser, owner.token, user, lang);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let restAsked = false;
    await page.route('**/api/sync/pull', async (route) => {
      const body = route.request().postData() ?? '';
      // The rest: the deaths asked whole, without `live` and without `since`.
      if (/\/api\/death\?farm_id=[^"&]*"/.test(body)) {
        restAsked = true;
        await held;
      }
      await route.continue();
    });

    await page.goto(`/farm/${farmId}`);
    const notice = page.getByTestId('history-filling');
    await expect(notice).toBeVisible({ timeout: 30_000 });
    await expect(notice).toHaveText(
      lang === 'id' ? /Riwayat lama tambak ini masih dimuat ke ponsel/ : /older records are still loading/,
    );
    // It comes and goes while the screen is in use: below the screen, it never moves what
    // is above it (drawn above, it pushed the whole farm screen down and back up).
    // Read once the screen's heading is drawn (a farm of one pond opens that pond's page).
    const gap = async () => {
      const screenTop = await page.locator('main h1').first().boundingBox();
      const noticeTop = await notice.boundingBox();
      return screenTop && noticeTop ? noticeTop.y - screenTop.y : Number.NaN;
    };
    await expect.poll(gap, { timeout: 10_000 }).toBeGreaterThan(100);
    // The mark is set with the first part; the rest is asked right after the whole first pull.
    await expect.poll(() => restAsked, { timeout: 30_000 }).toBe(true);
    // The running cycle's death is on the device; the finished cycle's is still to come.
    expect(await deathsOnDevice(page)).toEqual([farmDayMinus(2)]);
    await page.screenshot({ path: `test-results/first-sync-rest-${lang}-360.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `test-results/first-sync-rest-${lang}-1280.png` });

    release();
    await expect(notice).toBeHidden({ timeout: 30_000 });
    expect(await deathsOnDevice(page)).toEqual([farmDayMinus(90), farmDayMinus(2)]);
    await context.close();
  }
});
