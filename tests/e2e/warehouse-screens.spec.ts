import { expect, type Page } from '@playwright/test';
import { type DemoApi, generateWarehouse } from '../../scripts/demo/warehouse.ts';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';
import { axeScan, blocking } from './support/axe.ts';
import { inMatrix } from './support/matrix.ts';
import { test } from './support/test.ts';

async function checkA11y(page: Page, screen: string) {
  expect(blocking(await axeScan(page, screen))).toEqual([]);
}

/**
 * The warehouse screens at phone and desktop width, in Indonesian and English, on a farm
 * filled by the demo generator: each renders with no console error and no serious axe
 * finding, and a screenshot is kept under test-results/screens for a person to look at.
 */
const SIZES = [
  { name: 'phone', width: 360, height: 800 },
  { name: 'desktop', width: 1280, height: 800 },
];
const LANGS = [
  {
    lang: 'id',
    warehouse: 'Gudang',
    feed: 'Input pakan',
    use: 'Input pemakaian barang',
    po: 'Pesanan pembelian',
  },
  { lang: 'en', warehouse: 'Warehouse', feed: 'Feed input', use: 'Item use input', po: 'Purchase orders' },
];

function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function watchErrors(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

// Independent screens per width and language: both workers take them (ADR 0061).
test.describe.configure({ mode: 'parallel' });

for (const size of SIZES) {
  for (const l of LANGS) {
    if (!inMatrix(SIZES, size, LANGS, l)) continue;
    test(`warehouse screens at ${size.name} width in ${l.lang}`, async ({ browser, request }) => {
      // Demo data for a month and an axe scan per screen: longer than one flow on a shared machine.
      test.setTimeout(180_000);
      const owner = await apiSignUp(request, 'Sari');
      const api = new ApiAs(request, owner.token);
      const { farmId, pondIds } = await apiFarm(api, 'Tambak Sumber Rejeki', [
        'Kolam 1',
        'Kolam 2',
        'Kolam 10',
      ]);
      for (const pond of Object.values(pondIds))
        await api.post('/cycle', { pond_id: pond, start_date: day(-40) });
      const demo: DemoApi = {
        get: (path, query = {}) =>
          api.get(
            `${path}?${new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])))}`,
          ),
        post: (path, body) => api.post(path, body),
      };
      await generateWarehouse({ api: demo, farmId, random: mulberry32(42), days: 30, today: day(0) });

      const context = await browser.newContext({
        viewport: size,
        locale: l.lang === 'id' ? 'id-ID' : 'en-US',
      });
      const page = await context.newPage();
      const errors = await watchErrors(page);
      await page.addInitScript((lang) => localStorage.setItem('tambak:language', lang), l.lang);
      await page.goto('/login');
      await page.evaluate(
        ([token, user]) => localStorage.setItem('tambak:session', JSON.stringify({ token, user })),
        [owner.token, await api.get('/user')] as const,
      );
      const shot = (name: string) =>
        page.screenshot({
          path: `test-results/screens/warehouse-${name}-${l.lang}-${size.name}.png`,
          fullPage: true,
        });

      await page.goto(`/farm/${farmId}/warehouse`);
      await expect(page.getByRole('heading', { name: l.warehouse, exact: true })).toBeVisible();
      await expect(page.getByTestId('warehouse-item').first()).toBeVisible();
      await checkA11y(page, 'warehouse');
      await shot('list');

      await page.getByTestId('warehouse-item').first().click();
      await expect(page.getByTestId('item-stock')).toBeVisible();
      await checkA11y(page, 'warehouse-item');
      await shot('item');

      await page.goto(`/farm/${farmId}/feed/add`);
      await expect(page.getByRole('heading', { name: l.feed, exact: true })).toBeVisible();
      await expect(page.getByTestId('feed-pond').first()).toBeVisible();
      await page.getByTestId('feed-pond').first().getByRole('textbox').first().fill('2,5');
      await checkA11y(page, 'feed-entry');
      await shot('feed-entry');

      await page.goto(`/farm/${farmId}/use-item/add`);
      await expect(page.getByRole('heading', { name: l.use, exact: true })).toBeVisible();
      await shot('use-entry');

      await page.goto(`/farm/${farmId}/purchase-order`);
      await expect(page.getByRole('heading', { name: l.po, exact: true })).toBeVisible();
      await expect(page.getByTestId('purchase-order').first()).toBeVisible();
      await checkA11y(page, 'purchase-order');
      await shot('purchase-orders');

      await page.goto(`/farm/${farmId}/settings?tab=feeding`);
      await expect(
        page.getByRole('heading', { name: l.lang === 'id' ? 'Program pakan' : 'Feeding programme' }).first(),
      ).toBeVisible();
      await shot('feeding-programme');
      expect(errors).toEqual([]);
      await context.close();
    });
  }
}
