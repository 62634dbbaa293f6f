import { mkdirSync } from 'node:fs';
import { expect } from '@playwright/test';
import { AccountPages } from './pages/account-pages.ts';
import { StockPages } from './pages/stock-pages.ts';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';
import { newDevice } from './support/chromium.ts';
import { test } from './support/test.ts';
import { trayPhoto } from './support/tray-photo.ts';

test('a phone that opened the stocking screen online once and never counted counts a tray photo without signal', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const owner = await apiSignUp(request, 'Pertama');
  const api = new ApiAs(request, owner.token);
  const { farmId, pondIds } = await apiFarm(api, 'Tambak Pertama', ['Kolam 1']);

  // A fresh browser profile, with signal: sign in, open the stocking screen, do NOT count.
  const phone = await newDevice(browser);
  const page = await phone.newPage();
  await new AccountPages(page).signIn(owner);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null);
  await new StockPages(page).openPond(farmId, pondIds['Kolam 1']);
  await page.getByRole('link', { name: 'Tebar', exact: true }).click();
  await expect(page).toHaveURL(/\/stock\/add/);
  await expect(page.getByRole('button', { name: 'Hitung dari foto' })).toBeVisible();
  // The engine is stored in the background (no count was started).
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const cache = await caches.open('tambak-larvae-engine');
          return (await cache.keys()).map((r) => new URL(r.url).pathname);
        }),
      { timeout: 60_000 },
    )
    .toEqual([expect.stringMatching(/^\/assets\/count-worker-[\w-]+\.js$/)]);

  // No signal: the form opens again and the first count ever runs on the phone.
  await phone.setOffline(true);
  await page.reload();
  await expect(page.getByLabel('Jumlah benur (aktual)')).toBeVisible();
  await page.getByRole('button', { name: 'Hitung dari foto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hitung benur dari foto' });
  await dialog.getByTestId('larvae-photo-input').setInputFiles(await trayPhoto(43, 90, 'bright'));
  // Compiling OpenCV's WebAssembly on a loaded 2-core machine can take a while.
  await expect(dialog.getByTestId('larvae-count')).toBeVisible({ timeout: 150_000 });
  const found = Number((await dialog.getByTestId('larvae-count').innerText()).replace(/\D/g, ''));
  expect(Math.abs(found - 90)).toBeLessThanOrEqual(5);
  const shots = process.env.LARVAE_SHOTS;
  if (shots) {
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: `${shots}/offline-first-count-360-id.png` });
  }
  await phone.close();
});
