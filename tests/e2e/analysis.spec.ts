import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { promisify } from 'node:util';
import { expect, type Page } from '@playwright/test';
import pg from 'pg';
import { STARTER_PRODUCTS } from '../../src/server/db/migrations/data/starter-products-0016.ts';
import { FEED_CATEGORY_ID } from '../../src/shared/domain/warehouse.ts';
import { AccountPages } from './pages/account-pages.ts';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';
import { uniqueEmail } from './support/dev-outbox.ts';
import { inMatrix } from './support/matrix.ts';
import { test } from './support/test.ts';

/**
 * Farm analysis and comparison (issue 17 points 3 and 4) on a small farm posted through
 * the API: each analysis view opened for a sampled day, its figures checked against what
 * the database holds (the records posted and the analysis answer of that day), the
 * choice remembered per farm, offline said plainly, and a comparison saved as a template
 * and used again. Phone and desktop, Indonesian and English; screenshots under SHOTS_DIR
 * (default /work/shots/h3-analysis).
 */
const dir = process.env.SHOTS_DIR ?? '/work/shots/h3-analysis';
mkdirSync(dir, { recursive: true });
const daysAgo = (n: number) =>
  new Date(Date.now() + 7 * 3_600_000 - n * 86_400_000).toISOString().slice(0, 10);
const FEED = STARTER_PRODUCTS[0].id;
const D = daysAgo(2);

async function setUp(request: Parameters<typeof apiSignUp>[0]) {
  const owner = await apiSignUp(request, 'Budi');
  const api = new ApiAs(request, owner.token);
  const { farmId, pondIds } = await apiFarm(api, 'Tambak Analisis', ['Kolam 1', 'Kolam 2']);
  const pondId = pondIds['Kolam 1'];
  await api.post('/cycle', { pond_id: pondId, start_date: daysAgo(40) });
  const reading = (time: string, values: Record<string, number>) => ({
    id: crypto.randomUUID(),
    pond_id: pondId,
    measured_at: `${D}T${time}:00+07:00`,
    ...values,
  });
  // DO 3.5 is under the 4 mg/L standard, pH 9.1 above 7.8–8.5.
  await api.post('/water/general/bulk', {
    items: [
      reading('06:00', { ph: 7.9, do: 3.5, temperature: 29 }),
      reading('14:00', { ph: 9.1, temperature: 31 }),
    ],
  });
  await api.post('/sampling/bulk', {
    items: [
      {
        id: crypto.randomUUID(),
        pond_id: pondId,
        sampled_on: daysAgo(9),
        shrimp_count: 60,
        sample_weight: 330,
      },
      { id: crypto.randomUUID(), pond_id: pondId, sampled_on: D, shrimp_count: 50, sample_weight: 400 },
    ],
  });
  await api.post('/anco/bulk', {
    items: [
      {
        id: crypto.randomUUID(),
        pond_id: pondId,
        check_date: D,
        feeding_time: 1,
        checked_at: '08:30',
        data_anco: ['habis', 'habis', 'habis', 'sisa_sedikit'].map((status, i) => ({ tray: i + 1, status })),
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
  const use = (day: string, time: string, qty: number) => ({
    id: crypto.randomUUID(),
    warehouse_id: item.warehouse_id,
    pond_id: pondId,
    qty,
    used_on: day,
    time,
  });
  await api.post('/useitem/bulk', {
    items: [use(daysAgo(3), '07:00', 4), use(D, '07:00', 5), use(D, '16:00', 6)],
  });
  return { owner, api, farmId, pondId };
}

async function signIn(page: Page, api: ApiAs, token: string, lang: string) {
  await page.addInitScript((l) => localStorage.setItem('tambak:language', l), lang);
  await page.goto('/login');
  await page.evaluate(
    ([t, user]) => localStorage.setItem('tambak:session', JSON.stringify({ token: t, user })),
    [token, await api.get('/user')] as const,
  );
}

async function watchErrors(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !/ERR_INTERNET_DISCONNECTED|ERR_FAILED/.test(m.text())) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

const LANGS = [
  {
    lang: 'id',
    title: 'Analisis tambak',
    tabs: {
      status: 'Status tambak',
      water: 'Kualitas air',
      anco: 'Anco',
      sampling: 'Sampling',
      products: 'Produk',
    },
    partial: 'Sebagian',
    empty: 'Kolam kosong',
    feed: '11 kg',
    ph: '9,1',
    advice: 'Naikkan pakan',
    abw: '8 g',
    value: 'Rp 165.000',
    offline: 'Anda sedang offline',
    date: 'Tanggal',
  },
  {
    lang: 'en',
    title: 'Farm analysis',
    tabs: {
      status: 'Farm status',
      water: 'Water quality',
      anco: 'Feed tray',
      sampling: 'Sampling',
      products: 'Products',
    },
    partial: 'Partial',
    empty: 'Empty pond',
    feed: '11 kg',
    ph: '9.1',
    advice: 'Raise the feed',
    abw: '8 g',
    value: 'Rp 165.000',
    offline: 'You are offline',
    date: 'Date',
  },
];
const SIZES = [
  { name: 'phone', width: 360, height: 800 },
  { name: 'desktop', width: 1280, height: 800 },
];

for (const size of SIZES) {
  for (const l of LANGS) {
    if (!inMatrix(SIZES, size, LANGS, l)) continue;
    test(`analysis views match the database at ${size.name} width in ${l.lang}`, async ({
      browser,
      request,
    }) => {
      const { owner, api, farmId } = await setUp(request);
      // What the database says about the day, through the analysis answer.
      const status = await api.get<{ pond_name: string; feed_kg: number; out_of_standard: number }[]>(
        `/farm/status?farm_id=${farmId}&start_date=${D}`,
      );
      expect(status.map((s) => [s.pond_name, s.feed_kg, s.out_of_standard])).toEqual([
        ['Kolam 1', 11, 2],
        ['Kolam 2', 0, 0],
      ]);
      const context = await browser.newContext({
        viewport: size,
        locale: l.lang === 'id' ? 'id-ID' : 'en-US',
      });
      const page = await context.newPage();
      const errors = await watchErrors(page);
      await signIn(page, api, owner.token, l.lang);
      await page.goto(`/farm/${farmId}/analysis`);
      await expect(page.getByRole('heading', { level: 1, name: l.title })).toBeVisible();
      await page.getByLabel(l.date, { exact: true }).fill(D);

      const cards = page.getByTestId('analysis-pond');
      await expect(cards).toHaveCount(2);
      await expect(cards.first().getByTestId('analysis-status')).toHaveText(l.partial);
      await expect(cards.first().getByTestId('analysis-feed-kg')).toHaveText(l.feed);
      await expect(cards.first().getByTestId('analysis-out')).toHaveText('2');
      await expect(cards.nth(1).getByTestId('analysis-status')).toHaveText(l.empty);
      await page.screenshot({ path: `${dir}/status-${l.lang}-${size.width}.png`, fullPage: true });

      await page.getByRole('tab', { name: l.tabs.water }).click();
      const table = page.getByTestId('analysis-water-table').first();
      await expect(table.locator('tr[data-parameter="ph"] td').nth(1)).toHaveText(l.ph);
      await expect(page.getByTestId('analysis-out-item')).toHaveCount(2);
      await page.screenshot({ path: `${dir}/water-${l.lang}-${size.width}.png`, fullPage: true });

      await page.getByRole('tab', { name: l.tabs.anco }).click();
      await expect(page.getByTestId('analysis-anco-check')).toContainText(l.advice);
      await page.getByRole('tab', { name: l.tabs.sampling }).click();
      await expect(page.getByTestId('analysis-abw')).toHaveText(l.abw);
      await page.screenshot({ path: `${dir}/sampling-${l.lang}-${size.width}.png`, fullPage: true });

      await page.getByRole('tab', { name: l.tabs.products }).click();
      await expect(page.getByTestId('analysis-product')).toContainText(l.value);
      await page.screenshot({ path: `${dir}/products-${l.lang}-${size.width}.png`, fullPage: true });

      // The choice is remembered for this farm: the same tab and day after a reload.
      await page.reload();
      await expect(page.getByRole('tab', { name: l.tabs.products })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByLabel(l.date, { exact: true })).toHaveValue(D);
      await expect(page.getByTestId('analysis-product')).toContainText(l.value);

      // Offline: said plainly, no stale figures (the browser then logs refused requests).
      expect(errors).toEqual([]);
      await context.setOffline(true);
      await page.getByRole('tab', { name: l.tabs.anco }).click();
      await expect(page.getByTestId('analysis-offline')).toContainText(l.offline);
      await page.screenshot({ path: `${dir}/offline-${l.lang}-${size.width}.png`, fullPage: true });
      await context.close();
    });
  }
}

test('a comparison is saved as a template and used again', async ({ browser, request }) => {
  const { owner, api, farmId, pondId } = await setUp(request);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'id-ID' });
  const page = await context.newPage();
  const errors = await watchErrors(page);
  await signIn(page, api, owner.token, 'id');
  await page.goto(`/farm/${farmId}/analysis`);
  await page.getByRole('link', { name: 'Bandingkan data' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Perbandingan' })).toBeVisible();
  await page.getByLabel('Dari').fill(daysAgo(5));
  await page.getByLabel('Sampai').fill(D);

  // Kolam 1, pH and feed, merged by day: pH of the day is (7.9 + 9.1) / 2 = 8.5; feed 5 + 6 = 11.
  const ph = page.getByTestId(`comparison-chart-${pondId}-ph`);
  await expect(ph).toHaveAttribute('data-points', '1');
  await expect(ph.getByTestId('chart-point')).toHaveAttribute('data-value', '8.5');
  const feed = page.getByTestId(`comparison-chart-${pondId}-feed`);
  await expect(feed).toHaveAttribute('data-points', '2');
  await expect(feed.locator('[data-testid="chart-point"][data-value="11"]')).toHaveCount(1);
  const series = await api.get<{ metric: string; points: { day: string; value: number }[] }[]>(
    `/multipleComparison?farm_id=${farmId}&from=${daysAgo(5)}&to=${D}&type=1&series=${pondId}:ph,${pondId}:feed`,
  );
  expect(series.map((s) => s.points.map((p) => p.value))).toEqual([[8.5], [4, 11]]);

  // Every reading on its own (type 0): two pH points that day.
  await page.getByLabel('Gabungkan per hari').uncheck();
  await expect(ph).toHaveAttribute('data-points', '2');
  await page.getByLabel('Gabungkan per hari').check();

  await page.getByLabel('Nama templat').fill('Pakan dan pH');
  await page.getByRole('button', { name: 'Simpan sebagai templat' }).click();
  const templates = page.getByTestId('comparison-templates');
  await expect(templates).toContainText('Pakan dan pH');
  await expect(templates.getByText('menunggu sinyal')).toHaveCount(0);
  await expect
    .poll(async () =>
      (await api.get<{ name: string }[]>(`/comparisonTemplate?farm_id=${farmId}`)).map((t) => t.name),
    )
    .toEqual(['Pakan dan pH']);
  await page.screenshot({ path: `${dir}/comparison-id-1280.png`, fullPage: true });

  // Change the choice, then the template brings it back.
  await page.getByTestId('comparison-metrics').getByLabel('pH').uncheck();
  await expect(ph).toHaveCount(0);
  await templates.getByRole('button', { name: 'Pakai' }).click();
  await expect(ph).toHaveAttribute('data-points', '1');
  await expect(feed).toHaveAttribute('data-points', '2');

  // Too many lines: refused with the reason before anything is asked.
  const metrics = page.getByTestId('comparison-metrics');
  for (const name of ['DO', 'Suhu', 'Salinitas', 'TAN', 'ABW', 'Kematian', 'Size'])
    await metrics.getByLabel(name, { exact: true }).check();
  await expect(page.getByTestId('comparison-problem')).toContainText('9 dipilih, paling banyak 8');
  await metrics.getByLabel('Size', { exact: true }).uncheck();
  expect(errors).toEqual([]);

  // Offline a template is still saved on the device, waits for a signal, then syncs.
  await context.setOffline(true);
  await page.getByLabel('Nama templat').fill('Delapan garis');
  await page.getByRole('button', { name: 'Simpan sebagai templat' }).click();
  const offlineRow = templates.locator('li', { hasText: 'Delapan garis' });
  await expect(offlineRow.getByText('menunggu sinyal')).toBeVisible();
  await context.setOffline(false);
  await expect(offlineRow.getByText('menunggu sinyal')).toHaveCount(0, { timeout: 30_000 });
  await expect
    .poll(async () =>
      (await api.get<{ name: string; fields: unknown[] }[]>(`/comparisonTemplate?farm_id=${farmId}`)).map(
        (t) => [t.name, t.fields.length],
      ),
    )
    .toEqual([
      ['Delapan garis', 8],
      ['Pakan dan pH', 2],
    ]);
  await context.close();
});

test('comparison on a phone in English', async ({ browser, request }) => {
  const { owner, api, farmId, pondId } = await setUp(request);
  const context = await browser.newContext({ viewport: { width: 360, height: 800 }, locale: 'en-US' });
  const page = await context.newPage();
  await signIn(page, api, owner.token, 'en');
  await page.goto(`/farm/${farmId}/comparison`);
  await page.getByLabel('From').fill(daysAgo(5));
  await page.getByLabel('To', { exact: true }).fill(D);
  await expect(page.getByTestId(`comparison-chart-${pondId}-feed`)).toHaveAttribute('data-points', '2');
  await page.screenshot({ path: `${dir}/comparison-en-360.png`, fullPage: true });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await context.close();
});

test('each analysis view on the demo farm shows what the database holds for a sampled day', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const databaseUrl = `postgres://postgres:postgres@127.0.0.1:${Number(process.env.E2E_PG_PORT ?? 54399)}/tambak`;
  await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'scripts/demo-data.ts', '--ponds', '3', '--days', '60'],
    { env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' }, timeout: 150_000 },
  );
  const t = Date.now().toString(36);
  const user = await apiSignUp(request, `Pak Analis ${t}`, uniqueEmail(`analis.${t}`));
  const api = new ApiAs(request, user.token);
  await new AccountPages(page).signIn(user);
  await page.getByRole('button', { name: 'Buka tambak demo' }).click();
  await expect(page).toHaveURL(/\/farm\/[0-9a-f-]{36}$/);
  const farmId = new URL(page.url()).pathname.split('/')[2];
  const day = daysAgo(3);
  const q = `farm_id=${farmId}&start_date=${day}`;

  await page.goto(`/farm/${farmId}/analysis`);
  await page.getByLabel('Tanggal', { exact: true }).fill(day);
  const cards = page.getByTestId('analysis-pond');

  const status = await api.get<
    { pond_name: string; feed_kg: number; status_label: string; out_of_standard: number }[]
  >(`/farm/status?${q}&lang=id`);
  // The figures straight from the database: feed kg per pond that day, and the pH of the
  // morning readings (on the farm's clock).
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const feedRows = await db.query<{ name: string; kg: string }>(
    `select p.name, sum(case w.unit when 'Kg' then m.qty when 'Gram' then m.qty / 1000 else 0 end)::text as kg
       from warehouse_movements m
       join warehouse_items w on w.id = m.warehouse_id
       join warehouse_products pr on pr.id = w.product_id
       join ponds p on p.id = m.pond_id
      where m.farm_id = $1 and m.kind = 'use' and m.deleted_at is null and pr.category_id = $3
        and m.used_on = $2
      group by p.name`,
    [farmId, day, FEED_CATEGORY_ID],
  );
  const morningPh = await db.query<{ name: string; ph: string }>(
    `select p.name, g.ph::text as ph
       from water_general g join ponds p on p.id = g.pond_id
      where p.farm_id = $1 and g.deleted_at is null and g.time_of_day = 'morning' and g.ph is not null
        and ((g.measured_at at time zone 'UTC') + g.utc_offset * interval '1 minute')::date = $2`,
    [farmId, day],
  );
  await db.end();
  const feedOf = new Map(feedRows.rows.map((r) => [r.name, Number(r.kg)]));
  expect(feedOf.size).toBeGreaterThan(0);
  for (const row of status) expect(row.feed_kg).toBeCloseTo(feedOf.get(row.pond_name) ?? 0, 3);
  expect(morningPh.rows.length).toBeGreaterThan(0);
  // The sampled day holds records (the demo farm feeds and measures every day).
  expect(status.some((s) => s.feed_kg > 0)).toBe(true);
  await expect(cards).toHaveCount(status.length);
  for (const [i, row] of status.entries()) {
    await expect(cards.nth(i)).toContainText(row.pond_name);
    await expect(cards.nth(i).getByTestId('analysis-status')).toHaveText(row.status_label);
    await expect(cards.nth(i).getByTestId('analysis-feed-kg')).toHaveText(
      `${row.feed_kg.toLocaleString('id-ID', { maximumFractionDigits: 3 })} kg`,
    );
    await expect(cards.nth(i).getByTestId('analysis-out')).toHaveText(String(row.out_of_standard));
  }

  await page.getByRole('tab', { name: 'Kualitas air' }).click();
  const standards = await api.get<{ out: unknown[] }[]>(`/farm/water/standar?${q}`);
  await expect(page.getByTestId('analysis-out-item')).toHaveCount(
    standards.reduce((n, s) => n + s.out.length, 0),
  );
  const water = await api.get<{ readings: unknown[] }[]>(`/farm/water?${q}`);
  expect(water.some((w) => w.readings.length > 0)).toBe(true);
  await expect(page.getByTestId('analysis-water-table')).toHaveCount(
    water.filter((w) => w.readings.length > 0).length,
  );

  await page.getByRole('tab', { name: 'Anco' }).click();
  const anco = await api.get<{ checks: unknown[] }[]>(`/farm/anco?${q}`);
  await expect(page.getByTestId('analysis-anco-check')).toHaveCount(
    anco.reduce((n, a) => n + a.checks.length, 0),
  );

  await page.getByRole('tab', { name: 'Sampling' }).click();
  const shrimp = await api.get<{ sampling: { abw: number | null } | null }[]>(`/shrimData?${q}`);
  const abws = shrimp.filter((s) => s.sampling?.abw != null).map((s) => s.sampling?.abw as number);
  await expect(page.getByTestId('analysis-abw')).toHaveText(
    abws.map((abw) => `${abw.toLocaleString('id-ID', { maximumFractionDigits: 2 })} g`),
  );

  await page.getByRole('tab', { name: 'Produk' }).click();
  const products = await api.get<{ products: unknown[] }[]>(`/farm/product?${q}`);
  await expect(page.getByTestId('analysis-product')).toHaveCount(
    products.reduce((n, p) => n + p.products.length, 0),
  );
  await page.screenshot({ path: `${dir}/demo-products-id-1280.png`, fullPage: true });

  // The review table of the same day shows each pond's morning pH as the database holds it.
  await page.goto(`/farm/${farmId}/review`);
  await page.getByLabel('Tanggal').fill(day);
  for (const { name, ph } of morningPh.rows) {
    const text = Number(ph).toLocaleString('id-ID', { maximumFractionDigits: 2 });
    await expect(page.locator(`tbody tr[data-pond="${name}"]`)).toContainText(text);
  }
  await expect(page.getByTestId('review-summary')).toContainText(
    `Pagi ${new Set(morningPh.rows.map((r) => r.name)).size}/${status.length} kolam`,
  );
});
