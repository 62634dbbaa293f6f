import { expect } from '@playwright/test';
import { isPushPayload } from '../../src/shared/contracts/push.ts';
import { AccountPages } from './pages/account-pages.ts';
import { TodayPages } from './pages/today-pages.ts';
import { WaterPages } from './pages/water-pages.ts';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';
import { BackgroundSync, newDevice } from './support/chromium.ts';
import { uniqueEmail } from './support/dev-outbox.ts';
import { PushService } from './support/push-service.ts';
import { test } from './support/test.ts';

type Shown = { title: string; body: string; url: string | undefined };
type Note = {
  kind: string;
  title: string;
  body: string;
  url: string;
  occurred_at: string;
  read_at: string | null;
};

const push = new PushService();
test.beforeAll(() => push.start());
test.afterAll(() => push.stop());

/** Wall date and time in WIB (the devices' zone) of an instant. */
const wib = (ms: number) => {
  const iso = new Date(ms + 7 * 3_600_000).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
};

test('a low DO entered offline and synced an hour later alerts the manager once, by push and in the list, and not a member without that pond', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await apiSignUp(request, 'Pemilik');
  const ownerApi = new ApiAs(request, owner.token);
  const { farmId, pondIds } = await apiFarm(ownerApi, 'Tambak Alarm', ['Kolam 1', 'Kolam 2']);
  const manager = await apiSignUp(request, 'Manajer');
  const other = await apiSignUp(request, 'Teknisi Lain', uniqueEmail('lain'));
  const keeper = await apiSignUp(request, 'Pak Teknisi', uniqueEmail('teknisi'));
  await ownerApi.post('/userFarm', { farm_id: farmId, email: manager.email, role_id: 2, ponds: [] });
  await ownerApi.post('/userFarm', {
    farm_id: farmId,
    email: other.email,
    role_id: 3,
    ponds: [{ pond_id: pondIds['Kolam 2'], access_level: 1 }],
  });
  await ownerApi.post('/userFarm', {
    farm_id: farmId,
    email: keeper.email,
    role_id: 3,
    ponds: [{ pond_id: pondIds['Kolam 1'], access_level: 1 }],
  });
  // The manager's and the other member's browsers are subscribed (the stand-in push service's endpoints).
  const managerApi = new ApiAs(request, manager.token);
  const otherApi = new ApiAs(request, other.token);
  const managerSub = push.subscription('manager');
  const otherSub = push.subscription('other');
  await managerApi.post('/push/subscriptions', { endpoint: managerSub.endpoint, keys: managerSub.keys });
  await otherApi.post('/push/subscriptions', { endpoint: otherSub.endpoint, keys: otherSub.keys });

  // The manager's desktop, signed in, with the app's service worker recording what it shows.
  const desk = await newDevice(browser, { width: 1280, height: 800 });
  const deskPage = await desk.newPage();
  await new AccountPages(deskPage).signIn(manager);
  await expect(deskPage).toHaveURL(new RegExp(`/farm/${farmId}/attention$`));
  await new WaterPages(deskPage).waitForServiceWorker();
  const deskWorker = await BackgroundSync.attach(desk);
  const worker = desk.serviceWorkers()[0];
  await worker.evaluate(() => {
    type Show = (title: string, options?: NotificationOptions) => Promise<void>;
    const scope = self as unknown as { registration: { showNotification: Show }; __shown: Shown[] };
    scope.__shown = [];
    const real = scope.registration.showNotification.bind(scope.registration);
    scope.registration.showNotification = (title: string, options?: NotificationOptions) => {
      const url = (options?.data as { url?: string } | undefined)?.url;
      scope.__shown.push({ title, body: options?.body ?? '', url });
      return real(title, options);
    };
  });
  const shown = () => worker.evaluate(() => (self as unknown as { __shown: Shown[] }).__shown);

  // At the pond, without signal, the keeper enters a reading taken an hour ago: DO 3.1 is below 4.
  const phone = await newDevice(browser);
  const page = await phone.newPage();
  await new AccountPages(page).signIn(keeper);
  const water = new WaterPages(page);
  // A keeper's farm opens on his Today list (issue 31).
  await expect(page).toHaveURL(new RegExp(`/farm/${farmId}/today$`), { timeout: 30_000 });
  await new TodayPages(page, farmId).ready();
  await water.waitForServiceWorker();
  await phone.setOffline(true);
  await water.openEntryFromFarmHome();
  const taken = Date.now() - 3_600_000;
  const when = wib(taken);
  await page.getByLabel('Tanggal', { exact: true }).fill(when.date);
  await page.getByLabel('Jam', { exact: true }).fill(when.time);
  await water.enter('Kolam 1', { pH: '8.0', DO: '3.1' });
  await water.save(1, { partial: true });

  // An hour later (the reading keeps its time) signal returns and the phone sends it.
  const phoneSync = await BackgroundSync.attach(phone);
  await phone.setOffline(false);
  await expect
    .poll(
      async () => {
        const readings = await managerApi.get<unknown[]>(`/water/general?farm_id=${farmId}`);
        if (readings.length === 0) await phoneSync.fire('tambak-outbox');
        return readings.length;
      },
      { timeout: 30_000 },
    )
    .toBe(1);

  // The server pushed once to the manager's browser, none to the member without Kolam 1.
  await expect.poll(() => push.received(managerSub.path).length, { timeout: 15_000 }).toBe(1);
  const [payload] = push.received(managerSub.path);
  const parsed = JSON.parse(payload);
  expect(isPushPayload(parsed)).toBe(true);
  expect(parsed).toMatchObject({
    title: 'Kualitas air di luar standar',
    body: 'Kolam 1: DO 3,1 mg/L di bawah standar (min 4 mg/L)',
    url: `/farm/${farmId}/pond/${pondIds['Kolam 1']}`,
  });
  expect(push.received(otherSub.path)).toEqual([]);

  // Delivered to the manager's service worker, it shows the notification that opens the pond.
  await deskWorker.push(payload);
  await expect.poll(shown).toEqual([
    {
      title: 'Kualitas air di luar standar',
      body: 'Kolam 1: DO 3,1 mg/L di bawah standar (min 4 mg/L)',
      url: `/farm/${farmId}/pond/${pondIds['Kolam 1']}`,
    },
  ]);

  // Stored once, dated when it was measured; nothing for the other member.
  const waterNotes = async () =>
    (await managerApi.get<Note[]>('/notifications')).filter((n) => n.kind === 'water');
  const notes = await waterNotes();
  expect(notes).toHaveLength(1);
  expect(Math.abs(Date.parse(notes[0].occurred_at) - taken)).toBeLessThan(60_000);
  expect((await otherApi.get<Note[]>('/notifications')).filter((n) => n.kind === 'water')).toEqual([]);

  // The manager's list shows it, the bell counts it with the invitation to the farm;
  // opening it marks it read and opens the pond.
  await deskPage.goto('/notifications');
  const item = deskPage.getByRole('button', { name: /Kolam 1: DO 3,1 mg\/L di bawah standar/ });
  await expect(item).toHaveCount(1);
  await expect(deskPage.getByRole('link', { name: 'Notifikasi, 2 belum dibaca' })).toBeVisible();
  await item.click();
  await expect(deskPage).toHaveURL(new RegExp(`/farm/${farmId}/pond/${pondIds['Kolam 1']}$`));
  await expect(deskPage.getByRole('link', { name: 'Notifikasi, 1 belum dibaca' })).toBeVisible();
  await expect.poll(async () => (await waterNotes())[0].read_at !== null, { timeout: 15_000 }).toBe(true);
});
