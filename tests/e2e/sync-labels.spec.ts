import { expect, type Page } from '@playwright/test';
import { ChatPage } from './pages/chat-page.ts';
import { FinancePages } from './pages/finance-pages.ts';
import { RecordsPages } from './pages/records-pages.ts';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';
import { uniqueEmail } from './support/dev-outbox.ts';
import { test } from './support/test.ts';

const jakartaDay = (offsetDays = 0) =>
  new Date(Date.now() + 7 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
const dir = process.env.SYNC_SHOTS_DIR ?? 'test-results/screens';

async function inLanguage(page: Page, lang: 'id' | 'en', path: string) {
  // After the sign-in's own init script (which sets Indonesian), so this one wins.
  await page.addInitScript((l) => localStorage.setItem('tambak:language', l), lang);
  await page.goto(path);
}

/**
 * Issue 28 (bad input, refusals) and 31 (the sync screen names what waits): offline, a
 * keeper's tray check and water change wait on the sync screen by kind and pond; a
 * transaction the server refuses once the account was closed meanwhile shows its kind,
 * day and reason in the reader's language, with Fix and Discard; the pond form refuses an
 * area that fits no way of writing a number and echoes a clear one. Screenshots at 360×800 in id and en.
 */
test('the sync screen names waiting and refused records, and forms refuse unclear numbers at the field', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const t = Date.now().toString(36);
  const owner = await apiSignUp(request, `Pemilik ${t}`, uniqueEmail(`sync.${t}`));
  const api = new ApiAs(request, owner.token);
  const { farmId, pondIds } = await apiFarm(api, `Tambak Sinkron ${t}`, ['Kolam A3']);
  await api.post('/cycle', { pond_id: pondIds['Kolam A3'], start_date: jakartaDay(-20) });
  const account = await api.post<{ account_id: string }>('/account', {
    farm_id: farmId,
    name: 'Kas Tambak',
    created_at: jakartaDay(-30),
  });

  const page = (await ChatPage.signedIn(browser, request, owner, { viewport: { width: 360, height: 800 } }))
    .page;
  await page.goto(`/farm/${farmId}?home=farm`);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null);

  // The pond form: "1,2,5" fits no way of writing a number — refused with how to type it;
  // "3.500" is echoed as three and a half thousand.
  await page.goto(`/farm/${farmId}/settings?tab=ponds`);
  await page.getByRole('button', { name: /Tambah kolam/ }).click();
  const pondDialog = page.getByRole('dialog');
  await pondDialog.getByLabel('Nama kolam').fill('Kolam B1');
  const area = pondDialog.getByLabel('Luas (m²)');
  await area.fill('1,2,5');
  await pondDialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(pondDialog.getByText(/Tanda baca angka tidak tepat/)).toBeVisible();
  await page.screenshot({ path: `${dir}/pond-area-refused-id-phone.png` });
  await area.fill('3.500');
  await expect(pondDialog.getByText('= 3.500 m²')).toBeVisible();
  await page.screenshot({ path: `${dir}/pond-area-echo-id-phone.png` });
  await page.keyboard.press('Escape');

  // The transaction form refuses a day before the account opened: nothing is queued.
  const finance = new FinancePages(page);
  await finance.open(farmId, 'transactions');
  await page.getByRole('button', { name: 'Catat transaksi' }).click();
  const txDialog = page.getByRole('dialog');
  await txDialog.getByLabel('Jumlah (Rp)').fill('1.500.000');
  await txDialog.getByLabel('Tanggal').fill(jakartaDay(-40));
  await txDialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(txDialog.getByText(/Tanggal tidak boleh sebelum akun dibuka/)).toBeVisible();
  await page.screenshot({ path: `${dir}/transaction-date-refused-id-phone.png` });
  await page.keyboard.press('Escape');

  // Offline at the ponds: a tray check and a water change, and a transaction.
  await page.context().setOffline(true);
  const records = new RecordsPages(page, farmId);
  await records.openAnco();
  await records.tapTrays('Kolam A3', ['Habis', 'Habis', 'Sisa Sedikit', 'Habis']);
  await records.saveAnco(1);
  await records.openWaterChange();
  await records.enterWaterChange('Kolam A3', '20');
  await records.saveWaterChange(1);
  await finance.open(farmId, 'transactions');
  await finance.record({
    type: 'Pengeluaran',
    category: 'Listrik',
    amount: '3.200.000',
    date: jakartaDay(-1),
  });

  // Meanwhile the manager closes the account: only the server can refuse that.
  const closed = await request.put(`/api/account/${account.account_id}/update`, {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { end_date: jakartaDay(-2) },
  });
  expect(closed.status()).toBe(200);

  await page.goto('/sync');
  await expect(page.getByText('Anco · Kolam A3')).toBeVisible();
  await expect(page.getByText('Ganti air · Kolam A3')).toBeVisible();
  await expect(page.getByText(/^Data$/)).toHaveCount(0);
  await page.screenshot({ path: `${dir}/sync-waiting-id-phone.png`, fullPage: true });

  await page.context().setOffline(false);
  await page.getByRole('button', { name: 'Sinkronkan sekarang' }).click();
  await expect(page.getByText('Gagal terkirim (1)')).toBeVisible({ timeout: 30_000 });
  const refused = page.locator('.sync-item--failed');
  await expect(refused.getByText('Transaksi', { exact: false }).first()).toBeVisible();
  await expect(refused.getByText(/Akun ini sudah ditutup/)).toBeVisible();
  await expect(refused.getByRole('button', { name: 'Perbaiki' })).toBeVisible();
  await expect(refused.getByRole('button', { name: 'Buang' })).toBeVisible();
  await page.screenshot({ path: `${dir}/sync-refused-id-phone.png`, fullPage: true });

  await inLanguage(page, 'en', '/sync');
  await expect(page.getByText('Could not be sent (1)')).toBeVisible();
  await expect(
    page
      .locator('.sync-item--failed')
      .getByText(/This account is closed|account/i)
      .first(),
  ).toBeVisible();
  await page.screenshot({ path: `${dir}/sync-refused-en-phone.png`, fullPage: true });

  // Fix opens the refused transaction in its dialog.
  await page.locator('.sync-item--failed').getByRole('button', { name: 'Fix' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.screenshot({ path: `${dir}/sync-fix-opens-en-phone.png` });
  await page.keyboard.press('Escape');

  // In English the marks swap: "1.2.5" is refused, "3,500" reads 3500.
  await page.goto(`/farm/${farmId}/settings?tab=ponds`);
  await page.getByRole('button', { name: /Add pond/ }).click();
  const enDialog = page.getByRole('dialog');
  await enDialog.getByLabel('Area (m²)').fill('1.2.5');
  await enDialog.getByRole('button', { name: 'Save' }).click();
  await expect(enDialog.getByText(/Misplaced separator/)).toBeVisible();
  await page.screenshot({ path: `${dir}/pond-area-refused-en-phone.png` });
  await enDialog.getByLabel('Area (m²)').fill('3,500');
  await expect(enDialog.getByText('= 3,500 m²')).toBeVisible();
});
