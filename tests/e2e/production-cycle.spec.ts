import { expect } from '@playwright/test';
import { AccountPages } from './pages/account-pages.ts';
import { farmDayMinus, StockPages } from './pages/stock-pages.ts';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';
import { newDevice } from './support/chromium.ts';
import { test } from './support/test.ts';

interface Row {
  count?: number;
  type?: string;
  revenue?: number;
}

test('a cycle as a farm runs it: stock, deaths (one offline), a partial then a total harvest; the overview equals hand-computed figures', async ({
  browser,
  request,
}) => {
  const owner = await apiSignUp(request, 'Pemilik');
  const api = new ApiAs(request, owner.token);
  // Kolam 1: 2 500 m² = 0.25 ha.
  const { farmId, pondIds } = await apiFarm(api, 'Tambak Produksi', ['Kolam 1']);
  const pondId = pondIds['Kolam 1'];

  const phone = await newDevice(browser);
  const page = await phone.newPage();
  await new AccountPages(page).signIn(owner);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null);
  const stock = new StockPages(page);
  await stock.openPond(farmId, pondId);

  // Stocking 100 000 PL thirty days ago: density 100 000 / 2 500 m² = 40 per m².
  await stock.stock({ date: farmDayMinus(30), net: '105.000', actual: '100.000', source: 'Hatchery Anyer' });
  await expect(page.getByText('40 ekor/m²')).toBeVisible();
  // The stocking's own DOC (the cycle row below shows it too once the cycle has synced).
  await expect(page.locator('.production-stock__doc')).toHaveText('DOC 31');
  await expect.poll(async () => (await api.get<unknown[]>(`/stock?pond_id=${pondId}`)).length).toBe(1);
  const [stocked] = await api.get<{ stock_id: string; cycle_id: string }[]>(`/stock?pond_id=${pondId}`);

  // Deaths: 500 with signal, 300 at the pond without signal (kept, then delivered once).
  await stock.recordDeaths({ date: farmDayMinus(10), count: '500', weight: '1,5' });
  await phone.setOffline(true);
  await stock.recordDeaths({ date: farmDayMinus(5), count: '300' });
  await expect(page.getByText('300 ekor')).toBeVisible();
  await page.reload();
  await expect(page.getByText('300 ekor')).toBeVisible();
  await phone.setOffline(false);
  await expect
    .poll(async () =>
      (await api.get<Row[]>(`/death?stock_id=${stocked.stock_id}`)).map((d) => d.count).sort(),
    )
    .toEqual([300, 500]);
  await expect.poll(() => stock.outboxCount()).toBe(0);

  // Too many dead is refused on the phone, nothing saved.
  await page.getByRole('link', { name: 'Kematian', exact: true }).click();
  await page.getByLabel('Jumlah mati (ekor)').fill('99.500');
  await page.getByRole('button', { name: 'Simpan', exact: true }).click();
  await expect(page.getByText('Jumlah udang mati dan dipanen melebihi jumlah tebar.')).toBeVisible();
  await stock.openPond(farmId, pondId);

  // A partial harvest: 50 kg at size 100 = 5 000 shrimp, Rp 60 000/kg = Rp 3 000 000.
  await stock.harvest({ date: farmDayMinus(3), type: 'Parsial', weight: '50', size: '100', price: '60.000' });
  await expect(page.getByText('Rp 3.000.000').first()).toBeVisible();

  // Overview (desktop): population 100 000 − 800 − 5 000 = 94 200; SR (94 200 + 5 000 harvested
  // alive) / 100 000 = 99.2 %;
  // DOC 31; no sampling yet (ABW, ADG, size, biomass "–"); FCR "–" (no feed data);
  // productivity 50 kg / 0.25 ha = 200 kg/ha.
  await page.setViewportSize({ width: 1280, height: 800 });
  const cells = await stock.overviewRow(farmId, 'Kolam 1');
  expect(cells).toEqual(['31', '–', '–', '–', '94.200', '99,2', '–', '–', '200']);
  // The server's, once the phone has sent the harvest (it shows on the phone at once).
  type Overview = { ponds: { population: number; sr: number; productivity_kg_ha: number }[] };
  await expect
    .poll(async () => (await api.get<Overview>(`/overview?farm_id=${farmId}`)).ponds[0].productivity_kg_ha)
    .toBe(200);
  const server = await api.get<Overview>(`/overview?farm_id=${farmId}`);
  expect(server.ponds[0]).toMatchObject({ population: 94_200, productivity_kg_ha: 200 });
  expect(server.ponds[0].sr).toBeCloseTo(99.2);

  // Another device records 90 000 dead while this phone is offline; the phone's own
  // 5 000 then exceeds what is left (94 200 − 90 000 = 4 200): the server refuses it, the
  // record stays on the phone as failed with the reason, and is fixed there.
  await page.setViewportSize({ width: 360, height: 800 });
  await stock.openPond(farmId, pondId);
  await phone.setOffline(true);
  await api.post('/death', { stock_id: stocked.stock_id, died_on: farmDayMinus(2), count: 90_000 });
  await stock.recordDeaths({ date: farmDayMinus(1), count: '5.000' });
  await phone.setOffline(false);
  await expect(page.getByText('Jumlah udang mati dan dipanen melebihi jumlah tebar.')).toBeVisible({
    timeout: 30_000,
  });
  const failed = page.getByRole('listitem').filter({ hasText: 'Jumlah udang mati dan dipanen melebihi' });
  await failed.getByRole('link', { name: 'Ubah' }).click();
  await page.getByLabel('Jumlah mati (ekor)').fill('4.000');
  await page.getByRole('button', { name: 'Simpan', exact: true }).click();
  await expect(page).toHaveURL(/\/pond\//);
  await expect
    .poll(async () =>
      (await api.get<Row[]>(`/death?stock_id=${stocked.stock_id}`))
        .map((d) => d.count)
        .sort((a, b) => (a ?? 0) - (b ?? 0)),
    )
    .toEqual([300, 500, 4_000, 90_000]);

  // The total harvest takes the last 200 shrimp (2 kg at size 100) and closes the stocking and its cycle.
  await stock.harvest({ date: farmDayMinus(0), type: 'Total', weight: '2', size: '100', price: '70.000' });
  await expect(page.getByText('Sudah panen total')).toBeVisible();
  await expect
    .poll(async () => (await api.get<{ is_harvest: boolean }[]>(`/stock?pond_id=${pondId}`))[0].is_harvest)
    .toBe(true);
  const cycle = await api.get<{ end_date: string }[]>(`/cycle?cycle_id=${stocked.cycle_id}`);
  expect(cycle[0].end_date).toBe(farmDayMinus(0));
  const harvests = await api.get<Row[]>(`/harvest?stock_id=${stocked.stock_id}`);
  expect(harvests.map((h) => h.revenue).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([140_000, 3_000_000]);
  // No active stocking left: the overview is empty.
  await page.goto(`/farm/${farmId}/overview`);
  await expect(page.getByText('Belum ada kolam dengan tebar aktif.')).toBeVisible();
});
