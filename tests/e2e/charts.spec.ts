import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { STARTER_PRODUCTS } from '../../src/server/db/migrations/data/starter-products-0016.ts';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';
import { inMatrix } from './support/matrix.ts';
import { test } from './support/test.ts';

/**
 * The pond's Charts tab on data posted through the API: a water parameter with one reading
 * not measured (-99, never a point) and one out of standard (marked, tooltip value), two
 * samplings (ABW) and three feed uses on two days (daily bars, cumulative line). Phone and
 * desktop, Indonesian and English, screenshots kept under SHOTS_DIR (default
 * /work/shots/charts); then offline, the chart says it needs a connection.
 */
const SIZES = [
  { name: 'phone', width: 360, height: 800 },
  { name: 'desktop', width: 1280, height: 800 },
];
const LANGS = [
  { lang: 'id', tab: 'Grafik', ph: '9,1', abw: '8,25', offline: 'Grafik perlu koneksi internet' },
  { lang: 'en', tab: 'Charts', ph: '9.1', abw: '8.25', offline: 'Charts need an internet connection' },
];
const dir = process.env.SHOTS_DIR ?? '/work/shots/charts';
const daysAgo = (n: number) =>
  new Date(Date.now() + 7 * 3_600_000 - n * 86_400_000).toISOString().slice(0, 10);
const FEED = STARTER_PRODUCTS[0].id;

async function watchErrors(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (m) => {
    // Offline on purpose at the end: the browser logs the refused requests (through the
    // service worker they read ERR_FAILED, also for the retries while the signal returns).
    const refused = /ERR_INTERNET_DISCONNECTED|Failed to load resource: net::ERR_FAILED/.test(m.text());
    if (m.type() === 'error' && !refused) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

mkdirSync(dir, { recursive: true });

for (const size of SIZES) {
  for (const l of LANGS) {
    if (!inMatrix(SIZES, size, LANGS, l)) continue;
    test(`pond charts at ${size.name} width in ${l.lang}`, async ({ browser, request }) => {
      const owner = await apiSignUp(request, 'Budi');
      const api = new ApiAs(request, owner.token);
      const { farmId, pondIds } = await apiFarm(api, 'Tambak Sumber Rejeki', ['Kolam 1']);
      const pondId = pondIds['Kolam 1'];
      await api.post('/cycle', { pond_id: pondId, start_date: daysAgo(40) });

      const reading = (day: number, ph: number, temperature: number) => ({
        id: crypto.randomUUID(),
        pond_id: pondId,
        measured_at: `${daysAgo(day)}T06:00:00+07:00`,
        ph,
        temperature,
      });
      // ph 7.9, not measured, 9.1 (above the 7.8–8.5 standard), 8.2: three points.
      await api.post('/water/general/bulk', {
        items: [reading(5, 7.9, 29), reading(4, -99, 30), reading(3, 9.1, 33), reading(2, 8.2, 29.5)],
      });
      await api.post('/sampling/bulk', {
        items: [
          {
            id: crypto.randomUUID(),
            pond_id: pondId,
            sampled_on: daysAgo(14),
            shrimp_count: 60,
            sample_weight: 330,
          },
          {
            id: crypto.randomUUID(),
            pond_id: pondId,
            sampled_on: daysAgo(7),
            shrimp_count: 50,
            sample_weight: 412.5,
          },
        ],
      });
      const item = await api.post<{ warehouse_id: string }>('/warehouse', {
        farm_id: farmId,
        product_id: FEED,
        price: 15000,
      });
      await api.post(`/warehouse/${item.warehouse_id}/store`, {
        id: crypto.randomUUID(),
        qty: 100,
        price: 15000,
        used_on: daysAgo(10),
      });
      const use = (day: number, time: string, qty: number) => ({
        id: crypto.randomUUID(),
        warehouse_id: item.warehouse_id,
        pond_id: pondId,
        qty,
        used_on: daysAgo(day),
        time,
      });
      await api.post('/useitem/bulk', {
        items: [use(3, '07:00', 5), use(3, '16:00', 6), use(2, '07:00', 4)],
      });

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
      await page.goto(`/farm/${farmId}/pond/${pondId}`);
      await page.getByRole('tab', { name: l.tab }).click();

      const water = page.getByTestId('water-chart');
      await expect(water).toHaveAttribute('data-points', '3');
      await expect(water.getByTestId('chart-point')).toHaveCount(3);
      await expect(water.locator('[data-testid="chart-point"][data-out="true"]')).toHaveCount(1);
      await expect(water.getByTestId('chart-band')).toHaveCount(1);
      await water.locator('[data-testid="chart-point"][data-value="9.1"]').hover({ force: true });
      await expect(water.getByTestId('chart-tooltip-value')).toContainText(l.ph);

      const sampling = page.getByTestId('sampling-chart');
      await expect(sampling.getByTestId('chart-point')).toHaveCount(2);
      await sampling.locator('[data-testid="chart-point"]').last().hover({ force: true });
      await expect(sampling.getByTestId('chart-tooltip-value')).toHaveText(`${l.abw} g`);

      await expect(page.getByTestId('feed-daily-chart').getByTestId('chart-point')).toHaveCount(2);
      const cumulative = page.getByTestId('feed-cumulative-chart').getByTestId('chart-point');
      await expect(cumulative).toHaveCount(2);
      await expect(cumulative.last()).toHaveAttribute('data-value', '15');

      // Viewport shots (a full-page one would print the fixed app bar over the charts).
      const shot = (name: string) =>
        page.screenshot({ path: `${dir}/charts-${name}-${l.lang}-${size.name}.png` });
      await page.getByRole('tab', { name: l.tab }).scrollIntoViewIfNeeded();
      await shot('top');
      await water.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await water.locator('[data-testid="chart-point"][data-value="9.1"]').hover({ force: true });
      await shot('water');
      await page.getByTestId('feed-cumulative-chart').evaluate((el) => el.scrollIntoView({ block: 'end' }));
      await page
        .getByTestId('feed-daily-chart')
        .locator('[data-testid="chart-point"]')
        .first()
        .hover({ force: true });
      await shot('feed');

      // Offline: a new read says the charts need a connection, nothing crashes.
      await context.setOffline(true);
      await page.getByLabel('Parameter').selectOption('temperature');
      await expect(page.getByTestId('charts-offline').first()).toContainText(l.offline);
      await page
        .getByTestId('pond-charts')
        .screenshot({ path: `${dir}/charts-offline-${l.lang}-${size.name}.png` });
      await context.setOffline(false);
      await expect(page.getByTestId('water-chart')).toHaveAttribute('data-points', '4');
      expect(errors).toEqual([]);
      await context.close();
    });
  }
}
