import { expect, type Page } from '@playwright/test';
import { AccountPages } from './pages/account-pages.ts';
import { WaterPages } from './pages/water-pages.ts';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';
import { test } from './support/test.ts';

/**
 * Entry forms never save by accident (issue 12, point 1) and a second reading of a pond
 * in the same slot is asked about (point 2, last part), on a phone-sized screen.
 */
test.use({ viewport: { width: 360, height: 800 } });

async function openEntry(page: Page, request: Parameters<typeof apiSignUp>[0], ponds: string[]) {
  const owner = await apiSignUp(request, 'Pemilik');
  const { farmId } = await apiFarm(new ApiAs(request, owner.token), 'Tambak Dike', ponds);
  await new AccountPages(page).signIn(owner);
  await page.goto(`/farm/${farmId}/water-quality/add`);
  const water = new WaterPages(page);
  await expect(water.field(ponds.at(-1) as string, 'Salinitas')).toBeVisible();
  return water;
}

/** Types into the focused box as a thumb does, then the keyboard's Next key. */
async function typeThenNext(page: Page, text: string) {
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

test('Enter (the keyboard Next) walks field to field and pond to pond and never saves', async ({
  page,
  request,
}) => {
  const water = await openEntry(page, request, ['Kolam 1', 'Kolam 2', 'Kolam 3']);
  await water.field('Kolam 1', 'pH').click();
  await typeThenNext(page, '7,9');
  await expect(water.field('Kolam 1', 'DO')).toBeFocused();
  await typeThenNext(page, '5,1');
  await typeThenNext(page, '29');
  await expect(water.field('Kolam 1', 'Salinitas')).toBeFocused();
  await typeThenNext(page, '18');
  // Across ponds: the last box of Kolam 1 leads to the first of Kolam 2.
  await expect(water.field('Kolam 2', 'pH')).toBeFocused();
  await expect(water.field('Kolam 2', 'pH')).toHaveAttribute('enterkeyhint', 'next');
  await typeThenNext(page, '8,0');
  // The very last box says "done" and Enter there leaves it, still without saving.
  await water.field('Kolam 3', 'Salinitas').focus();
  await expect(water.field('Kolam 3', 'Salinitas')).toHaveAttribute('enterkeyhint', 'done');
  await page.keyboard.press('Enter');
  await expect(water.field('Kolam 3', 'Salinitas')).not.toBeFocused();

  expect(await water.storedReadings()).toEqual([]);
  expect(await water.outboxStatuses()).toEqual([]);
  await expect(page.getByText(/catatan tersimpan di ponsel/)).toHaveCount(0);
  await expect(water.field('Kolam 1', 'pH')).toHaveValue('7,9');
});

test('only the save button saves; a half-filled pond asks first and an untouched one is not saved', async ({
  page,
  request,
}) => {
  const water = await openEntry(page, request, ['Kolam 1', 'Kolam 2', 'Kolam 3']);
  await water.field('Kolam 1', 'pH').click();
  for (const value of ['7,9', '5,1', '29', '18']) await typeThenNext(page, value);
  await page.keyboard.type('8,1'); // Kolam 2: pH only

  await page.getByRole('button', { name: 'Simpan 2 kolam' }).click();
  const question = page.getByRole('dialog', { name: 'Simpan sebagian?' });
  await expect(question).toContainText('Kolam 2 (DO, Suhu, Salinitas kosong)');
  await question.getByRole('button', { name: 'Batal' }).click();
  // "No" takes him to the first empty box of that pond; nothing was written.
  await expect(water.field('Kolam 2', 'DO')).toBeFocused();
  expect(await water.storedReadings()).toEqual([]);

  await water.save(2, { partial: true });
  const rows = await water.storedReadings();
  expect(rows).toHaveLength(2);
  const kolam2 = rows.find((r) => r.ph === 8.1) as Record<string, unknown>;
  // Only what was typed goes out: no -99 for the boxes he never touched.
  expect(Object.keys(kolam2)).not.toContain('do');
  expect(Object.values(kolam2)).not.toContain(-99);
  expect(rows.find((r) => r.ph === 7.9)).toMatchObject({ do: 5.1, temperature: 29, salinity: 18 });
});

test('a second reading of a pond in the same slot warns, offers the existing one, or saves anyway', async ({
  page,
  request,
}) => {
  const water = await openEntry(page, request, ['Kolam 1', 'Kolam 2']);
  const fill = async (pond: string, values: string[]) => {
    await water.field(pond, 'pH').click();
    for (const value of values) await typeThenNext(page, value);
  };
  await fill('Kolam 1', ['7,9', '5,1', '29', '18']);
  await fill('Kolam 2', ['8,0', '5,0', '29', '19']);
  await water.save(2);

  // The same round typed again: Kolam 1 is edited into the stored reading.
  await fill('Kolam 1', ['7,6', '5,3', '28', '17']);
  await page.getByRole('button', { name: 'Simpan 1 kolam' }).click();
  const warning = page.getByRole('dialog', { name: 'Sudah ada catatan' });
  await expect(warning).toContainText(/Kolam 1 · Umum, jam \d\d:\d\d/);
  await warning.getByRole('button', { name: 'Ubah yang ada Kolam 1' }).click();
  const edit = page.getByRole('dialog', { name: 'Ubah Umum · Kolam 1' });
  await expect(edit.getByRole('textbox', { name: 'pH' })).toHaveValue('7,6');
  await edit.getByRole('button', { name: 'Simpan', exact: true }).click();
  await expect(edit).toBeHidden();
  await expect.poll(async () => (await water.storedReadings()).map((r) => r.ph).sort()).toEqual([7.6, 8]);
  await expect(water.field('Kolam 1', 'pH')).toHaveValue('');

  // Kolam 2 again, and this time he means it: a second reading.
  await fill('Kolam 2', ['8,2', '5,2', '30', '20']);
  await page.getByRole('button', { name: 'Simpan 1 kolam' }).click();
  await warning.getByRole('button', { name: 'Tetap simpan' }).click();
  await expect.poll(async () => (await water.storedReadings()).length).toBe(3);
});

test('a settings form moves on with Enter and saves only from its button', async ({ page, request }) => {
  const owner = await apiSignUp(request, 'Pemilik');
  const { farmId } = await apiFarm(new ApiAs(request, owner.token), 'Tambak Dike', []);
  await new AccountPages(page).signIn(owner);
  await page.goto(`/farm/${farmId}/settings?tab=ponds`);
  await page.getByRole('button', { name: 'Tambah kolam' }).click();
  const dialog = page.locator('dialog[open]');
  await dialog.getByLabel('Nama kolam').fill('Kolam Baru');
  await dialog.getByLabel('Nama kolam').press('Enter');
  await expect(dialog.getByLabel('Luas (m²)')).toBeFocused();
  await page.keyboard.type('2500');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Nama kolam')).toHaveValue('Kolam Baru');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Kolam Baru', { exact: true }).first()).toBeVisible();
});
