import { expect } from '@playwright/test';
import { AccountPages } from './pages/account-pages.ts';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';
import { newDevice } from './support/chromium.ts';
import { test } from './support/test.ts';

interface Item {
  product_id: string;
  product_name: string;
  qty: number;
  price: number;
}

test('a purchase order goes out whole in the WhatsApp link, and receiving it restocks at the price paid', async ({
  browser,
  request,
}) => {
  const manager = await apiSignUp(request, 'Pembeli');
  const api = new ApiAs(request, manager.token);
  const { farmId } = await apiFarm(api, 'Tambak Order', ['Kolam 1']);
  const phone = await newDevice(browser);
  // wa.me is outside this test's network: the test only reads the link WhatsApp would open.
  await phone.route('https://wa.me/**', (route) => route.fulfill({ status: 200, body: 'WhatsApp' }));
  const page = await phone.newPage();
  await new AccountPages(page).signIn(manager);
  await page.goto(`/farm/${farmId}/purchase-order`);
  await expect(page.getByRole('heading', { name: 'Pesanan pembelian' })).toBeVisible();

  await page.getByRole('button', { name: 'Pesanan baru' }).click();
  const form = page.getByTestId('po-form');
  // Saving an empty order says what is missing.
  await form.getByRole('button', { name: 'Simpan pesanan' }).click();
  await expect(form.getByText('Tambahkan minimal satu barang.')).toBeVisible();
  await form.getByLabel('Nama pemasok').fill('Toko Tani Makmur');
  await form.getByLabel('Nomor WhatsApp pemasok').fill('0812-3456-7890');
  await form.getByLabel('Catatan').fill('Antar hari Senin');
  for (const [search, name, qty] of [
    ['kapur pertanian', 'Kapur pertanian (kaptan, CaCO₃)', '12,5'],
    ['pelet 1,6', 'Pakan udang pelet 1,6 mm', '250'],
  ]) {
    await form.getByLabel('Cari produk').fill(search);
    await form.getByRole('button', { name: new RegExp(name.replace(/[()]/g, '\\$&')) }).click();
    await form.getByRole('button', { name: 'Tambah barang' }).click();
    await form.getByLabel('Jumlah').last().fill(qty);
  }
  await form.getByRole('button', { name: 'Simpan pesanan' }).click();
  const card = page.getByTestId('purchase-order').filter({ hasText: 'Toko Tani Makmur' });
  await expect(card).toContainText('Kapur pertanian (kaptan, CaCO₃): 12,5 Kg');
  await expect
    .poll(async () => (await api.get<unknown[]>(`/purchase-order?farm_id=${farmId}`)).length)
    .toBe(1);

  // Sending opens WhatsApp with the whole order written out.
  const popup = page.waitForEvent('popup');
  await card.getByRole('button', { name: 'Kirim lewat WhatsApp' }).click();
  const url = (await popup).url();
  expect(url.startsWith('https://wa.me/6281234567890?text=')).toBe(true);
  const text = decodeURIComponent(url.split('?text=')[1]);
  for (const line of [
    '*Pesanan Pembelian*',
    'Tambak: Tambak Order',
    'Kepada: Toko Tani Makmur',
    '1. Kapur pertanian (kaptan, CaCO₃): 12,5 Kg',
    '2. Pakan udang pelet 1,6 mm: 250 Kg',
    'Catatan: Antar hari Senin',
  ])
    expect(text).toContain(line);
  await expect(card).toContainText('Terkirim');

  // Goods arrive: the prices paid go in, the warehouse is restocked.
  await card.getByRole('button', { name: 'Terima barang' }).click();
  const receive = card.getByTestId('po-receive');
  await receive.getByLabel(/Kapur pertanian.*Harga per Kg/).fill('2600');
  await receive.getByLabel(/pelet 1,6 mm.*Harga per Kg/).fill('14500');
  await receive.getByRole('button', { name: 'Simpan penerimaan' }).click();
  await expect(card).toContainText('Diterima');
  let items: Item[] = [];
  await expect
    .poll(
      async () => {
        items = await api.get<Item[]>(`/warehouse?farm_id=${farmId}`);
        return items.length;
      },
      { timeout: 20_000 },
    )
    .toBe(2);
  expect(items.map((i) => [i.product_name, i.qty, i.price]).sort()).toEqual([
    ['Kapur pertanian (kaptan, CaCO₃)', 12.5, 2600],
    ['Pakan udang pelet 1,6 mm', 250, 14500],
  ]);
  await page.goto(`/farm/${farmId}/warehouse`);
  await expect(
    page.getByTestId('warehouse-item').filter({ hasText: 'Pakan udang pelet 1,6 mm' }),
  ).toContainText('250 Kg');
});
