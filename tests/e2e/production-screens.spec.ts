import { expect, type Page } from '@playwright/test';
import { farmDayMinus } from './pages/stock-pages.ts';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';
import { inMatrix } from './support/matrix.ts';
import { test } from './support/test.ts';

/**
 * The production screens (pond page, stocking, harvest and death forms, cycle overview,
 * death alert) at phone and desktop width in both languages: each renders with no console
 * error; screenshots land in test-results/screens for a person to look at.
 */
const SIZES = [
  { name: 'phone', width: 360, height: 800 },
  { name: 'desktop', width: 1280, height: 800 },
];
const LANGS = [
  { lang: 'id', overview: 'Ringkasan siklus', alert: 'Peringatan kematian', stocking: 'Tebar' },
  { lang: 'en', overview: 'Cycle overview', alert: 'Death alert', stocking: 'Stocking' },
];

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
  });
  return errors;
}

for (const size of SIZES) {
  for (const l of LANGS) {
    if (!inMatrix(SIZES, size, LANGS, l)) continue;
    test(`production screens at ${size.name} width in ${l.lang}`, async ({ browser, request }) => {
      const owner = await apiSignUp(request, 'Budi');
      const api = new ApiAs(request, owner.token);
      const { farmId, pondIds } = await apiFarm(api, 'Tambak Sumber Rejeki', [
        'Kolam 1',
        'Kolam 2',
        'Kolam 10',
      ]);
      const stocks: Record<string, string> = {};
      for (const [i, pond] of ['Kolam 1', 'Kolam 2', 'Kolam 10'].entries()) {
        const s = await api.post<{ stock_id: string }>('/stock', {
          pond_id: pondIds[pond],
          stock_date: farmDayMinus(40 + i),
          seed_net: 120_000,
          seed_actual: 110_000 + i * 5_000,
          seed_source: 'Hatchery Anyer',
          pl_age: 10,
          bags: 60,
        });
        stocks[pond] = s.stock_id;
        for (let d = 1; d <= 5; d++)
          await api.post('/death', {
            stock_id: s.stock_id,
            died_on: farmDayMinus(d),
            count: (i + 1) * 40 * d,
            total_weight_kg: (i + 1) * 0.3 * d,
          });
      }
      await api.post('/harvest', {
        stock_id: stocks['Kolam 1'],
        harvested_on: farmDayMinus(2),
        type: 'partial',
        weight_kg: 120.5,
        size: 110,
        price_per_kg: 58_000,
      });

      const context = await browser.newContext({
        viewport: size,
        locale: l.lang === 'id' ? 'id-ID' : 'en-US',
      });
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.addInitScript((lang) => localStorage.setItem('tambak:language', lang), l.lang);
      const shot = (name: string) =>
        page.screenshot({ path: `test-results/screens/${name}-${l.lang}-${size.name}.png`, fullPage: true });
      await page.goto('/login');
      await page.evaluate(
        ([token, user]) => localStorage.setItem('tambak:session', JSON.stringify({ token, user })),
        [owner.token, await api.get('/user')] as const,
      );
      await page.goto(`/farm/${farmId}?home=farm`);
      await expect(page.getByText('Kolam 10', { exact: true })).toBeVisible();

      const pond = `/farm/${farmId}/pond/${pondIds['Kolam 1']}`;
      await page.goto(pond);
      await expect(page.getByRole('heading', { name: l.stocking, exact: true })).toBeVisible();
      await expect(page.getByText('Rp 6.989.000').first()).toBeVisible();
      await shot('production-pond');

      await page.goto(
        `/farm/${farmId}/stock/add?pond_id=${pondIds['Kolam 1']}&stock_id=${stocks['Kolam 1']}`,
      );
      await expect(page.locator('input[name="seed_actual"]')).toHaveValue('110000');
      await shot('production-stock-form');

      await page.goto(`/farm/${farmId}/harvest/add?pond_id=${pondIds['Kolam 2']}`);
      await page.locator('input[name="weight_kg"]').fill('250');
      await page.locator('input[name="size"]').fill('80');
      await page.locator('input[name="price_per_kg"]').fill('65000');
      await expect(page.getByText('Rp 16.250.000')).toBeVisible();
      await shot('production-harvest-form');

      await page.goto(`/farm/${farmId}/death/add?pond_id=${pondIds['Kolam 2']}`);
      await expect(page.locator('input[name="count"]')).toBeVisible();
      await shot('production-death-form');

      await page.goto(`/farm/${farmId}/overview`);
      await expect(page.getByRole('heading', { name: l.overview, exact: true })).toBeVisible();
      await expect(
        page
          .getByText(/Kolam 10/)
          .filter({ visible: true })
          .first(),
      ).toBeVisible();
      await shot('production-overview');

      await page.goto(`/farm/${farmId}/death-alert`);
      await expect(page.getByRole('heading', { name: l.alert, exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Kolam 10' })).toBeVisible();
      await shot('production-death-alert');

      expect(errors).toEqual([]);
      await context.close();
    });
  }
}
