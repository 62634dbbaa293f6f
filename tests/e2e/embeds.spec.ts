import { expect, type Page } from '@playwright/test';
import { ApiAs, apiEmbedToken, apiFarm, apiSignUp } from './support/api-setup.ts';
import { uniqueEmail } from './support/dev-outbox.ts';
import { test } from './support/test.ts';

/**
 * Every screen seed 000 §2 marks embeddable opens from an embed link (`output=embed`, an
 * embed link's token made in settings (ADR 0062), `pu_id`) in a browser that never signed in: no sidebar, no navbar, the
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

  const finance = await apiEmbedToken(api, farmId, ['finance-report']);
  const comparison = await apiEmbedToken(api, farmId, ['comparison']);
  const overview = await apiEmbedToken(api, farmId, ['overview']);

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(embedUrl(`/farm/${farmId}/finance/report`, finance));
  await expect(
    page.getByRole('heading', { level: 1, name: 'Laporan keuangan · Tambak Sematan' }),
  ).toBeVisible();
  await expect(page.getByTestId('total-balance')).toBeVisible();
  await noChrome(page);

  await page.goto(embedUrl(`/farm/${farmId}/comparison`, comparison));
  await expect(page.getByRole('heading', { level: 1, name: 'Perbandingan' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Kolam 2' })).toBeVisible();
  await noChrome(page);

  // The cycle overview's embed (seed 000 §2, issue 30): read online, no sidebar, no /login;
  // with the forecast below it, read from the server too (ADR 0078). Kolam 1 stocked 50 days
  // ago, sampled weekly from DOC 22.
  const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
  const ponds = await api.get<{ pond_id: string; name: string }[]>(`/pond?farm_id=${farmId}`);
  const kolam1 = ponds.find((p) => p.name === 'Kolam 1')?.pond_id as string;
  await api.post('/stock', {
    stock_id: crypto.randomUUID(),
    pond_id: kolam1,
    stock_date: day(49),
    seed_net: 100_000,
    seed_actual: 100_000,
  });
  await api.post('/sampling/bulk', {
    items: [
      [22, 1.4],
      [29, 2.3],
      [36, 3.4],
      [43, 4.9],
    ].map(([doc, abw]) => ({
      id: crypto.randomUUID(),
      pond_id: kolam1,
      sampled_on: day(50 - (doc as number)),
      shrimp_count: 100,
      sample_weight: (abw as number) * 100,
    })),
  });
  await page.goto(embedUrl(`/farm/${farmId}/overview/embed`, overview));
  await expect(page.getByRole('heading', { level: 1, name: /· Tambak Sematan$/ })).toBeVisible();
  await expect(page.getByTestId('overview-as-of')).toBeVisible();
  const forecast = page.getByTestId('overview-forecast');
  await expect(forecast.getByTestId('overview-forecast-Kolam 1')).toBeVisible();
  await expect(forecast.getByTestId('forecast-chart').locator('svg').first()).toBeVisible();
  await expect(forecast.getByTestId('forecast-target-50')).toBeVisible();
  await expect(forecast.getByRole('link')).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe(`/farm/${farmId}/overview/embed`);
  await expect(page.locator('.sidebar')).toHaveCount(0);
  await noChrome(page);
  await context.close();

  // A made-up token, the owner's session token (never taken from a URL), and a link made
  // for the other screen: the clear page, no data.
  for (const [path, token] of [
    [`/farm/${farmId}/finance/report`, 'not-a-real-token'],
    [`/farm/${farmId}/comparison`, 'emb_not-a-real-token'],
    [`/farm/${farmId}/finance/report`, owner.token],
    [`/farm/${farmId}/comparison`, finance],
  ]) {
    const bad = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
    await bad.goto(embedUrl(path, token));
    await expect(bad.getByRole('heading', { name: 'Tautan tidak berlaku' })).toBeVisible();
    await expect(bad.getByText('Tambak Sematan')).toHaveCount(0);
    await expect(bad.getByText('Kolam 1')).toHaveCount(0);
    await bad.context().close();
  }
});
