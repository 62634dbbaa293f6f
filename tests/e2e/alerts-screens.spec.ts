import { expect } from '@playwright/test';
import { AccountPages } from './pages/account-pages.ts';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';
import { axeScan, blocking } from './support/axe.ts';
import { inMatrix } from './support/matrix.ts';
import { test } from './support/test.ts';

/**
 * /notifications with alerts in it, phone and desktop, both languages, checked by axe;
 * SHOTS_DIR=/path saves the screenshots reviewers look at.
 */
const LANGS = ['id', 'en'] as const;
const VIEWPORTS = [
  { width: 360, height: 800 },
  { width: 1280, height: 800 },
];
for (const lang of LANGS)
  for (const viewport of VIEWPORTS.filter((v) => inMatrix(VIEWPORTS, v, LANGS, lang)))
    test(`notifications screen ${lang} ${viewport.width}px`, async ({ browser, request }) => {
      const owner = await apiSignUp(request, 'Pemilik');
      const api = new ApiAs(request, owner.token);
      const { farmId, pondIds } = await apiFarm(api, 'Tambak Lestari', ['Kolam 1', 'Kolam 2']);
      await api.post('/water/general/bulk', {
        items: [
          {
            id: crypto.randomUUID(),
            pond_id: pondIds['Kolam 1'],
            measured_at: new Date().toISOString(),
            do: 3.2,
          },
          {
            id: crypto.randomUUID(),
            pond_id: pondIds['Kolam 2'],
            measured_at: new Date().toISOString(),
            ph: 9.1,
          },
        ],
      });
      await expect.poll(async () => (await api.get<unknown[]>('/notifications')).length).toBe(2);
      const context = await browser.newContext({ viewport, locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
      const page = await context.newPage();
      await new AccountPages(page).signIn(owner);
      await expect(page).toHaveURL(new RegExp(`/farm/${farmId}/attention$`));
      if (lang === 'en') await page.evaluate(() => localStorage.setItem('tambak:language', 'en'));
      await page.goto('/notifications');
      // Stored as a key and values, worded in the app's language when shown (the account says 'id').
      await expect(
        page.getByRole('button', {
          name: lang === 'en' ? /Kolam 2: pH 9\.1 above the standard/ : /Kolam 2: pH 9,1 di atas standar/,
        }),
      ).toBeVisible();
      await expect(
        page
          .getByText(lang === 'en' ? 'Water quality outside the standard' : 'Kualitas air di luar standar')
          .first(),
      ).toBeVisible();
      expect(blocking(await axeScan(page, 'notifications'))).toEqual([]);
      const dir = process.env.SHOTS_DIR;
      if (dir) {
        await page.screenshot({ path: `${dir}/notifications-${lang}-${viewport.width}.png`, fullPage: true });
        await page.locator('form').first().scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${dir}/notifications-settings-${lang}-${viewport.width}.png` });
      }
      await context.close();
    });
