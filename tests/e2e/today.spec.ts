import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { farmDayMinus } from './pages/stock-pages.ts';
import { TodayPages } from './pages/today-pages.ts';
import { WaterPages } from './pages/water-pages.ts';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';
import { newDevice } from './support/chromium.ts';
import { uniqueEmail } from './support/dev-outbox.ts';
import { test } from './support/test.ts';

/** Starter product "Pakan udang crumble #0" (migration 0016). */
const CRUMBLE = '01930000-0000-7000-8000-000000000001';
const PONDS = ['Kolam 1', 'Kolam 2', 'Kolam 3', 'Kolam 4', 'Kolam 5'];
const MINE = PONDS.slice(0, 3);

/** Signs a phone in as `token` (the session the login screen stores) with one water time on this phone. */
async function signedInPhone(page: Page, api: ApiAs, token: string) {
  const user = await api.get('/user');
  await page.addInitScript(
    ([t, u]) => {
      localStorage.setItem('tambak:session', JSON.stringify({ token: t, user: u }));
      // One water round a day on this phone (Settings → times): the list stays short.
      localStorage.setItem('tambak:preset-times', JSON.stringify(['06:00']));
    },
    [token, user] as const,
  );
}

interface Row {
  id: string;
  pond_id: string;
}

/**
 * Issue 31, "Done when": a keeper with access to 3 of 5 ponds does a day's Today offline
 * (each slot turns done), closes the app, reopens it offline (still done), syncs (the
 * server holds each record once); a second keeper's records turn the first keeper's slots
 * done after the sync.
 */
test("a keeper's day on Today, offline, and a colleague's records after sync", async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = await apiSignUp(request, 'Pemilik');
  const api = new ApiAs(request, owner.token);
  const { farmId, pondIds } = await apiFarm(api, 'Tambak Hari Ini', PONDS);
  for (const pond of PONDS)
    await api.post('/cycle', { pond_id: pondIds[pond], start_date: farmDayMinus(20) });
  // Her ponds are stocked (a feed ration exists for them); the others only have a cycle.
  for (const pond of MINE)
    await api.post('/stock', {
      pond_id: pondIds[pond],
      stock_date: farmDayMinus(20),
      seed_net: 100_000,
      seed_actual: 100_000,
    });
  const item = await api.post<{ warehouse_id: string }>('/warehouse', {
    farm_id: farmId,
    product_id: CRUMBLE,
    minimum_stock: 0,
  });
  await api.post(`/warehouse/${item.warehouse_id}/store`, {
    id: randomUUID(),
    qty: 500,
    price: 15000,
    used_on: farmDayMinus(1),
  });
  // Two feedings a day (06:00 and 20:00), a sampling every 7 days.
  const programme = await api.get<Record<string, unknown>>(`/feedIdxSetting?farm_id=${farmId}`);
  await api.post('/feedIdxSetting', {
    ...programme,
    is_default: undefined,
    farm_id: farmId,
    feedings_per_day: 2,
    sampling_every_days: 7,
  });
  const keepers = [];
  for (const name of ['Sari', 'Joko']) {
    const keeper = await apiSignUp(request, name, uniqueEmail(name.toLowerCase()));
    await api.post('/userFarm', {
      farm_id: farmId,
      email: keeper.email,
      role_id: 3,
      ponds: MINE.map((p) => ({ pond_id: pondIds[p], access_level: 1 })),
    });
    keepers.push(keeper);
  }
  const [sari, joko] = keepers;
  const sariApi = new ApiAs(request, sari.token);

  // Sari's phone: the farm opens on her Today (a keeper's home), with her 3 ponds.
  const phone = await newDevice(browser);
  const page = await phone.newPage();
  await signedInPhone(page, sariApi, sari.token);
  await page.goto('/farm');
  // The first sync of a new phone brings the farm list; then the farm opens on Today.
  await expect(page).toHaveURL(new RegExp(`/farm/${farmId}/today$`), { timeout: 30_000 });
  const today = new TodayPages(page, farmId);
  await today.ready();
  await expect(today.slot('feed:06:00')).toContainText('0/3 kolam');
  expect(await today.slotKeys()).toEqual([
    'water:06:00',
    'feed:06:00',
    'anco:1',
    'feed:20:00',
    'anco:2',
    'sampling:',
  ]);
  await page.screenshot({ path: 'test-results/today/today-start.png', fullPage: true });
  await new WaterPages(page).waitForServiceWorker();

  // At the ponds there is no signal.
  await phone.setOffline(true);

  // Water: one tap opens the round for her 3 ponds only.
  await today.openSlot('water:06:00', 'Input kualitas air');
  for (const pond of MINE) {
    const card = page.getByRole('region', { name: pond, exact: true });
    await card.getByRole('textbox', { name: 'pH' }).first().fill('7,8');
    await card.getByRole('textbox', { name: 'DO' }).first().fill('5,2');
    await card.getByRole('textbox', { name: 'Suhu' }).first().fill('29,5');
    await card.getByRole('textbox', { name: 'Salinitas' }).first().fill('18');
  }
  await expect(page.getByRole('region', { name: 'Kolam 4', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: /^Simpan 3 kolam/ }).click();
  await today.backOnToday();
  await today.expectState('water:06:00', 'done', '3/3 kolam');

  // Feed 06:00: the only feed item is chosen; Next walks pond to pond at 06:00. She types
  // what she gave the first pond, then fills the others with their recommended ration.
  await today.openSlot('feed:06:00', 'Input pakan');
  const box = (pond: string) => page.getByRole('textbox', { name: `Jumlah ${pond} jam 06:00` });
  await expect(box('Kolam 1')).toBeFocused();
  await page.keyboard.type('2,5');
  await page.keyboard.press('Enter');
  await expect(box('Kolam 2')).toBeFocused();
  const ration = (await page.getByTestId('ration').nth(1).textContent()) ?? '';
  const perFeeding = /([\d.,]+) kg\/kali/.exec(ration)?.[1] ?? '';
  expect(perFeeding).not.toBe('');
  await page.getByRole('button', { name: 'Isi sesuai anjuran' }).click();
  await expect(page.getByTestId('fill-rations')).toContainText('2 kotak diisi sesuai anjuran');
  await expect(box('Kolam 1')).toHaveValue('2,5');
  for (const pond of MINE.slice(1)) await expect(box(pond)).toHaveValue(perFeeding.replace(/\./g, ''));
  await expect(page.getByRole('textbox', { name: /jam 20:00/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Simpan', exact: true }).click();
  await today.backOnToday();
  await today.expectState('feed:06:00', 'done', '3/3 kolam');

  // Feed trays after the first feeding: "all trays the same", one tap a pond.
  await today.openSlot('anco:1', 'Cek anco');
  await expect(page.getByRole('button', { name: 'Pakan ke-1' })).toHaveAttribute('aria-pressed', 'true');
  for (const pond of MINE)
    await page.getByRole('button', { name: `${pond}: semua anco Habis`, exact: true }).click();
  await page.getByRole('button', { name: 'Simpan 3 kolam' }).click();
  await today.backOnToday();
  await today.expectState('anco:1', 'done', '3/3 kolam');

  // The sampling is due (the cycles started 20 days ago, never sampled).
  await today.openSlot('sampling:', 'Sampling');
  for (const pond of MINE) {
    const card = page.getByRole('region', { name: pond, exact: true });
    await card.getByRole('textbox', { name: /^Jumlah udang/ }).fill('50');
    await card.getByRole('textbox', { name: /^Berat sampel/ }).fill('400');
  }
  await page.getByRole('button', { name: 'Simpan 3 kolam' }).click();
  await today.backOnToday();
  await today.expectState('sampling:', 'done', '3/3 kolam');
  await page.screenshot({ path: 'test-results/today/today-offline-done.png', fullPage: true });

  // She closes the app and opens it again, still without signal: still done.
  await page.close();
  const again = await phone.newPage();
  await again.goto(`/farm/${farmId}/today`);
  const reopened = new TodayPages(again, farmId);
  await reopened.ready();
  for (const key of ['water:06:00', 'feed:06:00', 'anco:1', 'sampling:'])
    await reopened.expectState(key, 'done');
  // The evening feeding is still ahead, or late once two hours have passed (the run's own clock).
  const jakartaHour = new Date(Date.now() + 7 * 3_600_000).getUTCHours();
  await reopened.expectState('feed:20:00', jakartaHour >= 22 ? 'late' : 'notYet', '0/3 kolam');

  // Meanwhile Joko did the evening feeding and its tray check (his phone had signal).
  const jokoApi = new ApiAs(request, joko.token);
  const day = farmDayMinus(0);
  await jokoApi.post('/useitem/bulk', {
    items: MINE.map((p) => ({
      id: randomUUID(),
      warehouse_id: item.warehouse_id,
      pond_id: pondIds[p],
      qty: 3,
      used_on: day,
      time: '20:00',
    })),
  });
  await jokoApi.post('/anco/bulk', {
    items: MINE.map((p) => ({
      id: randomUUID(),
      pond_id: pondIds[p],
      check_date: day,
      feeding_time: 2,
      checked_at: '21:30',
      data_anco: [1, 2, 3, 4].map((tray) => ({ tray, status: 'sisa_sedikit' })),
    })),
  });

  // Signal again: her records go up, his come down, and his slots turn done on her phone.
  await phone.setOffline(false);
  await reopened.expectState('feed:20:00', 'done', '3/3 kolam');
  await reopened.expectState('anco:2', 'done', '3/3 kolam');
  await expect(again.getByRole('heading', { name: 'Semua tugas hari ini selesai.' })).toBeVisible();
  await again.screenshot({ path: 'test-results/today/today-all-done.png', fullPage: true });

  // The server holds each of her records once.
  const count = async (path: string, keep: (r: Row & Record<string, unknown>) => boolean = () => true) => {
    const rows = await api.get<(Row & Record<string, unknown>)[]>(path);
    return rows.filter(keep).length;
  };
  await expect.poll(() => count(`/water/general?farm_id=${farmId}`), { timeout: 30_000 }).toBe(3);
  await expect.poll(() => count(`/sampling?farm_id=${farmId}`)).toBe(3);
  await expect.poll(() => count(`/anco?farm_id=${farmId}`)).toBe(6);
  await expect
    .poll(() =>
      count(`/warehouse/history?farm_id=${farmId}&from=${farmDayMinus(1)}`, (r) => r.kind === 'use'),
    )
    .toBe(6);
  const waters = await api.get<Row[]>(`/water/general?farm_id=${farmId}`);
  expect(new Set(waters.map((w) => w.id)).size).toBe(3);
  expect(waters.map((w) => w.pond_id).sort()).toEqual(MINE.map((p) => pondIds[p]).sort());
  await phone.close();
});

test('a member without pond access is told so and how to get it', async ({ browser, request }) => {
  const owner = await apiSignUp(request, 'Pemilik');
  const api = new ApiAs(request, owner.token);
  const { farmId } = await apiFarm(api, 'Tambak Tanpa Akses', ['Kolam 1']);
  const keeper = await apiSignUp(request, 'Baru', uniqueEmail('baru'));
  await api.post('/userFarm', { farm_id: farmId, email: keeper.email, role_id: 3, ponds: [] });
  const phone = await newDevice(browser);
  const page = await phone.newPage();
  await signedInPhone(page, new ApiAs(request, keeper.token), keeper.token);
  await page.goto(`/farm/${farmId}`);
  await expect(page).toHaveURL(new RegExp(`/farm/${farmId}/today$`), { timeout: 30_000 });
  await expect(page.getByText('Belum ada kolam untuk Anda')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/Pengaturan → Pengguna → Akses kolam/)).toBeVisible();
  // The farm page itself stays reachable from Today.
  await page.getByRole('link', { name: 'Kolam & blok' }).click();
  await expect(page).toHaveURL(new RegExp(`/farm/${farmId}\\?home=farm$`));
  await phone.close();
});

test('Today in both languages on a phone and a desktop (screenshots to look at)', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await apiSignUp(request, 'Pemilik');
  const api = new ApiAs(request, owner.token);
  const { farmId, pondIds } = await apiFarm(api, 'Tambak Layar', PONDS);
  for (const pond of PONDS)
    await api.post('/cycle', { pond_id: pondIds[pond], start_date: farmDayMinus(20) });
  // Her ponds are stocked (a feed ration exists for them); the others only have a cycle.
  for (const pond of MINE)
    await api.post('/stock', {
      pond_id: pondIds[pond],
      stock_date: farmDayMinus(20),
      seed_net: 100_000,
      seed_actual: 100_000,
    });
  const keeper = await apiSignUp(request, 'Sari', uniqueEmail('sari'));
  await api.post('/userFarm', {
    farm_id: farmId,
    email: keeper.email,
    role_id: 3,
    ponds: MINE.map((p) => ({ pond_id: pondIds[p], access_level: 1 })),
  });
  const dir = process.env.SHOTS_DIR ?? 'test-results/today';
  for (const lang of ['id', 'en'] as const) {
    for (const viewport of [
      { width: 360, height: 800 },
      { width: 1280, height: 800 },
    ]) {
      const device = await newDevice(browser, viewport);
      const page = await device.newPage();
      await page.addInitScript((l) => localStorage.setItem('tambak:language', l), lang);
      await signedInPhone(page, new ApiAs(request, keeper.token), keeper.token);
      await page.goto(`/farm/${farmId}/today`);
      const title = lang === 'id' ? 'Hari ini' : 'Today';
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('[data-slot="feed:06:00"]')).toContainText(
        lang === 'id' ? 'Pakan 06:00' : 'Feed 06:00',
        { timeout: 30_000 },
      );
      await expect(page.locator('[data-slot="feed:06:00"]')).toContainText(
        lang === 'id' ? '0/3 kolam' : '0/3 ponds',
      );
      await page.screenshot({ path: `${dir}/today-${viewport.width}x${viewport.height}-${lang}.png` });
      await device.close();
    }
  }
});
