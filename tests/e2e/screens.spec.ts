import { expect, type Page, test } from '@playwright/test';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';

/**
 * The main screens at phone and desktop width, in Indonesian and English: each renders its
 * heading with no console error, and a screenshot is kept under test-results/screens for a
 * person to look at.
 */
const SIZES = [
  { name: 'phone', width: 360, height: 800 },
  { name: 'desktop', width: 1280, height: 800 },
];
const LANGS = [
  { lang: 'id', settings: 'Pengaturan', water: 'Input kualitas air', login: 'Masuk' },
  { lang: 'en', settings: 'Settings', water: 'Water quality input', login: 'Sign in' },
];

async function watchErrors(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

for (const size of SIZES) {
  for (const l of LANGS) {
    test(`main screens render at ${size.name} width in ${l.lang}`, async ({ browser, request }) => {
      const owner = await apiSignUp(request, 'Budi');
      const api = new ApiAs(request, owner.token);
      const { farmId } = await apiFarm(api, 'Tambak Sumber Rejeki', ['Kolam 1', 'Kolam 2', 'Kolam 10']);
      const context = await browser.newContext({
        viewport: size,
        locale: l.lang === 'id' ? 'id-ID' : 'en-US',
      });
      const page = await context.newPage();
      const errors = await watchErrors(page);
      await page.addInitScript((lang) => localStorage.setItem('tambak:language', lang), l.lang);
      const shot = (name: string) =>
        page.screenshot({ path: `test-results/screens/${name}-${l.lang}-${size.name}.png`, fullPage: true });

      await page.goto('/login');
      await expect(page.getByRole('heading', { name: l.login, exact: true })).toBeVisible();
      await shot('login');

      await page.evaluate(
        ([token, user]) => localStorage.setItem('tambak:session', JSON.stringify({ token, user })),
        [owner.token, await api.get('/user')] as const,
      );
      await page.goto(`/farm/${farmId}`);
      await expect(page.getByText('Kolam 10', { exact: true })).toBeVisible();
      await shot('farm-home');

      for (const tab of ['ponds', 'users', 'standards']) {
        await page.goto(`/farm/${farmId}/settings?tab=${tab}`);
        await expect(page.getByRole('heading', { name: l.settings, exact: true })).toBeVisible();
        await shot(`settings-${tab}`);
      }

      await page.goto(`/farm/${farmId}/water-quality/add`);
      await expect(page.getByRole('heading', { name: l.water })).toBeVisible();
      await shot('water-entry');
      expect(errors).toEqual([]);
      await context.close();
    });
  }
}
