import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { v7 as uuidv7 } from 'uuid';
import { AccountPages } from './pages/account-pages.ts';
import { farmDayMinus } from './pages/stock-pages.ts';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';
import { newDevice } from './support/chromium.ts';
import { uniqueEmail } from './support/dev-outbox.ts';
import { test } from './support/test.ts';

interface Row {
  id: string;
  version: number;
  [field: string]: unknown;
}

/** One feed-tray check, water change, note and disease record of Kolam 1 on `day`, made through the API. */
async function recordsOfADay(api: ApiAs, day: string) {
  const { farmId, pondIds } = await apiFarm(api, `Tambak Ubah ${Date.now().toString(36)}`, ['Kolam 1']);
  const pondId = pondIds['Kolam 1'];
  await api.post('/cycle', { pond_id: pondId, start_date: farmDayMinus(20) });
  const ids = { anco: uuidv7(), change: uuidv7(), note: uuidv7(), disease: uuidv7() };
  await api.post('/anco/bulk', {
    items: [
      {
        id: ids.anco,
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
    items: [{ id: ids.change, pond_id: pondId, change_date: day, change_time: '07:00', percent: 20 }],
  });
  await api.post('/note', {
    id: ids.note,
    farm_id: farmId,
    pond_id: pondId,
    note_date: day,
    title: 'Kincir 2 mati',
    tags: ['alat'],
    description: 'Diganti sore',
  });
  await api.post('/disease', {
    id: ids.disease,
    pond_id: pondId,
    disease_date: day,
    master_disease_id: 1,
    severity: 1,
    affected_percent: 10,
  });
  return { farmId, pondId, ids };
}

const SECTION = { anco: 'Cek anco', change: 'Ganti air', note: 'Catatan', disease: 'Peringatan penyakit' };

async function openDay(page: Page, farmId: string, pondId: string, day: string) {
  await page.goto(`/farm/${farmId}/pond/${pondId}`);
  await page.getByRole('tab', { name: 'Data harian' }).click();
  await page.locator('#daily-data-day').fill(day);
  await expect(page.getByRole('region', { name: SECTION.note, exact: true })).toBeVisible();
}

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function openEdit(page: Page, name: string, title: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: title });
  // A sync answer can re-lay the page out between aiming and the tap: tap again if it missed.
  await expect(async () => {
    if (!(await dialog.isVisible())) await section(page, name).getByRole('button', { name: 'Ubah' }).click();
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  return dialog;
}

const one = async (api: ApiAs, path: string, farmId: string, id: string) => {
  const rows = (await api.get<Row[]>(`${path}?farm_id=${farmId}`)).filter((r) => r.id === id);
  expect(rows).toHaveLength(1);
  return rows[0];
};

/** An edit from another device, with the merge headers a device's outbox sends. */
async function otherDeviceEdit(
  request: APIRequestContext,
  token: string,
  url: string,
  base: number,
  body: object,
) {
  const res = await request.put(url, {
    headers: {
      authorization: `Bearer ${token}`,
      'x-base-version': String(base),
      'x-device-id': 'perangkat-kantor',
      'x-edited-at': new Date().toISOString(),
    },
    data: body,
  });
  expect(res.status()).toBe(200);
}

test('the owner edits a feed-tray check, a water change, a note and (offline) a disease record from the Daily data; a keeper cannot edit the owner’s', async ({
  browser,
  request,
}) => {
  const t = Date.now().toString(36);
  const owner = await apiSignUp(request, `Pemilik ${t}`, uniqueEmail(`pemilik.${t}`));
  const api = new ApiAs(request, owner.token);
  const day = farmDayMinus(2);
  const { farmId, pondId, ids } = await recordsOfADay(api, day);

  const phone = await newDevice(browser);
  const page = await phone.newPage();
  await new AccountPages(page).signIn(owner);
  await openDay(page, farmId, pondId, day);

  // Feed trays: tray 2 had a little left, and it was the second feeding.
  let dialog = await openEdit(page, SECTION.anco, 'Ubah cek anco · Kolam 1');
  await dialog.getByRole('group', { name: 'Anco 2' }).getByRole('button', { name: 'Sisa Sedikit' }).click();
  await dialog.getByRole('button', { name: 'Pakan ke-2' }).click();
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog).toBeHidden();
  await expect(section(page, SECTION.anco)).toContainText('Pakan ke-2');
  await expect(section(page, SECTION.anco)).toContainText('1 habis · 1 sisa sedikit · 0 sisa banyak');
  await expect(section(page, SECTION.anco).getByText('Tersimpan', { exact: true })).toBeVisible({
    timeout: 20_000,
  });

  // Water change: a bad percent is refused with the create screen's message, then 35 % and 12 cm.
  dialog = await openEdit(page, SECTION.change, 'Ubah ganti air · Kolam 1');
  await dialog.getByLabel('Air diganti (%)').fill('130');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Persen harus 0–100.');
  await dialog.getByLabel('Air diganti (%)').fill('35');
  await dialog.getByLabel('Tinggi air diganti (cm)').fill('12');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog).toBeHidden();
  await expect(section(page, SECTION.change)).toContainText('35 % · 12 cm');
  await expect(section(page, SECTION.change).getByText('Tersimpan', { exact: true })).toBeVisible({
    timeout: 20_000,
  });

  // Note: title and tags.
  dialog = await openEdit(page, SECTION.note, 'Ubah catatan');
  await dialog.getByLabel('Judul').fill('Kincir 2 sudah diganti');
  await dialog.getByLabel(/^Label/).fill('alat, listrik');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog).toBeHidden();
  await expect(section(page, SECTION.note)).toContainText('Kincir 2 sudah diganti');
  await expect(section(page, SECTION.note)).toContainText('listrik');
  await expect(section(page, SECTION.note).getByText('Tersimpan', { exact: true })).toBeVisible({
    timeout: 20_000,
  });

  await expect
    .poll(async () => (await one(api, '/anco', farmId, ids.anco)).feeding_time, { timeout: 20_000 })
    .toBe(2);
  expect((await one(api, '/anco', farmId, ids.anco)).data_anco).toEqual([
    { tray: 1, status: 'habis' },
    { tray: 2, status: 'sisa_sedikit' },
  ]);
  await expect
    .poll(async () => (await one(api, '/waterChange', farmId, ids.change)).percent, { timeout: 20_000 })
    .toBe(35);
  expect((await one(api, '/waterChange', farmId, ids.change)).height_cm).toBe(12);
  await expect
    .poll(async () => (await one(api, '/note', farmId, ids.note)).title, { timeout: 20_000 })
    .toBe('Kincir 2 sudah diganti');
  expect((await one(api, '/note', farmId, ids.note)).tags).toEqual(['alat', 'listrik']);

  // Disease, offline: saved on the phone at once and shown pending.
  const before = await one(api, '/disease', farmId, ids.disease);
  await phone.setOffline(true);
  dialog = await openEdit(page, SECTION.disease, 'Ubah catatan penyakit · Kolam 1');
  await dialog.getByRole('button', { name: 'Berat' }).click();
  await dialog.getByLabel('Catatan (opsional)').fill('dari HP');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog).toBeHidden();
  await expect(section(page, SECTION.disease)).toContainText('Tingkat: Berat');
  await expect(section(page, SECTION.disease)).toContainText('Tersimpan di ponsel, menunggu sinyal');

  // Meanwhile the office changes the same note, later: that value wins the field.
  await otherDeviceEdit(request, owner.token, `/api/disease/${ids.disease}/update`, before.version, {
    note: 'dari kantor',
  });
  await phone.setOffline(false);
  await expect
    .poll(async () => (await one(api, '/disease', farmId, ids.disease)).severity, { timeout: 30_000 })
    .toBe(3);
  const after = await one(api, '/disease', farmId, ids.disease);
  expect(after.note).toBe('dari kantor');
  // Not silently overwritten: the phone says its note lost, and offers it back.
  await expect(section(page, SECTION.disease)).toContainText('Diubah juga di perangkat lain', {
    timeout: 30_000,
  });
  await expect(section(page, SECTION.disease)).toContainText('dari kantor');
  dialog = await openEdit(page, SECTION.disease, 'Ubah catatan penyakit · Kolam 1');
  await expect(dialog.getByRole('button', { name: 'Pakai nilai saya (dari HP)' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Batal' }).click();
  await phone.close();

  // A pond keeper (technician: add, own records only) sees no edit on the owner's records.
  const email = uniqueEmail(`penjaga.${t}`);
  await api.post('/userFarm', {
    farm_id: farmId,
    email,
    role_id: 3,
    ponds: [{ pond_id: pondId, access_level: 1 }],
  });
  const keeper = await apiSignUp(request, `Penjaga ${t}`, email);
  const keeperApi = new ApiAs(request, keeper.token);
  const mine = uuidv7();
  await keeperApi.post('/note', {
    id: mine,
    farm_id: farmId,
    pond_id: pondId,
    note_date: day,
    title: 'Catatan penjaga',
    tags: [],
    description: '',
  });
  const keeperPhone = await newDevice(browser);
  const keeperPage = await keeperPhone.newPage();
  await new AccountPages(keeperPage).signIn(keeper);
  await openDay(keeperPage, farmId, pondId, day);
  for (const name of [SECTION.anco, SECTION.change, SECTION.disease])
    await expect(section(keeperPage, name).getByRole('button', { name: 'Ubah' })).toHaveCount(0);
  const notes = section(keeperPage, SECTION.note).getByTestId('record-notes');
  await expect(notes).toHaveCount(2);
  await expect(
    notes.filter({ hasText: 'Kincir 2 sudah diganti' }).getByRole('button', { name: 'Ubah' }),
  ).toHaveCount(0);
  // His own fresh note he may fix.
  await expect(
    notes.filter({ hasText: 'Catatan penjaga' }).getByRole('button', { name: 'Ubah' }),
  ).toBeVisible();
  await keeperPhone.close();
});

/** Screenshots for review (WIRE_SHOTS=folder): the four edit dialogs, phone and desktop, id and en. */
test('record edit dialog screenshots', async ({ browser, request }) => {
  const out = process.env.WIRE_SHOTS;
  test.skip(!out, 'set WIRE_SHOTS to a folder to take them');
  mkdirSync(out as string, { recursive: true });
  const owner = await apiSignUp(request, 'Shots Ubah', uniqueEmail('shots.ubah'));
  const api = new ApiAs(request, owner.token);
  const day = farmDayMinus(2);
  const { farmId, pondId } = await recordsOfADay(api, day);
  const user = await api.get('/user');
  const names = {
    id: { tab: 'Data harian', ...SECTION, edit: 'Ubah' },
    en: {
      tab: 'Daily data',
      anco: 'Feed tray check',
      change: 'Water change',
      note: 'Notes',
      disease: 'Disease alert',
      edit: 'Edit',
    },
  };
  for (const lang of ['id', 'en'] as const) {
    for (const [size, viewport] of [
      ['phone', { width: 360, height: 800 }],
      ['desktop', { width: 1280, height: 800 }],
    ] as const) {
      const context = await browser.newContext({
        viewport,
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
      const n = names[lang];
      await page.goto(`/farm/${farmId}/pond/${pondId}`);
      await page.getByRole('tab', { name: n.tab }).click();
      await page.locator('#daily-data-day').fill(day);
      for (const kind of ['anco', 'change', 'note', 'disease'] as const) {
        await section(page, n[kind]).getByRole('button', { name: n.edit }).click();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        await page.screenshot({ path: join(out as string, `${lang}-${size}-${kind}-edit.png`) });
        await dialog.press('Escape');
        await expect(dialog).toBeHidden();
      }
      await context.close();
    }
  }
});
