import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { AccountPages } from './pages/account-pages.ts';
import { ApiAs, apiEmbedToken, apiFarm, apiSignUp } from './support/api-setup.ts';
import { uniqueEmail } from './support/dev-outbox.ts';
import { test } from './support/test.ts';

/**
 * Reports (issue 17 points 6 and 7): an owner builds a report of his farm in the app,
 * watches it finish, downloads the PDF and the Excel file and finds the figures worked
 * out by hand; the same report opens as an embed link (no sidebar, no navbar) and a link
 * with a bad token shows a clear page and no report. SHOTS_DIR=/path saves screenshots.
 *
 * Kolam 1: 100,000 PL stocked 20 days ago; samplings 10 and 2 days ago (ABW 5 g, 8 g);
 * a partial harvest of 100 kg at size 125 (12,500 shrimp) 1 day ago at Rp 60,000/kg.
 * Population 87,500 · SR 100 % (the harvested shrimp survived, DOMAIN.md) · biomass 700 kg ·
 * no feed (0 kg, FCR –) · DOC 21 · productivity 100 kg ÷ 0.25 ha.
 */
const dayInWib = (offsetDays = 0) =>
  new Date(Date.now() + 7 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function setUp(request: APIRequestContext) {
  const owner = await apiSignUp(request, 'Pak Laporan', uniqueEmail('laporan'));
  const api = new ApiAs(request, owner.token);
  const { farmId, pondIds } = await apiFarm(api, 'Tambak Laporan', ['Kolam 1', 'Kolam 2']);
  const pondId = pondIds['Kolam 1'];
  const stock = await api.post<{ stock_id: string; cycle_id: string }>('/stock', {
    pond_id: pondId,
    stock_date: dayInWib(-20),
    seed_net: 100_000,
    seed_actual: 100_000,
  });
  await api.post('/sampling/bulk', {
    items: [
      {
        id: crypto.randomUUID(),
        pond_id: pondId,
        sampled_on: dayInWib(-10),
        shrimp_count: 100,
        sample_weight: 500,
      },
      {
        id: crypto.randomUUID(),
        pond_id: pondId,
        sampled_on: dayInWib(-2),
        shrimp_count: 100,
        sample_weight: 800,
      },
    ],
  });
  await api.post('/harvest', {
    stock_id: stock.stock_id,
    harvested_on: dayInWib(-1),
    type: 'partial',
    weight_kg: 100,
    size: 125,
    price_per_kg: 60_000,
  });
  return { owner, farmId };
}

async function shoot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

async function pdfText(bytes: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes) }).promise;
  let text = '';
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    text += `${content.items.map((it) => ('str' in it ? it.str : '')).join(' ')}\n`;
  }
  return text;
}

test('an owner builds a report, downloads both files with the right figures, and embeds it', async ({
  browser,
  request,
}) => {
  const { owner, farmId } = await setUp(request);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  const page = await context.newPage();
  await new AccountPages(page).signIn(owner);
  await expect(page).toHaveURL(new RegExp(`/farm/${farmId}/attention$`));

  // The sidebar leads to the reports, next to the review table.
  await page.getByRole('navigation').getByRole('link', { name: 'Laporan' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Unduh laporan' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Semua kolam' })).toBeChecked();
  await expect(page.getByText('Belum ada laporan. Buat laporan pertama di atas.')).toBeVisible();

  // A range the wrong way round is refused before anything is sent.
  await page.getByLabel('Dari tanggal').fill(dayInWib(1));
  await page.getByRole('button', { name: 'Buat laporan' }).click();
  await expect(page.getByText('Tanggal awal tidak boleh setelah tanggal akhir.')).toBeVisible();
  await page.getByLabel('Dari tanggal').fill(dayInWib(-29));
  await shoot(page, 'report-form-id-1280');

  await page.getByRole('button', { name: 'Buat laporan' }).click();
  const item = page.locator('.report-item').first();
  await expect(item).toBeVisible();
  await expect(item.getByRole('button', { name: 'Unduh PDF' })).toBeVisible({ timeout: 30_000 });
  await expect(item).toContainText('2 kolam: Kolam 1, Kolam 2');
  await shoot(page, 'report-done-id-1280');

  const [pdfDownload] = await Promise.all([
    page.waitForEvent('download'),
    item.getByRole('button', { name: 'Unduh PDF' }).click(),
  ]);
  expect(pdfDownload.suggestedFilename()).toBe(`tambak-report-${dayInWib(-29)}-${dayInWib()}.pdf`);
  const pdf = readFileSync(await pdfDownload.path());
  const text = await pdfText(pdf);
  for (const expected of [
    'Laporan Tambak: Tambak Laporan',
    'Kolam 1',
    '100',
    '700',
    'Rp 6.000.000',
    'Rp 60.000',
  ])
    expect(text).toContain(expected);

  const [xlsxDownload] = await Promise.all([
    page.waitForEvent('download'),
    item.getByRole('button', { name: 'Unduh Excel' }).click(),
  ]);
  expect(xlsxDownload.suggestedFilename()).toMatch(/\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync(await xlsxDownload.path()) as unknown as ArrayBuffer);
  const cycles = book.getWorksheet('Siklus');
  expect(cycles?.getRow(2).values).toEqual([
    undefined,
    'Kolam 1',
    'Blok A',
    new Date(`${dayInWib(-20)}T00:00:00Z`),
    21,
    8,
    125,
    100,
    700,
    0,
    undefined,
    100,
    400,
  ]);
  const harvest = book.getWorksheet('Panen');
  expect(harvest?.getRow(2).getCell(7).value).toBe(6_000_000);
  const dir = process.env.SHOTS_DIR;
  if (dir) {
    await pdfDownload.saveAs(`${dir}/e2e-report.pdf`);
    await xlsxDownload.saveAs(`${dir}/e2e-report.xlsx`);
  }

  // The history page lists it too.
  await page.getByRole('link', { name: 'Lihat semua riwayat' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Riwayat laporan' })).toBeVisible();
  await expect(page.locator('.report-item')).toHaveCount(1);

  // An embed link: a token made for it (ADR 0062) and pu_id as the session, no sidebar,
  // no navbar; read-only, so the history and its downloads without the form.
  const embedToken = await apiEmbedToken(new ApiAs(request, owner.token), farmId, ['report', 'history']);
  const embedContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const embed = await embedContext.newPage();
  await embed.goto(`/farm/${farmId}/report?output=embed&token=${encodeURIComponent(embedToken)}&pu_id=pu-1`);
  await expect(embed.getByRole('heading', { level: 1, name: 'Unduh laporan' })).toBeVisible();
  await expect(
    embed.locator('.report-item').first().getByRole('button', { name: 'Unduh PDF' }),
  ).toBeVisible();
  await expect(embed.getByRole('navigation')).toHaveCount(0);
  await expect(embed.locator('.navbar, .sidebar, header.navbar')).toHaveCount(0);
  await shoot(embed, 'report-embed-id-1280');
  await embed.goto(
    `/farm/${farmId}/history/embed?output=embed&token=${encodeURIComponent(embedToken)}&pu_id=pu-1`,
  );
  await expect(embed.locator('.report-item')).toHaveCount(1);
  await expect(embed.getByRole('navigation')).toHaveCount(0);

  // A bad token: a clear page, never the report.
  const bad = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  await bad.goto(`/farm/${farmId}/report?output=embed&token=not-a-real-token&pu_id=pu-1`);
  await expect(bad.getByRole('heading', { name: 'Tautan tidak berlaku' })).toBeVisible();
  await expect(
    bad.getByText('Tautan sematan ini tidak valid, sudah kedaluwarsa', { exact: false }),
  ).toBeVisible();
  await expect(bad.locator('.report-item')).toHaveCount(0);
  await expect(bad.getByText('Kolam 1')).toHaveCount(0);
  await expect(bad).toHaveURL(/\/report\?output=embed/);
  await shoot(bad, 'report-embed-bad-token-id-360');
});

test('the report screens fit a phone and read in English; offline they say a report needs signal', async ({
  browser,
  request,
}) => {
  const { owner, farmId } = await setUp(request);
  for (const { lang, width } of [
    { lang: 'id', width: 360 },
    { lang: 'en', width: 360 },
    { lang: 'en', width: 1280 },
  ]) {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await new AccountPages(page).signIn(owner);
    await expect(page).toHaveURL(new RegExp(`/farm/${farmId}/attention$`));
    await page.evaluate((l) => localStorage.setItem('tambak:language', l), lang);
    await page.goto(`/farm/${farmId}/report`);
    const build = page.getByRole('button', { name: lang === 'en' ? 'Build report' : 'Buat laporan' });
    await expect(build).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if (lang === 'en' && width === 1280) {
      await build.click();
      await expect(
        page.locator('.report-item').first().getByRole('button', { name: 'Download PDF' }),
      ).toBeVisible({
        timeout: 30_000,
      });
    }
    await shoot(page, `report-${lang}-${width}`);
    if (width === 360) {
      // The history, then offline: the last history loaded stays, building says it needs signal.
      await page.goto(`/farm/${farmId}/history`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        lang === 'en' ? 'Report history' : 'Riwayat laporan',
      );
      await shoot(page, `history-${lang}-${width}`);
      await context.setOffline(true);
      await page
        .getByRole('link', { name: lang === 'en' ? 'Build a new report' : 'Buat laporan baru' })
        .click();
      await expect(
        page.getByText(
          lang === 'en'
            ? 'Reports are built on the server: they need signal.'
            : 'Laporan dibuat di server: perlu sinyal.',
          { exact: false },
        ),
      ).toBeVisible();
      await shoot(page, `report-offline-${lang}-${width}`);
      await context.setOffline(false);
    }
    await context.close();
  }
});
