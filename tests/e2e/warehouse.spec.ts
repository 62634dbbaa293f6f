import { expect } from '@playwright/test';
import { AccountPages } from './pages/account-pages.ts';
import { WarehousePages } from './pages/warehouse-pages.ts';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';
import { newDevice } from './support/chromium.ts';
import { test } from './support/test.ts';

interface Item {
  warehouse_id: string;
  qty: number;
  stock_state: string;
}
interface Move {
  id: string;
  kind: string;
  qty: number;
  pond_id: string | null;
  value: number;
}

/** The starter catalogue's first feed (migration 0016): "Pakan udang crumble #0 (0,3–0,5 mm)". */
const CRUMBLE = '01930000-0000-7000-8000-000000000001';
const CRUMBLE_NAME = 'Pakan udang crumble #0';

test('feed recorded offline on two phones is kept even beyond the stock, which goes negative and is flagged', async ({
  browser,
  request,
}) => {
  const manager = await apiSignUp(request, 'Gudang');
  const api = new ApiAs(request, manager.token);
  const { farmId, pondIds } = await apiFarm(api, 'Tambak Gudang', ['Kolam 1', 'Kolam 2']);
  const item = await api.post<Item>('/warehouse', { farm_id: farmId, product_id: CRUMBLE, minimum_stock: 2 });

  // On the phone, with signal: restock 10 kg at Rp 15.000 per kg.
  const phone = await newDevice(browser);
  const page = await phone.newPage();
  await new AccountPages(page).signIn(manager);
  const wh = new WarehousePages(page);
  await wh.waitForServiceWorker();
  await wh.openWarehouse(farmId);
  await wh.openItem(CRUMBLE_NAME);
  await wh.restock('10', '15000');
  await expect.poll(async () => (await api.get<Item[]>(`/warehouse?farm_id=${farmId}`))[0].qty).toBe(10);
  await expect(wh.stock()).toContainText('10 Kg');

  // At the ponds, no signal: feed for two ponds in one entry.
  await page.goto(`/farm/${farmId}/feed/add`);
  await expect(page.getByRole('heading', { name: 'Input pakan' })).toBeVisible();
  await phone.setOffline(true);
  await wh.recordFeed(farmId, CRUMBLE_NAME, { 'Kolam 1': '4', 'Kolam 2': '3,5' });
  await wh.backToWarehouse();
  await expect(wh.item(CRUMBLE_NAME)).toContainText('2,5 Kg');

  // Signal again: both uses reach the server once; stock, history and usage cost agree.
  await phone.setOffline(false);
  let moves: Move[] = [];
  await expect
    .poll(
      async () => {
        moves = await api.get<Move[]>(`/warehouse/history?farm_id=${farmId}&kind=use`);
        return moves.length;
      },
      { timeout: 30_000 },
    )
    .toBe(2);
  expect(moves.map((m) => [m.pond_id, m.qty, m.value]).sort()).toEqual(
    [
      [pondIds['Kolam 1'], 4, 60000],
      [pondIds['Kolam 2'], 3.5, 52500],
    ].sort(),
  );
  expect((await api.get<Item[]>(`/warehouse?farm_id=${farmId}`))[0]).toMatchObject({
    qty: 2.5,
    stock_state: 'ok',
  });
  await wh.openWarehouse(farmId);
  await wh.openItem(CRUMBLE_NAME);
  await expect(wh.stock()).toContainText('2,5 Kg');
  await expect(page.getByTestId('item-usage-cost')).toHaveText('Rp 112.500');
  await expect(page.getByTestId('movement').filter({ hasText: 'Pemakaian' })).toHaveCount(2);

  // A second phone (its own storage) and the first both feed offline: 2 + 1,5 kg > 2,5 kg in stock.
  const second = await newDevice(browser);
  const page2 = await second.newPage();
  await new AccountPages(page2).signIn(manager);
  const wh2 = new WarehousePages(page2);
  await wh2.waitForServiceWorker();
  await wh2.openWarehouse(farmId);
  await expect(wh2.item(CRUMBLE_NAME)).toContainText('2,5 Kg');
  await page2.goto(`/farm/${farmId}/feed/add`);
  await expect(page2.getByRole('heading', { name: 'Input pakan' })).toBeVisible();
  await page.goto(`/farm/${farmId}/feed/add`);
  await expect(page.getByRole('heading', { name: 'Input pakan' })).toBeVisible();
  await phone.setOffline(true);
  await second.setOffline(true);
  await wh.recordFeed(farmId, CRUMBLE_NAME, { 'Kolam 1': '2' }, '10:00');
  await wh2.recordFeed(farmId, CRUMBLE_NAME, { 'Kolam 2': '1,5' }, '10:00');
  await phone.setOffline(false);
  await second.setOffline(false);
  await expect
    .poll(async () => (await api.get<Move[]>(`/warehouse/history?farm_id=${farmId}&kind=use`)).length, {
      timeout: 30_000,
    })
    .toBe(4);
  expect((await api.get<Item[]>(`/warehouse?farm_id=${farmId}`))[0]).toMatchObject({
    qty: -1,
    stock_state: 'negative',
  });

  // Both uses are kept and shown; the item is flagged and listed first.
  await wh.openWarehouse(farmId);
  await expect(page.getByTestId('warehouse-attention').getByTestId('warehouse-item')).toContainText(
    'Stok minus',
  );
  await expect(page.getByTestId('warehouse-attention')).toContainText('-1 Kg');
  await wh.openItem(CRUMBLE_NAME);
  await expect(page.getByTestId('movement').filter({ hasText: 'Pemakaian' })).toHaveCount(4);
  await expect(page.getByText('Pemakaian yang dicatat melebihi stok')).toBeVisible();
  expect(item.warehouse_id).toBeTruthy();
});
