import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { AccountPages } from './pages/account-pages.ts';
import { WaterPages } from './pages/water-pages.ts';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';
import { BackgroundSync, newDevice } from './support/chromium.ts';
import { test } from './support/test.ts';

interface Reading {
  id: string;
  ph: number;
  do: number;
}

/**
 * Issue 12 point 3: an edit and a delete made without signal reach the server through the
 * service worker's background sync after the app's page is closed, without opening the
 * app again (before, only new readings were handed to the worker).
 */
test('a reading edited and another deleted offline reach the server with the app closed', async ({
  browser,
  request,
}) => {
  const manager = await apiSignUp(request, 'Manajer');
  const api = new ApiAs(request, manager.token);
  const { farmId, pondIds } = await apiFarm(api, 'Tambak Edit', ['Kolam 1']);
  const pondId = pondIds['Kolam 1'];
  const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const edited = randomUUID();
  const removed = randomUUID();
  await api.post('/water/general/bulk', {
    items: [
      { id: edited, pond_id: pondId, measured_at: `${day}T06:10:00+07:00`, ph: 7.2, do: 5 },
      { id: removed, pond_id: pondId, measured_at: `${day}T16:20:00+07:00`, ph: 7.4, do: 4.6 },
    ],
  });

  // The manager opens the pond on her phone with signal: both readings are on the phone.
  const phone = await newDevice(browser);
  const page = await phone.newPage();
  await new AccountPages(page).signIn(manager);
  const water = new WaterPages(page);
  await water.waitForServiceWorker();
  await page.goto(`/farm/${farmId}/pond/${pondId}`);
  const morning = page.locator('li.reading-row', { hasText: '06:10' });
  const afternoon = page.locator('li.reading-row', { hasText: '16:20' });
  await expect(morning).toBeVisible();
  await expect(afternoon).toBeVisible();

  // Without signal she corrects the morning pH and deletes the afternoon reading.
  await phone.setOffline(true);
  await morning.getByRole('button', { name: 'Ubah' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('pH', { exact: false }).first().fill('7.9');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog).toBeHidden();
  await afternoon.getByRole('button', { name: 'Hapus' }).click();
  await page.getByRole('dialog').getByRole('button', { name: /^Ya/ }).click();
  await expect(afternoon).toHaveCount(0);
  // Both went to the service worker's queue, in order (not left waiting for the app).
  await expect.poll(() => water.outboxStatuses()).toEqual(['in-worker', 'in-worker']);

  // She closes the app; signal comes back with no app page open: the worker delivers both.
  const sync = await BackgroundSync.attach(phone);
  await page.close();
  await phone.setOffline(false);
  let readings: Reading[] = [];
  await expect
    .poll(
      async () => {
        readings = await api.get<Reading[]>(`/water/general?farm_id=${farmId}`);
        const done = readings.length === 1 && readings[0].ph === 7.9;
        // Chromium fires 'sync' on reconnect by itself; dispatching it too bounds the wait.
        if (!done) await sync.fire('tambak-outbox');
        return readings.map((r) => [r.id, r.ph, r.do]);
      },
      { timeout: 30_000 },
    )
    .toEqual([[edited, 7.9, 5]]);
  await phone.close();
});
