import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';
import { test } from './support/test.ts';
import { trayPhoto } from './support/tray-photo.ts';

async function countPhoto(page: Page, file: string) {
  await page.getByRole('button', { name: 'Hitung dari foto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hitung benur dari foto' });
  await dialog.getByTestId('larvae-photo-input').setInputFiles(file);
  await expect(dialog.getByTestId('larvae-count')).toBeVisible({ timeout: 45_000 });
  return dialog;
}

const countOf = async (page: Page) =>
  Number((await page.getByTestId('larvae-count').innerText()).replace(/\D/g, ''));

test('a hatchery without signal counts a tray photo, adds a missed larva by a tap and uses the count', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await apiSignUp(request, 'Benur');
  const api = new ApiAs(request, owner.token);
  const { farmId } = await apiFarm(api, 'Tambak Benur', ['Kolam 1']);
  const context = await browser.newContext({ viewport: { width: 360, height: 800 }, locale: 'id-ID' });
  const page = await context.newPage();
  await page.addInitScript(
    ([token, user]) => localStorage.setItem('tambak:session', JSON.stringify({ token, user })),
    [owner.token, await api.get('/user')] as const,
  );

  // With signal, once: the app is installed and the counter's engine fetched on first use.
  await page.goto(`/farm/${farmId}/larvae-count`);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null);
  let dialog = await countPhoto(page, await trayPhoto(21, 60, 'bright'));
  await dialog.getByRole('button', { name: 'Tutup' }).click();

  // No signal: a reload still opens the page and the count runs on the phone.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Hitung benur dari foto' })).toBeVisible();
  const file = await trayPhoto(22, 120, 'dark');
  await page.getByRole('button', { name: 'Hitung dari foto' }).click();
  dialog = page.getByRole('dialog', { name: 'Hitung benur dari foto' });
  await dialog.getByRole('radio', { name: 'Gelap (hitam)' }).check();
  await dialog.getByTestId('larvae-photo-input').setInputFiles(file);
  await expect(dialog.getByTestId('larvae-count')).toBeVisible({ timeout: 45_000 });
  const found = await countOf(page);
  expect(Math.abs(found - 120)).toBeLessThanOrEqual(6);
  await expect(dialog.getByTestId('larvae-band')).toContainText(/perkiraan \d+–\d+ ekor/);

  // A larva the counter missed: a tap in the empty tray border adds a mark.
  const marks = dialog.getByTestId('larvae-marks');
  await marks.scrollIntoViewIfNeeded();
  await marks.click({ position: { x: 4, y: 4 } });
  await expect(dialog.getByTestId('larvae-count')).toHaveText(`${found + 1} ekor`);
  await expect(dialog.getByText('Dikoreksi: 1 ditambah, 0 dihapus')).toBeVisible();

  await dialog.getByRole('button', { name: 'Pakai hitungan ini' }).click();
  await expect(page.getByTestId('larvae-used')).toContainText(`Hitungan dipakai: ${found + 1} ekor`);
  await context.close();
});

/** Screenshots for review (LARVAE_SHOTS=folder): phone and desktop, Indonesian and English. */
test('larvae counter screenshots', async ({ browser, request }) => {
  const out = process.env.LARVAE_SHOTS;
  test.skip(!out, 'set LARVAE_SHOTS to a folder to take them');
  test.setTimeout(240_000);
  mkdirSync(out as string, { recursive: true });
  const owner = await apiSignUp(request, 'Shots');
  const api = new ApiAs(request, owner.token);
  const { farmId } = await apiFarm(api, 'Tambak Shots', ['Kolam 1']);
  const user = await api.get('/user');
  const file = await trayPhoto(31, 300, 'bright');
  for (const lang of ['id', 'en'] as const) {
    for (const [name, viewport] of [
      ['phone', { width: 360, height: 800 }],
      ['desktop', { width: 1280, height: 800 }],
    ] as const) {
      const context = await browser.newContext({ viewport, locale: lang === 'id' ? 'id-ID' : 'en-US' });
      const page = await context.newPage();
      await page.addInitScript(
        ([token, u, l]) => {
          localStorage.setItem('tambak:session', JSON.stringify({ token, user: u }));
          localStorage.setItem('tambak:language', l as string);
        },
        [owner.token, user, lang] as const,
      );
      await page.goto(`/farm/${farmId}/larvae-count`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.screenshot({ path: join(out as string, `${lang}-${name}-page.png`) });
      await page
        .getByRole('button', { name: lang === 'id' ? 'Hitung dari foto' : 'Count from photo' })
        .click();
      await page.getByTestId('larvae-photo-input').setInputFiles(file);
      await expect(page.getByTestId('larvae-count')).toBeVisible({ timeout: 60_000 });
      await page.screenshot({ path: join(out as string, `${lang}-${name}-counted.png`) });
      await page.getByRole('button', { name: '4×' }).click();
      await page.screenshot({ path: join(out as string, `${lang}-${name}-zoom.png`) });
      await context.close();
    }
  }
});
