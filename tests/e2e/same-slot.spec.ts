import { expect, type Page } from '@playwright/test';
import { WaterPages } from './pages/water-pages.ts';
import { ApiAs, type ApiUser, apiFarm, apiSignUp } from './support/api-setup.ts';
import { newDevice } from './support/chromium.ts';
import { test } from './support/test.ts';

interface Reading {
  id: string;
  ph: number;
  do: number;
}
/** What the spec reads of GET /api/attention's items. */
interface AttentionItem {
  kind: string;
  subject: string;
  figures: Record<string, unknown>;
  link: string;
}

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screens';

/**
 * Issue 29 point 6 (ADR 0063): the owner and a keeper each record Kolam A2 in the same
 * slot on their phones without signal. After both sync, both phones and the owner's
 * attention board show the double; the owner merges per parameter on her phone; the
 * server and the keeper's phone then hold the one merged reading and the flag is gone.
 */
test('two phones record one pond and slot offline; the double shows on both and a merge resolves it', async ({
  browser,
  request,
}) => {
  const owner = await apiSignUp(request, 'Sari');
  const keeper = await apiSignUp(request, 'Budi');
  const ownerApi = new ApiAs(request, owner.token);
  const { farmId, pondIds } = await apiFarm(ownerApi, 'Tambak Dua HP', ['Kolam A2']);
  const pondId = pondIds['Kolam A2'];
  const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
  await ownerApi.post('/cycle', { pond_id: pondId, start_date: today });
  await ownerApi.post('/userFarm', {
    farm_id: farmId,
    email: keeper.email,
    role_id: 3,
    ponds: [{ pond_id: pondId, access_level: 1 }],
  });

  // Both open the entry screen with signal (the pond reaches the phones), then lose it.
  const ownerPhone = await newDevice(browser);
  const keeperPhone = await newDevice(browser);
  const ownerPage = await openEntry(ownerPhone.newPage(), request, owner, farmId, 'en');
  const keeperPage = await openEntry(keeperPhone.newPage(), request, keeper, farmId, 'id');
  await ownerPhone.setOffline(true);
  await keeperPhone.setOffline(true);
  await record(ownerPage, { pH: '7.8', DO: '5.2' }, 'en');
  await record(keeperPage, { pH: '7.9', DO: '4.8' }, 'id');

  // Signal returns: both phones send their reading; the server stores both.
  await ownerPhone.setOffline(false);
  await keeperPhone.setOffline(false);
  await expect
    .poll(async () => (await ownerApi.get<Reading[]>(`/water/general?farm_id=${farmId}`)).length, {
      timeout: 20_000,
    })
    .toBe(2);

  // The manager's board names it, with the way to resolve it.
  const board = await ownerApi.get<{ items: AttentionItem[] }>(`/attention?farm_id=${farmId}`);
  expect(board.items.filter((i) => i.kind === 'same_slot')).toMatchObject([
    { subject: 'Kolam A2', figures: { count: 2, reading: 'general' }, link: expect.stringContaining(pondId) },
  ]);

  // Each phone pulls the other's reading and shows the double, offline-readable from its mirror:
  // the keeper's Today points to it, one tap opens the choice.
  await keeperPage.goto(`/farm/${farmId}/today`);
  const notice = keeperPage.getByRole('region', { name: 'Data air tercatat dua kali' });
  await expect(notice).toBeVisible();
  await notice.screenshot({ path: `${SHOTS}/same-slot-today-id-360.png` });
  await notice.getByRole('link', { name: /^Kolam A2: pagi|^Kolam A2: siang|^Kolam A2: malam/ }).click();
  await expect(keeperPage).toHaveURL(new RegExp(`/water-quality/add\\?pond_id=${pondId}$`));
  const keeperPanel = keeperPage.getByRole('region', { name: 'Tercatat dua kali' });
  await expect(keeperPanel.getByRole('article')).toHaveCount(1);
  await expect(keeperPanel).toContainText('7,8');
  await expect(keeperPanel).toContainText('7,9');
  await keeperPanel.screenshot({ path: `${SHOTS}/same-slot-id-360.png` });
  await ownerPage.reload();
  const ownerPanel = ownerPage.getByRole('region', { name: 'Recorded twice' });
  await expect(ownerPanel.getByRole('article')).toHaveCount(1);
  await ownerPanel.screenshot({ path: `${SHOTS}/same-slot-en-360.png` });

  // The owner merges: pH from the keeper's reading, DO from her own.
  await ownerPanel.getByRole('button', { name: 'Merge per parameter' }).click();
  const merge = ownerPage.getByRole('dialog', { name: 'Merge per parameter' });
  await merge.getByRole('group', { name: 'pH' }).getByRole('radio', { name: /7\.9/ }).check();
  await merge.getByRole('group', { name: 'DO' }).getByRole('radio', { name: /5\.2/ }).check();
  await ownerPage.screenshot({ path: `${SHOTS}/same-slot-merge-en-360.png` });
  await merge.getByRole('button', { name: 'Save merged reading' }).click();
  await expect(ownerPanel).toBeHidden();

  // The server holds one reading with the chosen values, and the board no longer flags it.
  await expect
    .poll(
      async () =>
        (await ownerApi.get<Reading[]>(`/water/general?farm_id=${farmId}`)).map((r) => [r.ph, r.do]),
      {
        timeout: 20_000,
      },
    )
    .toEqual([[7.9, 5.2]]);
  const after = await ownerApi.get<{ items: AttentionItem[] }>(`/attention?farm_id=${farmId}`);
  expect(after.items.filter((i) => i.kind === 'same_slot')).toEqual([]);

  // The keeper's phone pulls the result: one reading, the merged one, and no flag.
  await keeperPage.reload();
  await expect(keeperPage.getByRole('heading', { level: 1 })).toBeVisible();
  const keeperWater = new WaterPages(keeperPage);
  await expect
    .poll(async () => (await keeperWater.storedReadings()).map((r) => [r.ph, r.do]), { timeout: 15_000 })
    .toEqual([[7.9, 5.2]]);
  await expect(keeperPage.getByRole('region', { name: 'Tercatat dua kali' })).toHaveCount(0);
  await ownerPhone.close();
  await keeperPhone.close();
});

/** Signs the user in on this phone (session stored as the app stores it) and opens the farm's water entry. */
async function openEntry(
  pending: Promise<Page>,
  request: Parameters<typeof apiSignUp>[0],
  user: ApiUser,
  farmId: string,
  lang: 'id' | 'en',
): Promise<Page> {
  const page = await pending;
  const me = await new ApiAs(request, user.token).get('/user');
  await page.addInitScript(
    ([language, token, stored]) => {
      localStorage.setItem('tambak:language', language as string);
      localStorage.setItem('tambak:session', JSON.stringify({ token, user: stored }));
    },
    [lang, user.token, me] as const,
  );
  await page.goto(`/farm/${farmId}/water-quality/add`);
  await expect(page.getByRole('region', { name: 'Kolam A2', exact: true })).toBeVisible({ timeout: 15_000 });
  await new WaterPages(page).waitForServiceWorker();
  return page;
}

/** Enters one pond's reading and saves it (partly filled: the empty boxes are "not measured"). */
async function record(page: Page, values: Record<string, string>, lang: 'id' | 'en'): Promise<void> {
  await new WaterPages(page).enter('Kolam A2', values);
  await page.getByRole('button', { name: lang === 'id' ? 'Simpan 1 kolam' : 'Save 1 pond' }).click();
  const partial = page.getByRole('dialog', {
    name: lang === 'id' ? 'Simpan sebagian?' : 'Save partly filled?',
  });
  await partial
    .getByRole('button', { name: lang === 'id' ? 'Simpan sebagian' : 'Save partly filled' })
    .click();
  await expect(
    page
      .locator('main')
      .getByText(lang === 'id' ? /^1 catatan tersimpan di ponsel/ : /^1 record saved on this phone/),
  ).toBeVisible();
}
