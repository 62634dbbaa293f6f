import { expect } from '@playwright/test';
import { ChatPage } from './pages/chat-page.ts';
import { RecordsPages } from './pages/records-pages.ts';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';
import { uniqueEmail } from './support/dev-outbox.ts';
import { test } from './support/test.ts';
import { testJpeg } from './support/test-photo.ts';

const jakartaDay = (offsetDays = 0) =>
  new Date(Date.now() + 7 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

/**
 * A pond keeper's day at the ponds with no signal (issue 14): feed trays of two ponds, a
 * water change, a note and a disease, all saved on the phone; when the signal is back
 * they reach the server once each and show in the lists.
 */
test('anco for two ponds, a water change, a note and a disease entered offline sync and show in the lists', async ({
  browser,
  request,
}) => {
  const t = Date.now().toString(36);
  const owner = await apiSignUp(request, `Pemilik ${t}`, uniqueEmail(`pemilik.${t}`));
  const api = new ApiAs(request, owner.token);
  const { farmId, pondIds } = await apiFarm(api, `Tambak Harian ${t}`, ['Kolam 1', 'Kolam 2']);
  for (const pond_id of Object.values(pondIds))
    await api.post('/cycle', { pond_id, start_date: jakartaDay(-20) });

  const page = (await ChatPage.signedIn(browser, request, owner, { viewport: { width: 360, height: 800 } }))
    .page;
  await page.goto(`/farm/${farmId}?home=farm`);
  await expect(page.getByText('Kolam 2', { exact: true }).first()).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null);
  const records = new RecordsPages(page, farmId);
  await records.openAnco();
  await expect(page.getByRole('region', { name: 'Kolam 2', exact: true })).toBeVisible();

  // No signal at the ponds.
  await page.context().setOffline(true);
  await records.tapTrays('Kolam 1', ['Habis', 'Habis', 'Habis', 'Habis']);
  await expect(records.advice('Kolam 1')).toHaveText('Sebagian besar habis: naikkan pakan (±5 %).');
  await records.tapTrays('Kolam 2', ['Habis', 'Sisa Banyak', 'Sisa Sedikit', 'Sisa Banyak']);
  await expect(records.advice('Kolam 2')).toHaveText('Banyak sisa: kurangi pakan berikutnya.');
  await records.saveAnco(2);
  await expect(records.listItems('anco')).toHaveCount(2);

  await records.openWaterChange();
  await records.enterWaterChange('Kolam 1', '20');
  await records.saveWaterChange(1);

  await records.openNotes();
  await records.addNote(
    'Kincir 3 rusak',
    'alat, kincir',
    'Ganti bearing besok pagi.',
    await testJpeg(800, 600),
  );
  await expect(records.listItems('notes')).toHaveCount(1);
  // The photo waits on the phone with the note.
  await expect(records.listItems('notes').first().locator('[data-photo-status="pending"]')).toHaveCount(1);

  await records.openDiseaseAlert();
  await records.recordDisease('Kolam 1', 'Bintik putih (White Spot Syndrome Virus)', 'Sedang');
  await expect(records.listItems('diseases')).toHaveCount(1);
  expect((await records.outboxStatuses()).length).toBeGreaterThanOrEqual(4);

  // Signal again: everything reaches the server exactly once.
  await page.context().setOffline(false);
  await expect
    .poll(
      async () => {
        const [anco, changes, notes, diseases, notePhotos] = await Promise.all([
          api.get<unknown[]>(`/anco?farm_id=${farmId}`),
          api.get<unknown[]>(`/waterChange?farm_id=${farmId}`),
          api.get<unknown[]>(`/note?farm_id=${farmId}`),
          api.get<unknown[]>(`/disease?farm_id=${farmId}`),
          api.get<unknown[]>(`/photos?farm_id=${farmId}&record_type=note`),
        ]);
        return [anco.length, changes.length, notes.length, diseases.length, notePhotos.length];
      },
      { timeout: 30_000 },
    )
    .toEqual([2, 1, 1, 1, 1]);
  const [note] = await api.get<{ id: string }[]>(`/note?farm_id=${farmId}`);
  const [notePhoto] = await api.get<{ record_id: string; width: number }[]>(
    `/photos?farm_id=${farmId}&record_type=note`,
  );
  expect(notePhoto).toMatchObject({ record_id: note.id, width: 800 });
  await expect.poll(() => records.outboxStatuses(), { timeout: 20_000 }).toEqual([]);

  // The lists show them as sent, with who entered them.
  const disease = records.listItems('diseases').first();
  await expect(disease).toContainText('Kolam 1 · Bintik putih');
  await expect(disease).not.toContainText('menunggu sinyal');
  await records.openNotes();
  await expect(records.listItems('notes').first()).toContainText('Kincir 3 rusak');
  // The note's photo now shows from the server.
  await expect(
    records.listItems('notes').first().locator('[data-photo-status="uploaded"] img'),
  ).toBeVisible();
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/notes-photo-id-360.png`, fullPage: true });
  await page.getByRole('button', { name: 'kincir', exact: true }).click();
  await expect(records.listItems('notes')).toHaveCount(1);
  await records.openWaterChange();
  await expect(records.listItems('waterChanges').first()).toContainText('Kolam 1 · 20 %');
  await records.openAnco();
  await expect(records.listItems('anco')).toHaveCount(2);
  await page.context().close();
});
