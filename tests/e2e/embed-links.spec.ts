import { expect } from '@playwright/test';
import { AccountPages } from './pages/account-pages.ts';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';
import { uniqueEmail } from './support/dev-outbox.ts';
import { test } from './support/test.ts';

/**
 * Embed links (issue 29 point 1, ADR 0062): the owner makes one in Settings → Tautan
 * sematan at 360 px, copies its URL (shown once), the link opens the screen without
 * chrome and reading as the link; once revoked (with a confirm) it shows the translated
 * "link not valid" page, never a blank frame; the URL never carries the session token.
 */
test('an owner makes an embed link in settings, it opens the screen, and once revoked shows the clear page', async ({
  browser,
  request,
}) => {
  const owner = await apiSignUp(request, 'Pak Sematan', uniqueEmail('tautan'));
  const api = new ApiAs(request, owner.token);
  const { farmId } = await apiFarm(api, 'Tambak Tautan', ['Kolam 1', 'Kolam 2']);

  const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  await new AccountPages(page).signIn(owner);
  await page.goto(`/farm/${farmId}/settings?tab=embed`);
  await expect(page.getByRole('heading', { name: 'Tautan sematan' }).first()).toBeVisible();
  await expect(page.getByText('Belum ada tautan sematan.')).toBeVisible();

  // Controls fit a finger at 360 px.
  for (const control of [
    page.getByRole('radio', { name: 'Perbandingan' }).locator('xpath=..'),
    page.getByLabel('Berlaku'),
    page.getByRole('button', { name: 'Buat tautan' }),
  ]) {
    const box = await control.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
  }

  await page.getByRole('radio', { name: 'Perbandingan' }).check();
  await page.getByLabel('Berlaku').selectOption('7');
  await page.getByLabel('Nama tautan').fill('Pembeli udang');
  await page.getByRole('button', { name: 'Buat tautan' }).click();
  const created = page.getByTestId('embed-link-created');
  await expect(created).toBeVisible();
  const url = await created.getByRole('textbox').inputValue();
  expect(url).toContain(`/farm/${farmId}/comparison?output=embed&token=emb_`);
  expect(url).not.toContain(owner.token);
  const item = page.getByTestId('embed-link').filter({ hasText: 'Pembeli udang' });
  await expect(item).toContainText('Aktif');
  await expect(item).toContainText('Dibuat oleh Pak Sematan');
  await expect(item).toContainText('Belum pernah dipakai');
  const revoke = item.getByRole('button', { name: 'Cabut tautan Pembeli udang' });
  const box = await revoke.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);

  // The link opens the comparison in a browser that never signed in, without chrome.
  const embedContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const embed = await embedContext.newPage();
  await embed.goto(url);
  await expect(embed.getByRole('heading', { level: 1, name: 'Perbandingan' })).toBeVisible();
  await expect(embed.getByRole('checkbox', { name: 'Kolam 2' })).toBeVisible();
  await expect(embed.getByRole('navigation')).toHaveCount(0);

  // Revoke, with a confirm; the list read again says when the link was last used.
  await page.getByRole('button', { name: 'Cabut tautan Pembeli udang' }).click();
  await page.getByRole('button', { name: 'Ya, cabut' }).click();
  const revoked = page.getByTestId('embed-link').filter({ hasText: 'Pembeli udang' });
  await expect(revoked).toContainText('Dicabut');
  await expect(revoked).toContainText('Terakhir dipakai');

  // The revoked link: the translated clear page, no data.
  const gone = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  await gone.goto(url);
  await expect(gone.getByRole('heading', { name: 'Tautan tidak berlaku' })).toBeVisible();
  await expect(gone.getByText('Kolam 1')).toHaveCount(0);
  await expect(gone.getByText('Tambak Tautan')).toHaveCount(0);
  await gone.context().close();

  // In English too.
  const en = await (
    await browser.newContext({ viewport: { width: 360, height: 800 }, locale: 'en-GB' })
  ).newPage();
  await en.goto(`${url}&lang=en`);
  await expect(en.locator('[data-embed-denied]')).toBeVisible();
  await en.context().close();

  await embedContext.close();
  await context.close();
});
