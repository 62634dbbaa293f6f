import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { v7 as uuidv7 } from 'uuid';
import { AccountPages } from './pages/account-pages.ts';
import { farmDayMinus } from './pages/stock-pages.ts';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';
import { newDevice } from './support/chromium.ts';

/** A pond with a sampling, a feed-tray check, a water change, a note and a disease on one day. */
async function pondWithADay(api: ApiAs, day: string) {
  const { farmId, pondIds } = await apiFarm(api, 'Tambak Harian', ['Kolam 1']);
  const pondId = pondIds['Kolam 1'];
  await api.post('/cycle', { pond_id: pondId, start_date: farmDayMinus(20) });
  await api.post('/sampling/bulk', {
    items: [{ id: uuidv7(), pond_id: pondId, sampled_on: day, shrimp_count: 50, sample_weight: 400 }],
  });
  await api.post('/anco/bulk', {
    items: [
      {
        id: uuidv7(),
        pond_id: pondId,
        check_date: day,
        feeding_time: 1,
        checked_at: '08:30',
        data_anco: [
          { tray: 1, status: 'habis' },
          { tray: 2, status: 'habis' },
        ],
      },
    ],
  });
  await api.post('/waterChange/bulk', {
    items: [{ id: uuidv7(), pond_id: pondId, change_date: day, change_time: '07:00', percent: 20 }],
  });
  await api.post('/note', {
    id: uuidv7(),
    farm_id: farmId,
    pond_id: pondId,
    note_date: day,
    title: 'Kincir 2 mati',
    tags: ['alat'],
    description: 'Diganti sore',
  });
  await api.post('/disease', {
    id: uuidv7(),
    pond_id: pondId,
    disease_date: day,
    master_disease_id: 1,
    severity: 2,
    affected_percent: 10,
  });
  return { farmId, pondId };
}

async function openDay(page: Page, tab: string, day: string) {
  await page.getByRole('tab', { name: tab }).click();
  await page.locator('#daily-data-day').fill(day);
}

test('the pond’s "Daily data" shows the sampling, feed trays, water change, note and disease of the chosen day', async ({
  browser,
  request,
}) => {
  const owner = await apiSignUp(request, 'Harian');
  const api = new ApiAs(request, owner.token);
  const day = farmDayMinus(2);
  const { farmId, pondId } = await pondWithADay(api, day);

  const phone = await newDevice(browser);
  const page = await phone.newPage();
  await new AccountPages(page).signIn(owner);
  await page.goto(`/farm/${farmId}/pond/${pondId}`);
  await openDay(page, 'Data harian', day);
  for (const section of ['Sampling', 'Cek anco', 'Ganti air', 'Catatan', 'Peringatan penyakit'])
    await expect(page.getByRole('region', { name: section, exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Catatan' })).toContainText('Kincir 2 mati');
  await expect(page.getByRole('region', { name: 'Ganti air' })).toContainText('20 %');

  // Another day: none of them.
  await page.locator('#daily-data-day').fill(farmDayMinus(1));
  await expect(page.getByRole('region', { name: 'Sampling', exact: true })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Cek anco', exact: true })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Catatan', exact: true })).toHaveCount(0);
  // says so, rather than an empty card
  await expect(page.locator('.daily-data__sections')).toHaveAttribute(
    'data-empty',
    'Tidak ada data pada tanggal ini.',
  );
  expect(await page.locator('.daily-data__sections').evaluate((el) => el.childElementCount)).toBe(0);
  await expect(page.getByTestId('daily-data-kept')).toHaveCount(0);
  // A day older than the device keeps: the card says what it does not show.
  await page.locator('#daily-data-day').fill(farmDayMinus(45));
  await expect(page.getByTestId('daily-data-kept')).toContainText('30 hari terakhir');
  await phone.close();
});

/** Screenshots for review (WIRE_SHOTS=folder): the Daily data tab, phone, id and en. */
test('daily data screenshots', async ({ browser, request }) => {
  const out = process.env.WIRE_SHOTS;
  test.skip(!out, 'set WIRE_SHOTS to a folder to take them');
  mkdirSync(out as string, { recursive: true });
  const owner = await apiSignUp(request, 'Shots');
  const api = new ApiAs(request, owner.token);
  const day = farmDayMinus(2);
  const { farmId, pondId } = await pondWithADay(api, day);
  const user = await api.get('/user');
  for (const lang of ['id', 'en'] as const) {
    const context = await browser.newContext({
      viewport: { width: 360, height: 800 },
      locale: lang === 'id' ? 'id-ID' : 'en-US',
      timezoneId: 'Asia/Jakarta',
    });
    const page = await context.newPage();
    await page.addInitScript(
      ([token, u, l]) => {
        localStorage.setItem('tambak:session', JSON.stringify({ token, user: u }));
        localStorage.setItem('tambak:language', l as string);
      },
      [owner.token, user, lang] as const,
    );
    await page.goto(`/farm/${farmId}/pond/${pondId}`);
    await openDay(page, lang === 'id' ? 'Data harian' : 'Daily data', day);
    await expect(
      page.getByRole('region', { name: lang === 'id' ? 'Catatan' : 'Notes', exact: true }),
    ).toBeVisible();
    await page.screenshot({ path: join(out as string, `${lang}-phone-daily-data.png`), fullPage: true });
    await context.close();
  }
});
