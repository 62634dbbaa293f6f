import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';
import { inMatrix } from './support/matrix.ts';
import { test } from './support/test.ts';
import { testJpeg } from './support/test-photo.ts';

/**
 * The sampling entry and a pond's sampling list (with photos) at phone and desktop width,
 * in Indonesian and English: no console error, no axe violation, and a screenshot kept for
 * a person to look at (SHOTS_DIR, default test-results/screens).
 */
const SIZES = [
  { name: 'phone', width: 360, height: 800 },
  { name: 'desktop', width: 1280, height: 800 },
];
const LANGS = [
  { lang: 'id', title: 'Sampling', count: 'Jumlah udang', weight: 'Berat sampel' },
  { lang: 'en', title: 'Sampling', count: 'Shrimp count', weight: 'Sample weight' },
];
const dir = process.env.SHOTS_DIR ?? 'test-results/screens';
const daysAgo = (n: number) =>
  new Date(Date.now() + 7 * 3_600_000 - n * 86_400_000).toISOString().slice(0, 10);

const photo = (seed: number) => testJpeg(640, 480, seed);

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
    if (!inMatrix(SIZES, size, LANGS, l)) continue;
    test(`sampling screens at ${size.name} width in ${l.lang}`, async ({ browser, request }) => {
      const owner = await apiSignUp(request, 'Budi');
      const api = new ApiAs(request, owner.token);
      const { farmId, pondIds } = await apiFarm(api, 'Tambak Sumber Rejeki', [
        'Kolam 1',
        'Kolam 2',
        'Kolam 10',
      ]);
      for (const pond of ['Kolam 1', 'Kolam 2'])
        await api.post('/cycle', { pond_id: pondIds[pond], start_date: daysAgo(40) });
      const ids = ['01950000-0000-7000-8000-0000000005a1', '01950000-0000-7000-8000-0000000005a2'].map((id) =>
        id.replace('5a', `${size.name === 'phone' ? 6 : 7}${l.lang === 'id' ? 'a' : 'b'}`),
      );
      await api.post('/sampling/bulk', {
        items: [
          {
            id: ids[0],
            pond_id: pondIds['Kolam 1'],
            sampled_on: daysAgo(14),
            shrimp_count: 60,
            sample_weight: 330,
          },
          {
            id: ids[1],
            pond_id: pondIds['Kolam 1'],
            sampled_on: daysAgo(7),
            shrimp_count: 50,
            sample_weight: 412.5,
            hollow: 3,
            red_tail: 1,
          },
        ],
      });
      for (const [i, seed] of [1, 2].entries()) {
        const res = await request.post('/api/photos', {
          headers: { authorization: `Bearer ${owner.token}` },
          multipart: {
            id: `01950000-0000-7000-8000-00000000${size.name === 'phone' ? 'c' : 'd'}${l.lang === 'id' ? 'a' : 'b'}${i}0`,
            record_type: 'sampling',
            record_id: ids[1],
            file: { name: 'sampel.jpg', mimeType: 'image/jpeg', buffer: await photo(seed) },
          },
        });
        expect(res.status(), await res.text()).toBe(201);
      }

      const context = await browser.newContext({
        viewport: size,
        locale: l.lang === 'id' ? 'id-ID' : 'en-US',
      });
      const page = await context.newPage();
      const errors = await watchErrors(page);
      await page.addInitScript((lang) => localStorage.setItem('tambak:language', lang), l.lang);
      const shot = (name: string) =>
        page.screenshot({ path: `${dir}/${name}-${l.lang}-${size.name}.png`, fullPage: true });
      await page.goto('/login');
      await page.evaluate(
        ([token, user]) => localStorage.setItem('tambak:session', JSON.stringify({ token, user })),
        [owner.token, await api.get('/user')] as const,
      );

      await page.goto(`/farm/${farmId}/sampling/add`);
      await expect(page.getByRole('heading', { name: l.title, level: 1 })).toBeVisible();
      const card = page.getByRole('region', { name: 'Kolam 1', exact: true });
      await card.getByRole('textbox', { name: `${l.count} Kolam 1` }).fill('50');
      await card.getByRole('textbox', { name: `${l.weight} Kolam 1` }).fill('505');
      const second = page.getByRole('region', { name: 'Kolam 2', exact: true });
      await second.getByRole('textbox', { name: `${l.weight} Kolam 2` }).fill('0');
      await card.getByTestId('photo-camera-input').setInputFiles({
        name: 'sampel.jpg',
        mimeType: 'image/jpeg',
        buffer: await photo(3),
      });
      await expect(card.locator('[data-photo-status="new"] img')).toBeVisible();
      await shot('sampling-entry');
      // The shell's own landmarks (help button) are screens.spec's concern: this scan is the form.
      const entryAxe = await new AxeBuilder({ page }).include('main').analyze();
      expect(entryAxe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual(
        [],
      );

      await page.goto(`/farm/${farmId}/pond/${pondIds['Kolam 1']}`);
      await expect(page.locator('.sampling-item')).toHaveCount(2);
      await expect(page.locator('.sampling-item [data-photo-status="uploaded"] img')).toHaveCount(2);
      await page.locator('.sampling-list').scrollIntoViewIfNeeded();
      await shot('sampling-list');
      await page
        .locator('.sampling-list')
        .screenshot({ path: `${dir}/sampling-list-only-${l.lang}-${size.name}.png` });
      // The shared sync badge (record-status.tsx) is left to its owner; reported separately.
      const listAxe = await new AxeBuilder({ page })
        .include('.sampling-list')
        .exclude('.sync-badge')
        .analyze();
      expect(listAxe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
}
