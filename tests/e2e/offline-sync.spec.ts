import { expect } from '@playwright/test';
import { AccountPages } from './pages/account-pages.ts';
import { FarmPages } from './pages/farm-pages.ts';
import { TodayPages } from './pages/today-pages.ts';
import { WaterPages } from './pages/water-pages.ts';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';
import { BackgroundSync, newDevice } from './support/chromium.ts';
import { uniqueEmail } from './support/dev-outbox.ts';
import { test } from './support/test.ts';

interface Reading {
  id: string;
  pond_id: string;
  ph: number;
  do: number;
}

test('a pond keeper saves readings offline and the manager gets exactly one copy of each', async ({
  browser,
  request,
}) => {
  // The manager owns the farm; the keeper may enter data in Kolam 1 and Kolam 2.
  const manager = await apiSignUp(request, 'Manajer');
  const managerApi = new ApiAs(request, manager.token);
  const { farmId, pondIds } = await apiFarm(managerApi, 'Tambak Pantai', ['Kolam 1', 'Kolam 2']);
  const keeper = { name: 'Pak Teknisi', email: uniqueEmail('teknisi'), password: 'rahasia-789' };
  await managerApi.post('/userFarm', {
    farm_id: farmId,
    email: keeper.email,
    role_id: 3,
    ponds: Object.values(pondIds).map((pond_id) => ({ pond_id, access_level: 1 })),
  });

  // The keeper registers and signs in on his phone, with signal, and opens the farm.
  const phone = await newDevice(browser);
  const page = await phone.newPage();
  const account = new AccountPages(page);
  await account.register(keeper);
  await account.signIn(keeper);
  const water = new WaterPages(page);
  // A keeper's farm opens on his Today list (issue 31); its other records show once his ponds are on the phone.
  await expect(page).toHaveURL(new RegExp(`/farm/${farmId}/today$`), { timeout: 30_000 });
  await water.waitForServiceWorker();
  await new TodayPages(page, farmId).ready();

  // At the pond there is no signal: he enters readings for two ponds and saves.
  await phone.setOffline(true);
  await water.openEntryFromFarmHome();
  await water.enter('Kolam 1', { pH: '7.9', DO: '5.2' });
  await water.enter('Kolam 2', { pH: '8.1', DO: '4.8' });
  await water.save(2, { partial: true });
  await expect(water.indicator()).toHaveAccessibleName(/Offline\. 2 data menunggu dikirim/);

  // A reload with no signal still shows them waiting (nothing lost).
  await page.reload();
  await expect(water.indicator()).toHaveAccessibleName(/Offline\. 2 data menunggu dikirim/);
  // The page tried to send through the service worker, which now holds the batch.
  await expect.poll(() => water.outboxStatuses()).toEqual(['in-worker', 'in-worker']);

  // He puts the phone away; signal comes back with no app page open: the worker delivers.
  const sync = await BackgroundSync.attach(phone);
  await page.close();
  await phone.setOffline(false);
  let readings: Reading[] = [];
  await expect
    .poll(
      async () => {
        readings = await managerApi.get<Reading[]>(`/water/general?farm_id=${farmId}`);
        // Chromium fires 'sync' on reconnect by itself; dispatching it too makes the wait bounded.
        if (readings.length < 2) await sync.fire('tambak-outbox');
        return readings.length;
      },
      { timeout: 30_000 },
    )
    .toBe(2);

  // The manager, on a desktop, sees exactly one copy of each reading.
  const desk = await newDevice(browser, { width: 1280, height: 800 });
  const deskPage = await desk.newPage();
  const managerAccount = new AccountPages(deskPage);
  await managerAccount.signIn(manager);
  await deskPage.goto(`/farm/${farmId}/pond/${pondIds['Kolam 1']}`);
  await expect(deskPage.locator('main').getByText('7,9')).toHaveCount(1);
  await expect(deskPage.locator('main').getByText('5,2 mg/L')).toHaveCount(1);
  expect(new Set(readings.map((r) => r.id)).size).toBe(2);
  expect(readings.map((r) => [r.pond_id, r.ph, r.do]).sort()).toEqual(
    [
      [pondIds['Kolam 1'], 7.9, 5.2],
      [pondIds['Kolam 2'], 8.1, 4.8],
    ].sort(),
  );

  // Back in the app, the keeper's phone shows everything sent.
  const again = await phone.newPage();
  await again.goto(`/farm/${farmId}?home=farm`);
  await expect.poll(() => new WaterPages(again).outboxStatuses()).toEqual([]);
  await phone.close();
  await desk.close();
});

test('a batch whose answer is lost is sent again and the server keeps one copy', async ({
  browser,
  request,
}) => {
  const owner = await apiSignUp(request, 'Pemilik');
  const api = new ApiAs(request, owner.token);
  const { farmId } = await apiFarm(api, 'Tambak Replay', ['Kolam 1', 'Kolam 2', 'Kolam 3']);

  // No service worker here: the page's own requests are the ones whose answers get lost.
  const phone = await browser.newContext({ viewport: { width: 360, height: 800 }, serviceWorkers: 'block' });
  const page = await phone.newPage();
  let sent = 0;
  await page.route('**/api/water/general/bulk', async (route) => {
    sent += 1;
    const response = await route.fetch(); // the server stores the batch …
    if (sent === 1) return route.abort('connectionreset'); // … but the phone never hears back
    return route.fulfill({ response });
  });
  const account = new AccountPages(page);
  await account.signIn(owner);
  await new FarmPages(page).openPondsFromBoard();
  await expect(page.getByText('Kolam 3', { exact: true })).toBeVisible();
  const water = new WaterPages(page);
  await water.openEntryFromFarmHome();
  await water.enter('Kolam 1', { pH: '7.6' });
  await water.enter('Kolam 2', { pH: '7.7' });
  await water.enter('Kolam 3', { pH: '7.8' });
  await page.getByRole('button', { name: 'Simpan 3 kolam' }).click();
  await water.confirmPartial();

  // The same batch goes again after the lost answer; everything ends synced. (The outbox
  // is empty for a moment before the save's entries are written too: wait for the second
  // sending first.)
  await expect.poll(() => sent, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  await expect.poll(() => water.outboxStatuses(), { timeout: 30_000 }).toEqual([]);
  const readings = await api.get<Reading[]>(`/water/general?farm_id=${farmId}`);
  expect(readings).toHaveLength(3);
  expect(new Set(readings.map((r) => r.id)).size).toBe(3);
  await phone.close();
});
