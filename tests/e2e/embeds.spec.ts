import { expect, type Page, test } from '@playwright/test';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';
import { uniqueEmail } from './support/dev-outbox.ts';

/**
 * Every screen seed 000 §2 marks embeddable opens from an embed link (`output=embed`, the
 * user's token, `pu_id`) in a browser that never signed in: no sidebar, no navbar, the
 * user's data read online (an embed link has no sync engine and no mirror, ADR 0018).
 * The report screens are covered in reports.spec.ts; here the finance report and the
 * comparison, and a bad token on each.
 */

const embedUrl = (path: string, token: string) =>
  `${path}?output=embed&token=${encodeURIComponent(token)}&pu_id=pu-embed`;

async function noChrome(page: Page) {
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('banner')).toHaveCount(0);
}

test('the finance report and the comparison open from embed links, without chrome; a bad token shows no data', async ({
  browser,
  request,
}) => {
  const owner = await apiSignUp(request, 'Pak Sematan', uniqueEmail('sematan'));
  const api = new ApiAs(request, owner.token);
  const { farmId } = await apiFarm(api, 'Tambak Sematan', ['Kolam 1', 'Kolam 2']);

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(embedUrl(`/farm/${farmId}/finance/report`, owner.token));
  await expect(
    page.getByRole('heading', { level: 1, name: 'Laporan keuangan · Tambak Sematan' }),
  ).toBeVisible();
  await expect(page.getByTestId('total-balance')).toBeVisible();
  await noChrome(page);

  await page.goto(embedUrl(`/farm/${farmId}/comparison`, owner.token));
  await expect(page.getByRole('heading', { level: 1, name: 'Perbandingan' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Kolam 2' })).toBeVisible();
  await noChrome(page);
  await context.close();

  for (const path of [`/farm/${farmId}/finance/report`, `/farm/${farmId}/comparison`]) {
    const bad = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
    await bad.goto(embedUrl(path, 'not-a-real-token'));
    await expect(bad.getByRole('heading', { name: 'Tautan tidak berlaku' })).toBeVisible();
    await expect(bad.getByText('Tambak Sematan')).toHaveCount(0);
    await expect(bad.getByText('Kolam 1')).toHaveCount(0);
    await bad.context().close();
  }
});
