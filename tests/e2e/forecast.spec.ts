import { mkdirSync } from 'node:fs';
import { expect, type Page, type Request } from '@playwright/test';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';
import { inMatrix } from './support/matrix.ts';
import { test } from './support/test.ts';

/**
 * Issue 26 "Done when": the pond page's forecast shows the samplings, the projection and
 * its shaded band after the last sampling, and the day each target size is reached, and
 * keeps showing them offline (computed on the device from the mirror), as does the cycle
 * overview with the same numbers; a harvest on a chosen date (a past day refused, nothing
 * sent); the attention
 * board names the pond that reaches its next target size within two weeks. Phone and
 * desktop, Indonesian and English, screenshots under SHOTS_DIR (default /work/shots/forecast).
 */
const SIZES = [
  { name: 'phone', width: 360, height: 800 },
  { name: 'desktop', width: 1280, height: 800 },
];
const LANGS = [
  {
    lang: 'id',
    tab: 'Grafik',
    records: 'Data kolam',
    title: 'Perkiraan pertumbuhan',
    board: 'Mencapai size 100 dalam',
    pricesTab: 'Harga & target',
    size: 'Size (ekor/kg)',
    price: 'Harga per kg (Rp)',
    save: 'Simpan daftar harga',
    saved: 'Daftar harga disimpan.',
    revenue: /Pendapatan Rp\s?[\d.]+$/,
    farmPrices: 'Pendapatan dengan daftar harga tambak.',
    onDateOpen: 'Panen pada tanggal…',
    onDate: 'Tanggal panen',
    onDateShow: 'Hitung',
    onDatePast: 'Tanggal panen tidak boleh sebelum hari ini.',
    overview: 'Proyeksi panen per kolam',
    planTotal: /Siap size 100 dalam 14 hari/,
  },
  {
    lang: 'en',
    tab: 'Charts',
    records: 'Records',
    title: 'Growth forecast',
    board: 'Reaches size 100 in',
    pricesTab: 'Prices & targets',
    size: 'Size (pcs/kg)',
    price: 'Price per kg (Rp)',
    save: 'Save the price list',
    saved: 'Price list saved.',
    revenue: /Revenue Rp\s?[\d.]+$/,
    farmPrices: "Revenue at the farm's price list.",
    onDateOpen: 'Harvest on a date…',
    onDate: 'Harvest date',
    onDateShow: 'Calculate',
    onDatePast: 'The harvest date cannot be before today.',
    overview: 'Harvest forecast per pond',
    planTotal: /Ready at size 100 within 14 days/,
  },
];
const dir = process.env.SHOTS_DIR ?? '/work/shots/forecast';
const daysAgo = (n: number) =>
  new Date(Date.now() + 7 * 3_600_000 - n * 86_400_000).toISOString().slice(0, 10);
/** The Gompertz curve the samplings follow (W∞ 38 g, b 5.2, k 0.019): 10 g (size 100) at DOC 72. */
const abwAt = (doc: number) => 38 * Math.exp(-5.2 * Math.exp(-0.019 * doc));

async function watchErrors(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (m) => {
    // The network refusing a request offline, and the browser's own service-worker update
    // check failing offline ("…when fetching the script."), are the network, not the app.
    const refused =
      /ERR_INTERNET_DISCONNECTED|Failed to load resource: net::ERR_FAILED|error occurred when fetching the script/.test(
        m.text(),
      );
    if (m.type() === 'error' && !refused) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

mkdirSync(dir, { recursive: true });

for (const size of SIZES) {
  for (const l of LANGS) {
    if (!inMatrix(SIZES, size, LANGS, l)) continue;
    test(`pond forecast at ${size.name} width in ${l.lang}, offline too`, async ({ browser, request }) => {
      const owner = await apiSignUp(request, 'Budi');
      const api = new ApiAs(request, owner.token);
      const { farmId, pondIds } = await apiFarm(api, 'Tambak Sumber Rejeki', ['A6']);
      const pondId = pondIds.A6;
      // Stocked 65 days ago: today is DOC 66; samplings weekly from DOC 31 to 59.
      await api.post('/stock', {
        stock_id: crypto.randomUUID(),
        pond_id: pondId,
        stock_date: daysAgo(65),
        seed_net: 100_000,
        seed_actual: 100_000,
      });
      await api.post('/sampling/bulk', {
        items: [31, 38, 45, 52, 59].map((doc) => ({
          id: crypto.randomUUID(),
          pond_id: pondId,
          sampled_on: daysAgo(66 - doc),
          shrimp_count: 100,
          sample_weight: Math.round(abwAt(doc) * 1000) / 10,
        })),
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

      // The board (read online) names the pond: size 100 at DOC 72, 6 days from today.
      const board = await api.get<{
        items: { kind: string; subject: string; figures: Record<string, unknown> }[];
      }>(`/attention?farm_id=${farmId}`);
      expect(board.items.filter((i) => i.kind === 'harvest_size')).toMatchObject([
        { subject: 'A6', figures: { size: 100 } },
      ]);
      await page.goto(`/farm/${farmId}/attention`);
      const line = page.getByText(l.board);
      await expect(line).toBeVisible({ timeout: 30_000 });
      await line.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${dir}/forecast-board-${l.lang}-${size.name}.png` });

      // The farm's price list, typed in Settings → Prices & targets: revenue on the card at it.
      await page.goto(`/farm/${farmId}/settings?tab=prices`);
      const prices = page.getByTestId('price-list-tab');
      await prices.getByLabel(l.size).first().fill('100');
      await prices.getByLabel(l.price).first().fill('55000');
      await prices.getByRole('button', { name: l.save }).click();
      await expect(page.getByText(l.saved)).toBeVisible();
      await page.screenshot({ path: `${dir}/forecast-prices-${l.lang}-${size.name}.png`, fullPage: true });

      await page.goto(`/farm/${farmId}/pond/${pondId}`);
      await page.getByRole('tab', { name: l.tab }).click();
      await expect(page.getByTestId('forecast-prices')).toContainText(l.farmPrices);
      await expect(page.getByTestId('forecast-revenue-70')).toHaveText(l.revenue);
      const card = page.getByTestId('forecast-card');
      await expect(page.getByRole('heading', { name: l.title })).toBeVisible();
      await expect(card.getByTestId('forecast-sample')).toHaveCount(5);
      await expect(card.getByTestId('forecast-band')).toHaveCount(1);
      await expect(card.getByTestId('forecast-line')).toHaveCount(1);
      await expect(card.getByTestId('forecast-target-100')).toBeVisible();
      await expect(card.getByTestId('forecast-prior-only')).toHaveCount(0);
      await card.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: `${dir}/forecast-pond-${l.lang}-${size.name}.png` });
      const pondTarget = await card.getByTestId('forecast-target-100').innerText();

      // Harvest on a date: a day before today is refused with the translated message and
      // shows nothing; a day 10 days on shows its figures; neither sends anything (the
      // batched pull of the mirror and the error tracer's session count aside).
      const writes: string[] = [];
      const onRequest = (r: Request) => {
        if (r.method() === 'GET' || r.url().includes('/api/sync/pull')) return;
        const sessionOnly =
          r.url().includes('/api/errors/report') && (r.postDataJSON()?.events ?? []).length === 0;
        if (!sessionOnly) writes.push(r.url());
      };
      page.on('request', onRequest);
      await card.getByRole('button', { name: l.onDateOpen }).click();
      const onDate = card.getByTestId('harvest-on-date');
      await onDate.getByLabel(l.onDate).fill(daysAgo(1));
      await onDate.getByRole('button', { name: l.onDateShow }).click();
      await expect(onDate.getByText(l.onDatePast)).toBeVisible();
      await expect(onDate.getByTestId('harvest-on-date-result')).toHaveCount(0);
      await onDate.getByLabel(l.onDate).fill(daysAgo(-10));
      await onDate.getByRole('button', { name: l.onDateShow }).click();
      await expect(onDate.getByTestId('harvest-on-date-result')).toContainText('DOC 76');
      await expect(onDate.getByTestId('harvest-on-date-revenue')).toHaveText(/^Rp\s?[\d.]+$/);
      await expect(onDate.getByText(l.onDatePast)).toHaveCount(0);
      // Another day after it: the button answers again, the last day's figures go.
      await onDate.getByLabel(l.onDate).fill(daysAgo(-20));
      await expect(onDate.getByTestId('harvest-on-date-result')).toHaveCount(0);
      await onDate.getByRole('button', { name: l.onDateShow }).click();
      await expect(onDate.getByTestId('harvest-on-date-result')).toContainText('DOC 86');
      await onDate.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: `${dir}/forecast-on-date-${l.lang}-${size.name}.png` });
      page.off('request', onRequest);
      expect(writes).toEqual([]);

      // Offline: away and back to the tab, the forecast is computed again from the mirror.
      await page.waitForFunction(() => navigator.serviceWorker?.controller !== null);
      await context.setOffline(true);
      await page.getByRole('tab', { name: l.records }).click();
      await page.getByRole('tab', { name: l.tab }).click();
      await expect(card.getByTestId('forecast-band')).toHaveCount(1);
      await expect(card.getByTestId('forecast-sample')).toHaveCount(5);
      await expect(card.getByTestId('forecast-target-50')).toBeVisible();
      await card.screenshot({ path: `${dir}/forecast-offline-${l.lang}-${size.name}.png` });

      // The cycle overview, still offline: the pond's projection in its band after the last
      // sampling, and the same day for size 100 as on the pond page.
      await page.goto(`/farm/${farmId}/overview`);
      const overview = page.getByTestId('overview-forecast');
      await expect(page.getByRole('heading', { name: l.overview })).toBeVisible();
      await expect(overview.getByTestId('forecast-sample')).toHaveCount(5);
      await expect(overview.getByTestId('forecast-band')).toHaveCount(1);
      await expect(overview.getByTestId('forecast-line')).toHaveCount(1);
      await expect(overview.getByTestId('forecast-target-100')).toHaveText(pondTarget);
      await expect(overview.getByTestId('overview-forecast-A6')).toContainText(
        pondTarget.split(' · ')[0] as string,
      );
      await page.screenshot({ path: `${dir}/forecast-overview-${l.lang}-${size.name}.png`, fullPage: true });
      // The manager's plan: the ponds ordered by when they reach size 100, with the next two weeks' total.
      await overview.getByRole('button', { name: 'Size 100' }).click();
      await expect(overview.getByTestId('overview-plan-A6')).toContainText(
        (pondTarget.split(' · ')[0] as string).replace(/^Size 100:\s*/, ''),
      );
      await expect(overview.getByTestId('overview-plan-total')).toContainText(l.planTotal);
      await overview.getByTestId('overview-plan-total').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${dir}/forecast-plan-${l.lang}-${size.name}.png` });
      await context.setOffline(false);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
}
