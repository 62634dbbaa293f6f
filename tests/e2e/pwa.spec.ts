import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

test.use({ viewport: { width: 360, height: 800 } });

test('Tambak is installable and shows its own install bar when the browser offers it', async ({ page }) => {
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ name: 'Tambak', display: 'standalone', start_url: '/' });
  expect(
    manifest.icons.map((i: { sizes: string; purpose?: string }) => `${i.sizes} ${i.purpose ?? 'any'}`),
  ).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));

  await page.goto('/login');
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null);
  // Headless Chromium never fires beforeinstallprompt (it has no install UI); Lighthouse
  // (tests/bench/lighthouse.bench.ts) proves installability. Here the offer is dispatched
  // as the browser would, with prompt() and userChoice, to drive the app's own bar.
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => undefined,
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    });
    window.dispatchEvent(offer);
  });
  const bar = page.getByRole('status').filter({ hasText: 'Pasang Tambak di layar utama' });
  await expect(bar).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: 'test-results/pwa-install-offer-id-360.png' });
  await bar.getByRole('button', { name: 'Nanti saja' }).click();
  await expect(bar).toHaveCount(0);
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null);
  await expect(page.getByText('Pasang Tambak di layar utama')).toHaveCount(0);
});

test('a new version waits for the user and takes over after "Perbarui sekarang"', async ({ page }) => {
  await page.goto('/login');
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null);
  const before = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);

  // A new deploy: the worker script changes on the server.
  const swPath = 'dist/sw.js';
  const original = readFileSync(swPath, 'utf8');
  try {
    appendFileSync(swPath, `\n// new version ${Date.now()}\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const bar = page.getByRole('status').filter({ hasText: 'Versi baru Tambak tersedia.' });
    await expect(bar).toBeVisible({ timeout: 20_000 });
    await page.screenshot({ path: 'test-results/pwa-update-available-id-360.png' });
    // Nothing reloads by itself while the user may be typing.
    await expect(page.getByText('Versi baru Tambak tersedia.')).toBeVisible();
    await bar.getByRole('button', { name: 'Perbarui sekarang' }).click();
    await expect(bar).toHaveCount(0);
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null);
    const waiting = await page.evaluate(
      async () => (await navigator.serviceWorker.getRegistration())?.waiting,
    );
    expect(waiting ?? null).toBeNull();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(before);
  } finally {
    writeFileSync(swPath, original);
  }
});
