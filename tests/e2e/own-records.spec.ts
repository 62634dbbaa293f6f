import { expect } from '@playwright/test';
import { DateTime } from 'luxon';
import { ChatPage } from './pages/chat-page.ts';
import { WaterPages } from './pages/water-pages.ts';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';
import { uniqueEmail } from './support/dev-outbox.ts';
import { test } from './support/test.ts';

interface Reading {
  id: string;
  pond_id: string;
  ph: number;
  do: number;
}

/**
 * A pond keeper fixes their own typo (issue 12 point 5). The keeper (technician: water
 * quality at add, no edit rights) enters readings, corrects one and deletes another from
 * the pond page; a reading the manager entered offers no such controls. The home screen
 * says what the keeper can do instead of "view only".
 */
test('a keeper edits and deletes their own fresh readings; the home screen does not say "view only"', async ({
  browser,
  request,
}) => {
  const t = Date.now().toString(36);
  const manager = await apiSignUp(request, `Manajer ${t}`, uniqueEmail(`manajer.${t}`));
  const managerApi = new ApiAs(request, manager.token);
  const { farmId, pondIds } = await apiFarm(managerApi, `Tambak Koreksi ${t}`, ['Kolam 1', 'Kolam 2']);
  const email = uniqueEmail(`penjaga.${t}`);
  await managerApi.post('/userFarm', {
    farm_id: farmId,
    email,
    role_id: 3,
    ponds: Object.values(pondIds).map((pond_id) => ({ pond_id, access_level: 1 })),
  });
  const keeper = await apiSignUp(request, `Penjaga ${t}`, email);
  // The manager's own reading in Kolam 1: not the keeper's to change. It is taken at the
  // start of the slot the keeper is in now (00:00, 12:00 or 18:00 on the farm's clock), so
  // the keeper's round is a second reading of that slot whatever the hour of the run.
  const managers = crypto.randomUUID();
  const farmNow = DateTime.now().setZone('Asia/Jakarta');
  const slotStart = farmNow
    .set({ hour: farmNow.hour < 12 ? 0 : farmNow.hour < 18 ? 12 : 18 })
    .startOf('hour');
  await managerApi.post('/water/general/bulk', {
    items: [
      {
        id: managers,
        pond_id: pondIds['Kolam 1'],
        measured_at: slotStart.toISO({ suppressMilliseconds: true }),
        ph: 7.1,
      },
    ],
  });

  const page = (await ChatPage.signedIn(browser, request, keeper, { viewport: { width: 360, height: 800 } }))
    .page;
  // The farm page (a keeper's home is Today; its "Kolam & blok" opens this).
  await page.goto(`/farm/${farmId}?home=farm`);

  // Home: each pond says what the keeper may do; nothing calls them "view only".
  const tile = page.locator('.pond-tile', { hasText: 'Kolam 1' });
  await expect(tile.locator('[data-rights]')).toHaveText('Input & ubah data sendiri 24 jam');
  await expect(page.locator('.pond-tile').getByText('Hanya lihat')).toHaveCount(0);
  await page.screenshot({ path: `${test.info().outputDir}/home-keeper.png` });

  // He enters the morning round: a typo in Kolam 1 (pH 8,7 for 7,8) and a reading in Kolam 2.
  const water = new WaterPages(page);
  await water.openEntryFromFarmHome();
  await water.enter('Kolam 1', { pH: '8.7', DO: '5.2' });
  await water.enter('Kolam 2', { pH: '7.5', DO: '4.9' });
  await page.getByRole('button', { name: 'Simpan 2 kolam' }).click();
  await water.confirmPartial();
  // The manager's reading of this morning is in Kolam 1 already: this one is a second reading.
  await page
    .getByRole('dialog', { name: 'Sudah ada catatan' })
    .getByRole('button', { name: 'Tetap simpan' })
    .click();
  const mine = async () =>
    (await managerApi.get<Reading[]>(`/water/general?farm_id=${farmId}`)).filter((r) => r.id !== managers);
  await expect.poll(async () => (await mine()).length, { timeout: 20_000 }).toBe(2);
  // "Save anyway" also told the server both readings stay (ADR 0063): once that is answered the
  // phone holds the server's copy of his reading, with the time it was stored.
  await expect.poll(() => water.outboxStatuses(), { timeout: 20_000 }).toEqual([]);

  // On the pond page his own reading has edit and delete; the manager's has neither.
  await page.goto(`/farm/${farmId}/pond/${pondIds['Kolam 1']}`);
  const rows = page.locator('.reading-row');
  const own = rows.filter({ hasText: '8,7' });
  const others = rows.filter({ hasText: '7,1' });
  await expect(own.getByRole('button', { name: 'Ubah' })).toBeVisible();
  await expect(others).toBeVisible();
  await expect(others.getByRole('button')).toHaveCount(0);

  // He fixes the typo: the dialog says until when he may.
  await own.getByRole('button', { name: 'Ubah' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('own-window')).toContainText(
    'Anda yang memasukkan data ini: bisa diubah atau dihapus sampai',
  );
  await expect(dialog.getByTestId('own-window')).toHaveText(/\d{2} \w{3} \d{4} \d{2}:\d{2}\.$/);
  await page.screenshot({ path: `${test.info().outputDir}/edit-own.png` });
  await dialog.getByLabel('pH', { exact: false }).first().fill('7.8');
  await dialog.getByRole('button', { name: 'Simpan', exact: true }).click();
  await expect(page.locator('main').getByText('7,8').first()).toBeVisible();
  await expect
    .poll(async () => (await mine()).find((r) => r.pond_id === pondIds['Kolam 1'])?.ph, { timeout: 20_000 })
    .toBe(7.8);

  // He deletes the Kolam 2 reading.
  await page.goto(`/farm/${farmId}/pond/${pondIds['Kolam 2']}`);
  await page
    .locator('.reading-row')
    .filter({ hasText: '7,5' })
    .getByRole('button', { name: 'Hapus' })
    .click();
  await page.getByRole('button', { name: 'Ya, hapus' }).click();
  await expect(page.locator('.reading-row')).toHaveCount(0);
  await expect.poll(async () => (await mine()).length, { timeout: 20_000 }).toBe(1);
  await page.context().close();

  // The rule is an entry of the permission matrix, on for keepers by default.
  const desk = (await ChatPage.signedIn(browser, request, manager)).page;
  await desk.goto(`/farm/${farmId}/settings?tab=users`);
  const rule = desk.getByLabel('Ubah & hapus data sendiri (24 jam)');
  await expect(rule).toHaveValue('2');
  await expect(rule.locator('option:checked')).toHaveText('Boleh, 24 jam setelah input');
  await expect(rule.locator('option')).toHaveText(['Tidak boleh', 'Boleh, 24 jam setelah input']);
  await desk.context().close();
});
