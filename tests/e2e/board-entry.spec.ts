import { expect } from '@playwright/test';
import { AccountPages } from './pages/account-pages.ts';
import { AttentionPages } from './pages/attention-pages.ts';
import { WaterPages } from './pages/water-pages.ts';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';
import { newDevice } from './support/chromium.ts';
import { test } from './support/test.ts';

/** Yesterday at 22:00 WIB (the devices' zone), as an instant. */
const yesterdayEvening = () => {
  const wibToday = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
  return new Date(Date.parse(`${wibToday}T22:00:00+07:00`) - 86_400_000).toISOString();
};

test("the manager works down the board: a pond's entry opened from it saves and comes back to it, the pond's item gone", async ({
  browser,
  request,
}) => {
  const owner = await apiSignUp(request, 'Manajer');
  const api = new ApiAs(request, owner.token);
  const { farmId, pondIds } = await apiFarm(api, 'Tambak Papan', ['Kolam 1']);
  const weekAgo = new Date(Date.now() + 7 * 3_600_000 - 7 * 86_400_000).toISOString().slice(0, 10);
  await api.post('/cycle', { pond_id: pondIds['Kolam 1'], start_date: weekAgo });
  await api.post('/water/general/bulk', {
    items: [
      { id: crypto.randomUUID(), pond_id: pondIds['Kolam 1'], measured_at: yesterdayEvening(), do: 1.8 },
    ],
  });

  const phone = await newDevice(browser);
  const page = await phone.newPage();
  await new AccountPages(page).signIn(owner);
  await expect(page).toHaveURL(new RegExp(`/farm/${farmId}/attention$`));
  const board = new AttentionPages(page);
  await board.open(farmId);
  const item = board.problemsAbout('Kolam 1').filter({ hasText: /DO 1,8/ });
  await expect(item).toBeVisible();

  await item.getByRole('link', { name: 'Input kualitas air' }).click();
  await expect(page).toHaveURL(/\/water-quality\/add\?pond_id=[^&]+&from=attention$/);
  const water = new WaterPages(page);
  await water.enter('Kolam 1', { pH: '7,9', DO: '5,4', Suhu: '29', Salinitas: '20' });
  await water.save(1);

  // Back on the board, where the manager goes on down the list; the pond's DO is fine now.
  await expect(page).toHaveURL(new RegExp(`/farm/${farmId}/attention$`));
  await expect(page.getByRole('heading', { name: 'Perlu perhatian', level: 1 })).toBeVisible();
  await expect(board.problemsAbout('Kolam 1').filter({ hasText: /DO/ })).toHaveCount(0, { timeout: 20_000 });
  await phone.close();
});
