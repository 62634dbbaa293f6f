import { expect } from '@playwright/test';
import { farmToday } from '../../src/server/kernel/farm-clock.ts';
import { AccountPages } from './pages/account-pages.ts';
import { FinancePages } from './pages/finance-pages.ts';
import { farmDayMinus } from './pages/stock-pages.ts';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';
import { newDevice } from './support/chromium.ts';
import { uniqueEmail } from './support/dev-outbox.ts';
import { test } from './support/test.ts';
import { testJpeg } from './support/test-photo.ts';

interface Tx {
  transaction_record_id: string;
  nominal: number;
  type: string;
}

/**
 * Issue 16 "Done when": an account, income and expenses (one entered offline), the
 * account closed; the statistics equal hand-computed figures; a closed account refuses
 * a new transaction. HPP: a total harvest of 500 kg recorded through the production API,
 * so HPP is the year's expenses (and no warehouse use) over those kg, by hand.
 */
test('an owner keeps the books, one entry offline, and the figures are the hand-computed ones', async ({
  browser,
  request,
}) => {
  // The farm's year (WIB), which its screens show: past 17:00 UTC on 31 December it is the next.
  const y = Number(farmToday().slice(0, 4));
  const owner = await apiSignUp(request, 'Pemilik', uniqueEmail('pemilik-kas'));
  const api = new ApiAs(request, owner.token);
  const { farmId, pondIds } = await apiFarm(api, 'Tambak Kas', ['Kolam 1']);

  const phone = await newDevice(browser);
  const page = await phone.newPage();
  await new AccountPages(page).signIn(owner);
  const finance = new FinancePages(page);
  await finance.open(farmId);
  await finance.addAccount('Kas Tambak', `${y}-01-01`);

  await finance.tab('Transaksi');
  await finance.record({
    type: 'Pemasukan',
    category: 'Penjualan panen',
    amount: '10.000.000',
    date: `${y}-03-10`,
  });
  await finance.record({
    type: 'Pengeluaran',
    category: 'Pakan',
    amount: '2.500.000',
    date: `${y}-03-12`,
    note: 'Pakan 10 sak',
  });
  await expect
    .poll(async () => (await api.get<Tx[]>(`/transaction?farm_id=${farmId}`)).length, { timeout: 20_000 })
    .toBe(2);

  // No signal: the third entry is saved on the phone and waits in the outbox.
  await phone.setOffline(true);
  await finance.record({
    type: 'Pengeluaran',
    category: 'Benur',
    amount: '1.200.000',
    date: `${y}-04-02`,
    receipt: await testJpeg(1200, 1600, 3),
  });
  await page.getByLabel('Dari').fill(`${y}-01-01`);
  await page.getByLabel('Sampai').fill(`${y}-12-31`);
  await expect(page.getByTestId('finance-transaction')).toHaveCount(3);
  await expect(page.getByTestId('finance-transaction').filter({ hasText: 'Benur' })).toContainText(
    'Menunggu',
  );
  await phone.setOffline(false);
  await expect
    .poll(async () => (await api.get<Tx[]>(`/transaction?farm_id=${farmId}`)).length, { timeout: 30_000 })
    .toBe(3);
  // Its receipt photo follows it once, resized on the phone (long side 1600 px at most).
  const benur = (await api.get<Tx[]>(`/transaction?farm_id=${farmId}`)).find(
    (x) => Number(x.nominal) === 1_200_000,
  );
  await expect
    .poll(
      async () =>
        api.get<{ record_id: string; height: number }[]>(`/photos?farm_id=${farmId}&record_type=transaction`),
      {
        timeout: 30_000,
      },
    )
    .toEqual([expect.objectContaining({ record_id: benur?.transaction_record_id, height: 1600 })]);
  await expect(
    page
      .getByTestId('finance-transaction')
      .filter({ hasText: 'Benur' })
      .locator('[data-photo-status="uploaded"] img'),
  ).toBeVisible();
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/finance-receipt-id-360.png`, fullPage: true });

  // A cycle harvested in total: 500 kg (production records), no warehouse use.
  const stock = await api.post<{ stock_id: string }>('/stock', {
    pond_id: pondIds['Kolam 1'],
    stock_date: `${y}-02-01`,
    seed_net: 100_000,
    seed_actual: 100_000,
  });
  await api.post('/harvest', {
    stock_id: stock.stock_id,
    harvested_on: `${y}-03-15`,
    type: 'total',
    weight_kg: 500,
    size: 50,
    price_per_kg: 70_000,
  });

  // Statistics over the year: income 10,000,000; expenses 2,500,000 + 1,200,000 = 3,700,000.
  await finance.tab('Statistik');
  await expect(page.getByTestId('total-income')).toHaveText('Rp 10.000.000');
  await expect(page.getByTestId('total-expenses')).toHaveText('Rp 3.700.000');
  await expect(page.getByTestId('total-balance')).toHaveText('Rp 6.300.000');
  const rows = page.getByTestId('cash-flow-table').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Rp 10.000.000');
  await expect(rows.nth(0)).toContainText('Rp 2.500.000');
  await expect(rows.nth(0)).toContainText('Rp 7.500.000');
  await expect(rows.nth(1)).toContainText('Rp 1.200.000');
  await expect(rows.nth(1)).toContainText('-Rp 1.200.000');
  await expect(page.getByRole('img', { name: 'Grafik pemasukan dan pengeluaran per bulan' })).toBeVisible();
  await page.locator('input[type="month"]').fill(`${y}-03`);
  const perCategory = page.getByTestId('per-category').locator('li');
  await expect(perCategory).toHaveCount(2);
  await expect(perCategory.filter({ hasText: 'Penjualan panen' })).toContainText('Rp 10.000.000');
  await expect(perCategory.filter({ hasText: 'Pakan' })).toContainText('Rp 2.500.000');
  // HPP by hand (DOMAIN.md, each cost once): the feed bought (2,500,000) is warehouse stock,
  // counted when used (0 used here); seed 1,200,000 + 0 usage ÷ 500 kg harvested = Rp 2.400/kg.
  await expect(page.getByTestId('hpp-value')).toHaveText('Rp 2.400/kg');
  await expect(page.getByTestId('hpp-expenses')).toHaveText('Rp 1.200.000');
  await expect(page.getByTestId('hpp-stock-purchases')).toContainText('Rp 2.500.000');

  // Offline, the statistics show the last synced figures with their date.
  await phone.setOffline(true);
  await finance.tab('Akun');
  await finance.tab('Statistik');
  await expect(page.getByTestId('total-balance')).toHaveText('Rp 6.300.000');
  await expect(page.getByTestId('stats-as-of').first()).toContainText('Angka terakhir tersinkron');
  await phone.setOffline(false);

  // The account shows the same totals, then is closed; a closed account refuses a new transaction.
  await finance.tab('Akun');
  await expect(page.getByTestId('account-balance')).toHaveText('Rp 6.300.000', { timeout: 20_000 });
  await finance.closeAccount('Kas Tambak', `${y}-12-31`);
  await expect(page.getByTestId('finance-account')).toContainText('Ditutup');
  const accounts = await expect
    .poll(async () => (await api.get<{ is_open: boolean }[]>(`/account?farm_id=${farmId}`))[0]?.is_open, {
      timeout: 20_000,
    })
    .toBe(false);
  void accounts;
  const [account] = await api.get<{ account_id: string }[]>(`/account?farm_id=${farmId}`);
  const refused = await request.post('/api/transaction', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: {
      account_id: account.account_id,
      category_transaction_id: '0190a000-0000-7000-8000-000000000003',
      metode: 'cash',
      nominal: 5000,
      transaction_date: `${y}-05-01`,
    },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).code).toBe('finance-account-closed');
  await finance.tab('Transaksi');
  await page.getByRole('button', { name: 'Catat transaksi' }).click();
  await expect(finance.dialog()).toContainText('Buat atau buka akun terlebih dahulu.');
});

test('a period reaching back past what the phone keeps lists the server’s older transactions, and one is corrected', async ({
  browser,
  request,
}) => {
  const owner = await apiSignUp(request, 'Pemilik', uniqueEmail('pemilik-lama'));
  const api = new ApiAs(request, owner.token);
  const { farmId } = await apiFarm(api, 'Tambak Buku Lama', ['Kolam 1']);
  const { account_id } = await api.post<{ account_id: string }>('/account', {
    farm_id: farmId,
    name: 'Kas Lama',
    created_at: farmDayMinus(700),
  });
  // 500 days back: older than the 400 the phone keeps; 10 days back: kept.
  const entry = (daysAgo: number, nominal: number) =>
    api.post<Tx>('/transaction', {
      account_id,
      category_transaction_id: '0190a000-0000-7000-8000-000000000003',
      metode: 'cash',
      nominal,
      transaction_date: farmDayMinus(daysAgo),
    });
  const old = await entry(500, 750_000);
  await entry(10, 100_000);

  const phone = await newDevice(browser);
  const page = await phone.newPage();
  await new AccountPages(page).signIn(owner);
  const finance = new FinancePages(page);
  await finance.open(farmId, 'transactions');
  await page.getByLabel('Dari').fill(farmDayMinus(600));
  await page.getByLabel('Sampai').fill(farmToday());
  const rows = page.getByTestId('finance-transaction');
  await expect(rows).toHaveCount(2);
  const older = rows.filter({ hasText: '750.000' });
  await expect(older).toBeVisible();
  await expect(page.locator('.finance-figures')).toContainText('850.000');

  // The older one is corrected on the phone, and the server gets the change.
  await older.getByRole('button', { name: 'Ubah' }).click();
  await finance.dialog().getByLabel('Jumlah (Rp)').fill('800.000');
  await finance.dialog().getByRole('button', { name: 'Simpan' }).click();
  await expect(finance.dialog()).toBeHidden();
  await expect(rows.filter({ hasText: '800.000' })).toBeVisible();
  await expect
    .poll(async () =>
      (await api.get<Tx[]>(`/transaction?farm_id=${farmId}&from=${farmDayMinus(600)}`))
        .filter((t) => t.transaction_record_id === old.transaction_record_id)
        .map((t) => Number(t.nominal)),
    )
    .toEqual([800_000]);

  // Offline, a period never asked for says it needs a signal.
  await phone.setOffline(true);
  await page.getByLabel('Dari').fill(farmDayMinus(650));
  await expect(page.getByTestId('older-transactions')).toHaveAttribute('data-state', 'offline');
  const shots = process.env.WIRE_SHOTS;
  if (shots) await page.screenshot({ path: `${shots}/id-phone-finance-older-offline.png`, fullPage: true });
  await phone.close();
});

test('finance hidden on a farm, or not permitted: no screen, no link, 404 from the API', async ({
  browser,
  request,
}) => {
  const owner = await apiSignUp(request, 'Rahasia', uniqueEmail('pemilik-rahasia'));
  const api = new ApiAs(request, owner.token);
  const { farmId } = await apiFarm(api, 'Tambak Rahasia', ['Kolam 1']);
  const page = await (await newDevice(browser, { width: 1280, height: 800 })).newPage();
  await new AccountPages(page).signIn(owner);
  await page.goto(`/farm/${farmId}?home=farm`);
  await expect(page.getByRole('link', { name: 'Keuangan' }).first()).toBeVisible();

  await request.put(`/api/farm/${farmId}/update`, {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { is_hide_finance: true },
  });
  const hidden = await request.get(`/api/account?farm_id=${farmId}`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  expect(hidden.status()).toBe(404);
  // Refused, back to the owner's farm home: the attention board.
  await page.goto(`/farm/${farmId}/finance`);
  await expect(page).toHaveURL(new RegExp(`/farm/${farmId}/attention$`));
  await expect(page.getByRole('link', { name: 'Keuangan' })).toHaveCount(0);
  await page.goto(`/farm/${farmId}/finance/report`);
  await expect(page).toHaveURL(new RegExp(`/farm/${farmId}/attention$`));
});
