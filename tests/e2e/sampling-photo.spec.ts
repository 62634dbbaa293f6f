import { expect } from '@playwright/test';
import { AccountPages } from './pages/account-pages.ts';
import { SamplingPages } from './pages/sampling-pages.ts';
import { WaterPages } from './pages/water-pages.ts';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';
import { BackgroundSync, newDevice } from './support/chromium.ts';
import { test } from './support/test.ts';
import { testJpeg } from './support/test-photo.ts';

interface SamplingRow {
  id: string;
  pond_id: string;
  shrimp_count: number;
  sample_weight: number;
}
interface PhotoRow {
  id: string;
  record_id: string;
  url: string;
  width: number;
  height: number;
}

/** A 2400×1800 JPEG, like a phone camera's (the device must shrink it to 1600 px). */
const cameraPhoto = () => testJpeg(2400, 1800, 0, 85);

const daysAgo = (n: number) =>
  new Date(Date.now() + 7 * 3_600_000 - n * 86_400_000).toISOString().slice(0, 10);

test('a sampling of two ponds with a photo, saved offline, reloaded offline, synced once', async ({
  browser,
  request,
}) => {
  const owner = await apiSignUp(request, 'Pemilik');
  const api = new ApiAs(request, owner.token);
  const { farmId, pondIds } = await apiFarm(api, 'Tambak Sampling', ['Kolam 1', 'Kolam 2', 'Kolam 3']);
  for (const pond of ['Kolam 1', 'Kolam 2'])
    await api.post('/cycle', { pond_id: pondIds[pond], start_date: daysAgo(30) });
  // An earlier sampling of Kolam 1, a week ago: ABW 8 g (the ADG is worked out against it).
  await api.post('/sampling/bulk', {
    items: [
      {
        id: '01950000-0000-7000-8000-00000000e2e1',
        pond_id: pondIds['Kolam 1'],
        sampled_on: daysAgo(7),
        shrimp_count: 50,
        sample_weight: 400,
      },
    ],
  });

  const phone = await newDevice(browser);
  const page = await phone.newPage();
  const account = new AccountPages(page);
  await account.signIn(owner);
  await expect(page).toHaveURL(new RegExp(`/farm/${farmId}/attention$`));
  const water = new WaterPages(page);
  await water.waitForServiceWorker();
  const sampling = new SamplingPages(page);
  await sampling.openEntry(farmId);
  await expect(sampling.card('Kolam 2')).toBeVisible();
  // Kolam 3 has no cycle: no card, named below.
  await expect(sampling.card('Kolam 3')).toHaveCount(0);
  await expect(sampling.card('Kolam 1').getByText(/Sampling sebelumnya/)).toBeVisible();

  // At the ponds there is no signal.
  await phone.setOffline(true);
  await sampling.enter('Kolam 1', {
    'Jumlah udang Kolam 1': '50',
    'Berat sampel Kolam 1': '505',
    'Keropos Kolam 1': '2',
  });
  // ABW, size and ADG as he types: 10,1 g, 99 ekor/kg, (10,1 − 8) / 7 = 0,3 g/hari.
  const figures = sampling.card('Kolam 1').locator('.sampling-figures');
  await expect(figures).toContainText('10,1 g');
  await expect(figures).toContainText('99 ekor/kg');
  await expect(figures).toContainText('0,3 g/hari');
  await sampling.takePhoto('Kolam 1', await cameraPhoto());
  await sampling.enter('Kolam 2', { 'Jumlah udang Kolam 2': '40', 'Berat sampel Kolam 2': '300' });
  await sampling.save(2);

  // A reload with no signal: the photo is still there, shown from the phone's copy.
  await page.goto(`/farm/${farmId}/pond/${pondIds['Kolam 1']}`);
  await page.reload();
  await expect(sampling.listPhotos()).toHaveCount(1);
  await expect(sampling.listPhotos().first()).toHaveAttribute('data-source', 'device');
  await expect(page.locator('[data-photo-status="pending"]')).toBeVisible();

  // The page already handed the entry, photo included, to the service worker.
  await expect.poll(() => water.outboxStatuses()).toEqual(['in-worker', 'in-worker', 'in-worker']);

  // He closes the app; signal comes back with no page open: the worker uploads.
  const sync = await BackgroundSync.attach(phone);
  await page.close();
  await phone.setOffline(false);
  let photos: PhotoRow[] = [];
  let samplings: SamplingRow[] = [];
  await expect
    .poll(
      async () => {
        samplings = await api.get<SamplingRow[]>(`/sampling?farm_id=${farmId}`);
        photos = await api.get<PhotoRow[]>(`/photos?farm_id=${farmId}`);
        if (photos.length === 0) await sync.fire('tambak-outbox');
        return [samplings.length, photos.length];
      },
      { timeout: 45_000 },
    )
    .toEqual([3, 1]);
  const mine = samplings.find((s) => s.pond_id === pondIds['Kolam 1'] && s.sample_weight === 505);
  expect(mine).toMatchObject({ shrimp_count: 50 });
  expect(photos[0]).toMatchObject({ record_id: mine?.id, width: 1600, height: 1200 });
  expect(samplings.filter((s) => s.pond_id === pondIds['Kolam 2'])).toHaveLength(1);

  // Opened again, the record shows the photo from the server.
  const again = await phone.newPage();
  const list = new SamplingPages(again);
  await again.goto(`/farm/${farmId}/pond/${pondIds['Kolam 1']}`);
  await expect(list.listPhotos().first()).toHaveAttribute('data-source', 'server', { timeout: 20_000 });
  // Below 950 px wide the list shows the server's small copy of the same file (issue 30).
  await expect(list.listPhotos().first()).toHaveAttribute('src', `${photos[0].url}?size=small`);
  const loaded = await list
    .listPhotos()
    .first()
    .evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth));
  // The stored photo is 1600 px wide (above); a phone below 950 px is shown the 320 px copy.
  expect(loaded).toBe(320);
  // Still exactly one photo after everything settled.
  expect(await api.get<PhotoRow[]>(`/photos?farm_id=${farmId}`)).toHaveLength(1);
});
