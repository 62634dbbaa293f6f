import { expect, test } from '@playwright/test';
import { farmDayMinus } from './pages/stock-pages.ts';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';
import { newDevice } from './support/chromium.ts';

/**
 * Issue 29 point 2, storage that survives: the first save asks the browser to keep the
 * app's data and the sync screen shows what it answered and the room used; a save on a
 * phone whose storage is full (the origin's quota set to what it already uses, through
 * the DevTools protocol: the browser's own QuotaExceededError) says so and loses nothing:
 * the typed value stays in the form, the record saved before stays, and once there is room
 * the same save goes through and reaches the server once.
 */
test('the phone asks to keep its data, and a full phone loses nothing', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const owner = await apiSignUp(request, 'Pemilik');
  const api = new ApiAs(request, owner.token);
  const { farmId, pondIds } = await apiFarm(api, 'Tambak Simpan', ['Kolam A1']);
  await api.post('/cycle', { pond_id: pondIds['Kolam A1'], start_date: farmDayMinus(20) });
  const user = await api.get('/user');

  const phone = await newDevice(browser);
  await phone.addInitScript(
    ([token, me]) => {
      localStorage.setItem('tambak:session', JSON.stringify({ token, user: me }));
      // Count the app's requests to keep the data (the browser's answer is its own).
      const storage = navigator.storage;
      const persist = storage.persist.bind(storage);
      storage.persist = () => {
        localStorage.setItem(
          'test:persist-calls',
          String(Number(localStorage.getItem('test:persist-calls') ?? 0) + 1),
        );
        return persist();
      };
    },
    [owner.token, user] as const,
  );
  const page = await phone.newPage();
  const persistCalls = () => page.evaluate(() => Number(localStorage.getItem('test:persist-calls') ?? 0));
  await page.goto(`/farm/${farmId}/water-change`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ganti air' })).toBeVisible();
  const percent = page.getByLabel('Air diganti (%)');
  const save = page.getByRole('button', { name: 'Simpan 1 kolam' });

  expect(await persistCalls()).toBe(0);
  await percent.fill('20');
  await save.click();
  await expect(page.getByText(/^1 ganti air tersimpan/)).toBeVisible();
  await expect.poll(persistCalls).toBe(1);

  // The sync screen says whether the browser keeps the data, and the room used.
  await page.goto('/sync');
  await expect(page.getByTestId('storage-persisted')).toHaveText(/Disimpan tetap|Belum disimpan tetap/);
  await expect(page.getByTestId('storage-usage')).toHaveText(/Terpakai [\d.,]+ [MG]B dari [\d.,]+ [MG]B/);
  await page.screenshot({ path: 'test-results/storage/sync-storage-id-phone.png', fullPage: true });

  // The phone is full: the origin's quota is set below what it already uses.
  const cdp = await phone.newCDPSession(page);
  const origin = new URL(page.url()).origin;
  await page.goto(`/farm/${farmId}/water-change`);
  await expect(percent).toBeVisible();
  const used = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
  await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: Math.min(used, 1024) });
  await percent.fill('35');
  await save.click();
  await expect(page.getByTestId('storage-full')).toContainText('Memori ponsel penuh');
  await expect(percent).toHaveValue('35');
  await page.screenshot({ path: 'test-results/storage/storage-full-id-phone.png', fullPage: true });

  // Room again: the same save goes through; the earlier record was never touched.
  await cdp.send('Storage.overrideQuotaForOrigin', { origin });
  await page.getByRole('button', { name: 'Mengerti' }).click();
  await save.click();
  await expect(page.getByText(/^1 ganti air tersimpan/)).toBeVisible();
  await expect
    .poll(
      async () =>
        (await api.get<{ percent: number }[]>(`/waterChange?farm_id=${farmId}`))
          .map((r) => Number(r.percent))
          .sort((a, b) => a - b),
      { timeout: 30_000 },
    )
    .toEqual([20, 35]);
});
