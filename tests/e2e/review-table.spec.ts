import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { AccountPages } from './pages/account-pages.ts';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';
import { axeScan, blocking } from './support/axe.ts';
import { uniqueEmail } from './support/dev-outbox.ts';
import { test } from './support/test.ts';

/**
 * The farm review table (issue 17 part 1): a manager opens /review on a desktop and on a
 * phone and sees today's readings from the API: a value out of standard flagged, a value
 * not measured (-99) said so, a pond without a reading shown as missing, who entered it.
 * He filters by block and by date, sorts, and downloads the CSV. SHOTS_DIR=/path saves
 * the screenshots reviewers look at.
 */

/** A wall-clock instant on the farm (WIB): `day` YYYY-MM-DD at `time`. */
const wib = (day: string, time: string) => `${day}T${time}:00.000+07:00`;
const dayInWib = (offsetDays = 0) =>
  new Date(Date.now() + 7 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

const FARM_CONTEXT = { locale: 'id-ID', timezoneId: 'Asia/Jakarta' };

async function setUp(request: APIRequestContext) {
  const owner = await apiSignUp(request, 'Pak Owner', uniqueEmail('owner'));
  const manager = await apiSignUp(request, 'Bu Manajer', uniqueEmail('manajer'));
  const api = new ApiAs(request, owner.token);
  const { farmId, pondIds } = await apiFarm(api, 'Tambak Tinjau', ['Kolam 1', 'Kolam 2']);
  const blockB = await api.post<{ block_id: string }>('/block', { farm_id: farmId, block_name: 'Blok B' });
  const pond3 = await api.post<{ pond_id: string }>('/pond', {
    farm_id: farmId,
    block_id: blockB.block_id,
    name: 'Kolam 3',
    area: 2000,
  });
  await api.post('/userFarm', { farm_id: farmId, email: manager.email, role_id: 2, ponds: [] });
  const today = dayInWib();
  // 00:05 on the farm's clock: the morning slot, never in the future.
  await api.post('/water/general/bulk', {
    items: [
      // Kolam 1: all within the vannamei standard.
      {
        id: crypto.randomUUID(),
        pond_id: pondIds['Kolam 1'],
        measured_at: wib(today, '00:05'),
        ph: 7.9,
        do: 5.2,
        temperature: 29.5,
        salinity: 20,
        turbidity: 30,
      },
      // Kolam 2: pH 9.1 out of standard, temperature not measured.
      {
        id: crypto.randomUUID(),
        pond_id: pondIds['Kolam 2'],
        measured_at: wib(today, '00:07'),
        ph: 9.1,
        do: 4.8,
        temperature: -99,
        salinity: 18,
        turbidity: 35,
      },
      // Kolam 3: only yesterday; today it is missing.
      {
        id: crypto.randomUUID(),
        pond_id: pond3.pond_id,
        measured_at: wib(dayInWib(-1), '06:10'),
        ph: 8.2,
        do: 6,
      },
      // Kolam 1, two months ago: older than the days a device keeps; colour and weather named.
      {
        id: crypto.randomUUID(),
        pond_id: pondIds['Kolam 1'],
        measured_at: wib(dayInWib(-60), '06:15'),
        ph: 7.6,
        color: 8,
        weather: 6,
      },
    ],
  });
  return { manager, farmId, today };
}

async function openReview(
  page: Page,
  manager: { email: string; password: string },
  farmId: string,
  via: 'url' | 'home',
) {
  await new AccountPages(page).signIn(manager);
  // A manager's farm home is the attention board (issue 31).
  await expect(page).toHaveURL(new RegExp(`/farm/${farmId}/attention$`));
  if (via === 'url') await page.goto(`/farm/${farmId}/review`);
  else {
    // On a phone the bottom bar is full: the board leads to the ponds page, which has the way in.
    await page.getByRole('main').getByRole('link', { name: 'Kolam & blok' }).click();
    await page.getByRole('main').getByRole('link', { name: 'Tinjauan harian' }).click();
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Tinjauan harian' })).toBeVisible();
}

const rowOf = (page: Page, pond: string) => page.locator(`tbody tr[data-pond="${pond}"]`);
const pondOrder = (page: Page) =>
  page.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-pond')));

async function shoot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

test('a manager reviews the day on a desktop: flags, missing, filter, sort, CSV', async ({
  browser,
  request,
}) => {
  const { manager, farmId, today } = await setUp(request);
  const context = await browser.newContext({
    ...FARM_CONTEXT,
    viewport: { width: 1280, height: 800 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await openReview(page, manager, farmId, 'url');

  // The sidebar leads here too.
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Tinjauan harian' })).toBeVisible();
  await expect(page.getByLabel('Tanggal')).toHaveValue(today);
  await expect(rowOf(page, 'Kolam 3')).toBeVisible();
  expect(await pondOrder(page)).toEqual(['Kolam 1', 'Kolam 2', 'Kolam 3']);

  const k2 = rowOf(page, 'Kolam 2');
  await expect(k2.locator('.review__out')).toHaveCount(1);
  await expect(k2.locator('.review__out')).toContainText('9,1');
  await expect(k2.locator('.review__out')).toContainText('Di atas standar');
  await expect(k2.getByText('Tidak diukur')).toBeVisible();
  await expect(k2.locator('.review__who')).toHaveText('Pak Owner');
  await expect(k2.locator('.review__when')).toHaveText('00:07');
  await expect(k2.locator('.review__sync')).toHaveText('Terkirim');
  await expect(rowOf(page, 'Kolam 1').locator('.review__out')).toHaveCount(0);
  await expect(rowOf(page, 'Kolam 1')).toContainText('7,9');
  await expect(rowOf(page, 'Kolam 3').getByText('Belum diisi').first()).toBeVisible();
  await expect(page.getByTestId('review-summary')).toContainText('Pagi 2/3 kolam');
  await expect(page.getByTestId('review-summary')).toContainText('1 nilai di luar standar');

  expect(blocking(await axeScan(page, 'review-desktop'))).toEqual([]);
  await shoot(page, 'review-id-1280');

  // Sort by the morning pH, descending: 9.1, 7.9, then the missing pond.
  const phSort = page.getByRole('button', { name: 'Urutkan menurut Pagi pH' });
  await phSort.click();
  await expect(page.locator('th[aria-sort="ascending"]')).toContainText('pH');
  expect(await pondOrder(page)).toEqual(['Kolam 1', 'Kolam 2', 'Kolam 3']);
  await phSort.click();
  await expect(page.locator('th[aria-sort="descending"]')).toContainText('pH');
  expect(await pondOrder(page)).toEqual(['Kolam 2', 'Kolam 1', 'Kolam 3']);
  // Sort buttons are keyboard reachable: Enter on the pond header sorts by name.
  await page.getByRole('button', { name: 'Urutkan menurut Kolam' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('th[aria-sort="ascending"]')).toContainText('Kolam');
  await page.keyboard.press('Enter');
  expect(await pondOrder(page)).toEqual(['Kolam 3', 'Kolam 2', 'Kolam 1']);

  // Arrow keys move between cells.
  await page.locator('tbody th[scope="row"]').first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('tbody td:focus')).toHaveCount(1);

  // The CSV of what is shown, in the order shown.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Unduh CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`tinjauan-${today}-general.csv`);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.slice(1).trimEnd().split('\r\n');
  const header = lines[0].split(',');
  expect(header.slice(0, 3)).toEqual(['Blok', 'Kolam', 'Pagi · pH']);
  expect(header).toContain('Pagi · Suhu (°C)');
  const byPond = Object.fromEntries(
    lines.slice(1).map((line) => {
      const cells = line.split(',');
      return [cells[1], Object.fromEntries(cells.map((v, i) => [header[i], v]))];
    }),
  );
  expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(['Kolam 3', 'Kolam 2', 'Kolam 1']);
  expect(byPond['Kolam 2']['Pagi · pH']).toBe('9.1');
  expect(byPond['Kolam 2']['Pagi · pH standar']).toBe('Di atas standar');
  expect(byPond['Kolam 2']['Pagi · Suhu (°C)']).toBe('Tidak diukur');
  expect(byPond['Kolam 2']['Pagi · dicatat oleh']).toBe('Pak Owner');
  expect(byPond['Kolam 1']['Pagi · Suhu (°C)']).toBe('29.5');
  expect(byPond['Kolam 3']['Pagi · pH']).toBe('');
  expect(byPond['Kolam 3'].Blok).toBe('Blok B');

  // Filter by block: only Blok B's pond.
  await page.getByLabel('Blok', { exact: true }).selectOption({ label: 'Blok B' });
  expect(await pondOrder(page)).toEqual(['Kolam 3']);
  // Yesterday: Kolam 3 had its reading then.
  await page.getByLabel('Tanggal').fill(dayInWib(-1));
  await expect(rowOf(page, 'Kolam 3')).toContainText('8,2');
  await page.getByLabel('Blok', { exact: true }).selectOption({ label: 'Semua blok' });
  await expect(rowOf(page, 'Kolam 1').getByText('Belum diisi').first()).toBeVisible();
  // Two months ago: not on the device, asked from the server; colour and weather by name.
  await page.getByLabel('Tanggal').fill(dayInWib(-60));
  await expect(rowOf(page, 'Kolam 1')).toContainText('7,6');
  await expect(rowOf(page, 'Kolam 1')).toContainText('Hijau');
  await expect(rowOf(page, 'Kolam 1')).toContainText('Cerah');
  await expect(page.getByTestId('review-not-final')).toHaveCount(0);
  await shoot(page, 'review-id-1280-old-day');

  // English.
  await page.getByLabel('Tanggal').fill(today);
  await page.evaluate(() => localStorage.setItem('tambak:language', 'en'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Daily review' })).toBeVisible();
  await expect(rowOf(page, 'Kolam 2').locator('.review__out')).toContainText('9.1');
  await expect(rowOf(page, 'Kolam 2').getByText('Not measured')).toBeVisible();
  await expect(rowOf(page, 'Kolam 3').getByText('Not entered').first()).toBeVisible();
  await shoot(page, 'review-en-1280');
  await context.close();
});

test('a manager reviews the day on a phone: one pond a row, the table scrolls in its region', async ({
  browser,
  request,
}) => {
  const { manager, farmId } = await setUp(request);
  const context = await browser.newContext({ ...FARM_CONTEXT, viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  await openReview(page, manager, farmId, 'home');
  await expect(rowOf(page, 'Kolam 2').locator('.review__out')).toContainText('9,1');

  const region = page.getByRole('region', { name: /Kualitas air Umum per kolam/ });
  await expect(region).toBeVisible();
  // The page itself does not scroll sideways; the table does, inside its focusable region.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const widths = await region.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(widths.scroll).toBeGreaterThan(widths.client);
  await region.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  // The pond column stays in view while the values scroll.
  const pondCell = rowOf(page, 'Kolam 2').locator('th');
  await region.evaluate((el) => el.scrollTo({ left: 400 }));
  const box = await pondCell.boundingBox();
  const regionBox = await region.boundingBox();
  expect(Math.abs((box?.x ?? -1) - (regionBox?.x ?? 0))).toBeLessThan(2);
  await region.evaluate((el) => el.scrollTo({ left: 0 }));

  expect(blocking(await axeScan(page, 'review-phone'))).toEqual([]);
  await shoot(page, 'review-id-360');
  await page.evaluate(() => localStorage.setItem('tambak:language', 'en'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Daily review' })).toBeVisible();
  await expect(rowOf(page, 'Kolam 2').locator('.review__out')).toContainText('9.1');
  await shoot(page, 'review-en-360');
  await context.close();
});
