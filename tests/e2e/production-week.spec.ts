import { expect } from '@playwright/test';
import { AccountPages } from './pages/account-pages.ts';
import { RecordsPages } from './pages/records-pages.ts';
import { SamplingPages } from './pages/sampling-pages.ts';
import { farmDayMinus, StockPages } from './pages/stock-pages.ts';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';
import { BackgroundSync, newDevice } from './support/chromium.ts';
import { test } from './support/test.ts';

interface Sampled {
  id: string;
  sampled_on: string;
  sample_weight: number;
}

/** A week of growth: 100 shrimp weighed each day, 8,0 g on day −7 to 9,2 g on day −1. */
const WEEK = [7, 6, 5, 4, 3, 2, 1].map((daysAgo, i) => ({ daysAgo, grams: String(800 + 20 * i) }));

test('a cycle as a farm runs it: stock, a week of sampling, anco, deaths, a water change and a note (part offline, synced with the app closed), a partial then a total harvest; the overview equals hand-computed figures', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = await apiSignUp(request, 'Pemilik');
  const api = new ApiAs(request, owner.token);
  // Kolam 1: 2 500 m² = 0.25 ha.
  const { farmId, pondIds } = await apiFarm(api, 'Tambak Sepekan', ['Kolam 1']);
  const pondId = pondIds['Kolam 1'];

  const phone = await newDevice(browser);
  let page = await phone.newPage();
  await new AccountPages(page).signIn(owner);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null);
  let stock = new StockPages(page);
  await stock.openPond(farmId, pondId);

  // Stocking 100 000 PL thirty days ago.
  await stock.stock({ date: farmDayMinus(30), net: '105.000', actual: '100.000', source: 'Hatchery Anyer' });
  // The stocking's own DOC (the cycle row below shows it too once the cycle has synced).
  await expect(page.locator('.production-stock__doc')).toHaveText('DOC 31');
  await expect.poll(async () => (await api.get<unknown[]>(`/stock?pond_id=${pondId}`)).length).toBe(1);
  const [stocked] = await api.get<{ stock_id: string }[]>(`/stock?pond_id=${pondId}`);

  // 500 dead ten days ago.
  await stock.recordDeaths({ date: farmDayMinus(10), count: '500', weight: '1,5' });

  // Sampling every day of the last week; the first five with signal.
  let sampling = new SamplingPages(page);
  const sample = async (day: { daysAgo: number; grams: string }) => {
    await sampling.openEntry(farmId);
    await page.getByLabel('Tanggal sampling').fill(farmDayMinus(day.daysAgo));
    await sampling.enter('Kolam 1', { 'Jumlah udang Kolam 1': '100', 'Berat sampel Kolam 1': day.grams });
    await sampling.save(1);
  };
  for (const day of WEEK.slice(0, 5)) await sample(day);
  await expect
    .poll(async () => (await api.get<Sampled[]>(`/sampling?farm_id=${farmId}&pond_id=${pondId}`)).length)
    .toBe(5);

  // Feed trays this morning: all four empty.
  let records = new RecordsPages(page, farmId);
  await records.openAnco();
  await records.tapTrays('Kolam 1', ['Habis', 'Habis', 'Habis', 'Habis']);
  await records.saveAnco(1);

  // Everything so far has reached the server before the signal goes.
  await expect.poll(() => stock.outboxCount()).toBe(0);

  // At the pond, no signal: the last two samplings, a water change and a note.
  await phone.setOffline(true);
  for (const day of WEEK.slice(5)) await sample(day);
  await records.openWaterChange();
  await records.enterWaterChange('Kolam 1', '20');
  await records.saveWaterChange(1);
  await records.openNotes();
  await records.addNote('Air keruh', 'air, plankton', 'Warna air coklat setelah hujan.');
  // The page handed the four records to the service worker.
  await expect
    .poll(async () => (await records.outboxStatuses()).filter((s) => s === 'in-worker').length)
    .toBe(4);

  // He closes the app; signal comes back with no page open: the worker delivers them.
  const sync = await BackgroundSync.attach(phone);
  await page.close();
  await phone.setOffline(false);
  await expect
    .poll(
      async () => {
        const [samplings, changes, notes] = await Promise.all([
          api.get<Sampled[]>(`/sampling?farm_id=${farmId}&pond_id=${pondId}`),
          api.get<unknown[]>(`/waterChange?farm_id=${farmId}`),
          api.get<unknown[]>(`/note?farm_id=${farmId}`),
        ]);
        const delivered = samplings.length === 7 && changes.length === 1 && notes.length === 1;
        if (!delivered) await sync.fire('tambak-outbox');
        return [samplings.length, changes.length, notes.length];
      },
      { timeout: 30_000 },
    )
    .toEqual([7, 1, 1]);
  // Each stored once, with the weight typed on its day.
  const samplings = await api.get<Sampled[]>(`/sampling?farm_id=${farmId}&pond_id=${pondId}`);
  expect(new Set(samplings.map((s) => s.id)).size).toBe(7);
  expect(samplings.map((s) => [s.sampled_on, s.sample_weight]).sort()).toEqual(
    WEEK.map((d) => [farmDayMinus(d.daysAgo), Number(d.grams)]).sort(),
  );
  const ancos = await api.get<unknown[]>(`/anco?farm_id=${farmId}`);
  expect(ancos).toHaveLength(1);

  // Back in the app: nothing waits, and a partial harvest: 50 kg at size 100 = 5 000
  // shrimp, Rp 60 000/kg = Rp 3 000 000.
  page = await phone.newPage();
  stock = new StockPages(page);
  records = new RecordsPages(page, farmId);
  sampling = new SamplingPages(page);
  await stock.openPond(farmId, pondId);
  await expect.poll(() => stock.outboxCount()).toBe(0);
  await stock.harvest({ date: farmDayMinus(0), type: 'Parsial', weight: '50', size: '100', price: '60.000' });
  await expect(page.getByText('Rp 3.000.000').first()).toBeVisible();
  await expect
    .poll(async () => (await api.get<unknown[]>(`/harvest?stock_id=${stocked.stock_id}`)).length)
    .toBe(1);

  // Overview, by hand from DOMAIN.md:
  //   DOC = 30 days + 1 = 31; ABW = 920 g / 100 = 9,2 g; ADG = (9,2 − 9,0) / 1 day = 0,2 g/day;
  //   size = 1000 / 9,2 = 108,7 → 109 /kg; population = 100 000 − 500 − 5 000 = 94 500;
  //   SR = (94 500 + 5 000 harvested alive) / 100 000 = 99,5 %; biomass = 94 500 × 9,2 / 1000 = 869,4 kg;
  //   FCR "–" (no feed used); productivity = 50 kg / 0,25 ha = 200 kg/ha.
  await page.setViewportSize({ width: 1280, height: 800 });
  const cells = await stock.overviewRow(farmId, 'Kolam 1');
  expect(cells).toEqual(['31', '9,2', '0,2', '109', '94.500', '99,5', '869,4', '–', '200']);
  const server = await api.get<{
    ponds: { abw: number; adg: number; population: number; sr: number; biomass_kg: number }[];
  }>(`/overview?farm_id=${farmId}`);
  expect(server.ponds[0]).toMatchObject({ population: 94_500 });
  expect(server.ponds[0].abw).toBeCloseTo(9.2);
  expect(server.ponds[0].adg).toBeCloseTo(0.2);
  expect(server.ponds[0].sr).toBeCloseTo(99.5);
  expect(server.ponds[0].biomass_kg).toBeCloseTo(869.4);

  // The total harvest closes the stocking and its cycle; the overview has no active pond left.
  await page.setViewportSize({ width: 360, height: 800 });
  await stock.openPond(farmId, pondId);
  await stock.harvest({ date: farmDayMinus(0), type: 'Total', weight: '850', size: '110', price: '65.000' });
  await expect(page.getByText('Sudah panen total')).toBeVisible();
  await expect
    .poll(async () => (await api.get<{ is_harvest: boolean }[]>(`/stock?pond_id=${pondId}`))[0].is_harvest)
    .toBe(true);
  await page.goto(`/farm/${farmId}/overview`);
  await expect(page.getByText('Belum ada kolam dengan tebar aktif.')).toBeVisible();
  await phone.close();
});
