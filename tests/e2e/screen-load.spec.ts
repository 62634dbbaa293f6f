import { expect } from '@playwright/test';
import { ApiAs, apiSignUp } from './support/api-setup.ts';
import { test } from './support/test.ts';

// The page's own requests, not the service worker's precache, so the test can cut a chunk.
test.use({ viewport: { width: 360, height: 800 }, serviceWorkers: 'block' });

test('a screen whose code does not arrive shows "Halaman gagal dimuat" and loads on retry', async ({
  page,
  request,
}) => {
  const owner = await apiSignUp(request, 'Sari');
  const user = await new ApiAs(request, owner.token).get('/user');
  await page.addInitScript(
    ([token, me]) => localStorage.setItem('tambak:session', JSON.stringify({ token, user: me })),
    [owner.token, user] as const,
  );
  let blocked = true;
  await page.route(/\/assets\/profile-screen-[^/]+\.js$/, (route) =>
    blocked ? route.abort() : route.continue(),
  );
  await page.goto('/profile');
  // The router reloads once (a new deployment's missing chunk); cut again, the screen says so.
  const alert = page.getByRole('alert').filter({ hasText: 'Halaman gagal dimuat' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('tetap aman');
  await page.screenshot({ path: 'test-results/screen-load-failed-id-360.png' });

  blocked = false;
  await alert.getByRole('button', { name: 'Coba lagi' }).click();
  await expect(alert).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Profil' })).toBeVisible();
});
