import { expect } from '@playwright/test';
import { AccountPages } from './pages/account-pages.ts';
import { FarmPages } from './pages/farm-pages.ts';
import { newDevice } from './support/chromium.ts';
import { uniqueEmail } from './support/dev-outbox.ts';
import { test } from './support/test.ts';

test.use({ viewport: { width: 360, height: 800 } });

test('a new owner sets up a farm and a view-only keeper sees only the allowed pond', async ({
  page,
  browser,
}) => {
  const owner = { name: 'Budi Santoso', email: uniqueEmail('owner'), password: 'rahasia-123' };
  const keeper = { name: 'Pak Teknisi', email: uniqueEmail('keeper'), password: 'rahasia-456' };

  // The owner registers, reads the code from the outbox and signs in.
  const ownerAccount = new AccountPages(page);
  await ownerAccount.register(owner);
  await ownerAccount.signIn(owner);

  // No farm yet: farm registration, then blocks and ponds in settings.
  const farm = new FarmPages(page);
  const farmId = await farm.registerFarm('Tambak Sumber Rejeki');
  await farm.openSettings('blocks');
  await farm.addBlock('Blok A');
  await farm.addBlock('Blok B');
  await farm.openSettings('ponds');
  await farm.addPond('Kolam 10', 'Blok A', '2600');
  await farm.addPond('Kolam 2', 'Blok A', '2400');
  await farm.addPond('Kolam 1', 'Blok A', '2500');
  await farm.addPond('Kolam 11', 'Blok B', '2700');

  // The farm home lists the ponds in dike order (numeric, not 1, 10, 2).
  await page.goto(`/farm/${farmId}?home=farm`);
  await expect(farm.pondCards()).toHaveText(['Kolam 1', 'Kolam 2', 'Kolam 10', 'Kolam 11']);

  // The owner invites a keeper as viewer with view-only access to Kolam 1.
  await farm.openSettings('users');
  await farm.inviteByEmail(keeper.email, 'Pengamat', { 'Kolam 1': 'Hanya lihat' });

  // The keeper registers with the invited email on another phone and signs in.
  const keeperContext = await newDevice(browser);
  const keeperPage = await keeperContext.newPage();
  const keeperAccount = new AccountPages(keeperPage);
  await keeperAccount.register(keeper);
  await keeperAccount.signIn(keeper);
  const keeperFarm = new FarmPages(keeperPage);
  await expect(keeperPage).toHaveURL(new RegExp(`/farm/${farmId}`));
  await expect(keeperFarm.pondCards()).toHaveText(['Kolam 1']);

  // In settings the keeper sees the pond but no way to change or delete it.
  await keeperPage.goto(`/farm/${farmId}/settings?tab=ponds`);
  await expect(keeperPage.getByText('Kolam 1', { exact: true }).first()).toBeVisible();
  await expect(keeperPage.getByText('Kolam 2', { exact: true })).toHaveCount(0);
  await expect(keeperPage.getByRole('button', { name: 'Tambah kolam' })).toHaveCount(0);
  await expect(keeperPage.getByRole('button', { name: /Ubah|Hapus/ })).toHaveCount(0);

  // The API agrees: one pond listed, and editing it is refused.
  const token = await keeperAccount.token();
  const headers = { authorization: `Bearer ${token}` };
  const ponds = (await (await keeperPage.request.get(`/api/pond?farm_id=${farmId}`, { headers })).json())
    .data;
  expect(ponds.map((p: { name: string }) => p.name)).toEqual(['Kolam 1']);
  const edit = await keeperPage.request.put(`/api/pond/${ponds[0].pond_id}/update`, {
    headers,
    data: { name: 'Kolam 1 diubah', area: 1 },
  });
  expect(edit.status()).toBe(403);
  expect((await edit.json()).message).toBe('Anda tidak memiliki akses ke kolam ini.');
  await keeperContext.close();
});
