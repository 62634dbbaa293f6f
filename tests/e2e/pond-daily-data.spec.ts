import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { v7 as uuidv7 } from 'uuid';
import { AccountPages } from './pages/account-pages.ts';
import { farmDayMinus } from './pages/stock-pages.ts';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';
import { newDevice } from './support/chromium.ts';
import { test } from './support/test.ts';

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
  // A day older than the device keeps: asked from the server, which has nothing either.
  await page.locator('#daily-data-day').fill(farmDayMinus(45));
  await expect(page.getByTestId('server-day-note')).toHaveCount(0);
  await expect
    .poll(() => page.locator('.daily-data__sections').evaluate((el) => el.childElementCount))
    .toBe(0);
  await phone.close();
});

/** A WIB wall-clock instant of `day` at `time`. */
const wib = (day: string, time: string) => `${day}T${time}:00.000+07:00`;

/** A water reading, a feed-tray check and a water change through the API, `daysAgo` days back. */
async function olderDay(api: ApiAs, pondId: string, daysAgo: number, ph: number, percent: number) {
  const day = farmDayMinus(daysAgo);
  const sent = await Promise.all([
    api.post<{ results: { status: string }[] }>('/water/general/bulk', {
      items: [{ id: uuidv7(), pond_id: pondId, measured_at: wib(day, '06:10'), ph, do: 5.5 }],
    }),
    api.post<{ results: { status: string }[] }>('/anco/bulk', {
      items: [
        {
          id: uuidv7(),
          pond_id: pondId,
          check_date: day,
          feeding_time: 2,
          checked_at: '11:00',
          data_anco: [{ tray: 1, status: 'sisa_sedikit' }],
        },
      ],
    }),
    api.post<{ results: { status: string }[] }>('/waterChange/bulk', {
      items: [{ id: uuidv7(), pond_id: pondId, change_date: day, change_time: '07:00', percent }],
    }),
  ]);
  for (const answer of sent) expect(answer.results.map((r) => r.status)).toEqual(['ok']);
  return day;
}

test('an older day than the device keeps: its water reading, feed trays and water change come from the server, are changed there, and say so offline', async ({
  browser,
  request,
}) => {
  const owner = await apiSignUp(request, 'Lama');
  const api = new ApiAs(request, owner.token);
  const { farmId, pondIds } = await apiFarm(api, 'Tambak Lama', ['Kolam 1']);
  const pondId = pondIds['Kolam 1'];
  await api.post('/cycle', { pond_id: pondId, start_date: farmDayMinus(100) });
  // 45 days: past the 30 days of readings the device keeps; 75: past the 60 of records too.
  const day45 = await olderDay(api, pondId, 45, 7.1, 15);
  const day75 = await olderDay(api, pondId, 75, 7.3, 25);

  const phone = await newDevice(browser);
  const page = await phone.newPage();
  await new AccountPages(page).signIn(owner);
  await page.goto(`/farm/${farmId}/pond/${pondId}`);
  const sections = page.locator('.daily-data__sections');
  const anco = page.getByRole('region', { name: 'Cek anco', exact: true });
  const change = page.getByRole('region', { name: 'Ganti air', exact: true });
  for (const [day, ph, percent] of [
    [day45, '7,1', '15 %'],
    [day75, '7,3', '25 %'],
  ] as const) {
    await openDay(page, 'Data harian', day);
    await expect(sections.locator('.readings')).toContainText(`pH ${ph}`);
    await expect(anco).toContainText('Pakan ke-2');
    await expect(change).toContainText(percent);
    await expect(page.getByTestId('server-day-note')).toHaveCount(0);
  }
  // What only the server holds is changed as any record: the owner corrects the water
  // change of 75 days back and the pH of 45 days back, and the server gets both.
  const changeDialog = page.getByRole('dialog', { name: 'Ubah ganti air · Kolam 1' });
  await change.getByRole('button', { name: 'Ubah' }).click();
  await changeDialog.getByLabel('Air diganti (%)').fill('30');
  await changeDialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(changeDialog).toBeHidden();
  await expect(change).toContainText('30 %');
  await openDay(page, 'Data harian', day45);
  await sections
    .locator('li.reading-row', { hasText: '06:10' })
    .getByRole('button', { name: 'Ubah' })
    .click();
  const readingDialog = page.getByRole('dialog');
  await readingDialog.getByLabel('pH', { exact: false }).first().fill('7.4');
  await readingDialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(readingDialog).toBeHidden();
  await expect(sections.locator('.readings')).toContainText('pH 7,4');
  await expect
    .poll(async () => {
      const changes = await api.get<{ change_date: string; percent: number }[]>(
        `/waterChange?farm_id=${farmId}`,
      );
      const readings = await api.get<{ ph: number }[]>(`/water/general?farm_id=${farmId}`);
      return [
        changes.map((c) => [c.change_date.slice(0, 10), Number(c.percent)]).sort(),
        readings.map((r) => Number(r.ph)).sort(),
      ];
    })
    .toEqual([
      [
        [day75, 30],
        [day45, 15],
      ].sort(),
      [7.3, 7.4],
    ]);
  const shots = process.env.WIRE_SHOTS;
  if (shots) await page.screenshot({ path: join(shots, 'id-phone-daily-data-older.png'), fullPage: true });

  // Offline: a day asked before still shows (its answer is kept); one never asked says it needs a signal.
  await phone.setOffline(true);
  await page.locator('#daily-data-day').fill(day45);
  await expect(change).toContainText('15 %');
  await page.locator('#daily-data-day').fill(farmDayMinus(90));
  await expect(page.getByTestId('server-day-note').first()).toHaveAttribute('data-state', 'offline');
  await expect(sections).toContainText('perlu sinyal');
  if (shots) await page.screenshot({ path: join(shots, 'id-phone-daily-data-offline.png'), fullPage: true });
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
