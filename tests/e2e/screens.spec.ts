import { expect, type Page } from '@playwright/test';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';
import { inMatrix } from './support/matrix.ts';
import { test } from './support/test.ts';

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

// Independent screens per width and language: both workers take them (ADR 0061).
test.describe.configure({ mode: 'parallel' });

for (const size of SIZES) {
  for (const l of LANGS) {
    if (!inMatrix(SIZES, size, LANGS, l)) continue;
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
      await page.goto(`/farm/${farmId}?home=farm`);
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

/** The daily pond record screens (issue 14) with a few records in them, both widths and languages. */
const RECORD_SCREENS = [
  { path: 'feed-tray/add', id: 'Cek anco', en: 'Feed tray check', name: 'anco' },
  { path: 'water-change', id: 'Ganti air', en: 'Water change', name: 'water-change' },
  { path: 'notes', id: 'Catatan', en: 'Notes', name: 'notes' },
  { path: 'disease-alert', id: 'Peringatan penyakit', en: 'Disease alert', name: 'disease-alert' },
];
for (const size of SIZES) {
  for (const l of LANGS) {
    if (!inMatrix(SIZES, size, LANGS, l)) continue;
    test(`pond record screens render at ${size.name} width in ${l.lang}`, async ({ browser, request }) => {
      const owner = await apiSignUp(request, 'Budi');
      const api = new ApiAs(request, owner.token);
      const { farmId, pondIds } = await apiFarm(api, 'Tambak Sumber Rejeki', ['Kolam 1', 'Kolam 2']);
      const day = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
      const start = new Date(Date.now() + 7 * 3_600_000 - 30 * 86_400_000).toISOString().slice(0, 10);
      for (const pond_id of Object.values(pondIds)) await api.post('/cycle', { pond_id, start_date: start });
      const k1 = pondIds['Kolam 1'];
      await api.post('/anco/bulk', {
        items: [
          {
            id: crypto.randomUUID(),
            pond_id: k1,
            check_date: day,
            feeding_time: 1,
            checked_at: '08:30',
            data_anco: ['habis', 'habis', 'sisa_sedikit', 'habis'].map((status, i) => ({
              tray: i + 1,
              status,
            })),
          },
        ],
      });
      await api.post('/waterChange/bulk', {
        items: [
          { id: crypto.randomUUID(), pond_id: k1, change_date: day, change_time: '07:00', percent: 15 },
        ],
      });
      await api.post('/note', {
        id: crypto.randomUUID(),
        farm_id: farmId,
        note_date: day,
        title: 'Kincir 3 bunyi',
        tags: ['alat', 'kincir'],
        description: 'Cek bearing sore ini.',
      });
      await api.post('/disease', {
        id: crypto.randomUUID(),
        pond_id: k1,
        disease_date: day,
        master_disease_id: 5,
        severity: 1,
        affected_percent: 5,
        note: 'Kotoran putih di anco 2.',
      });
      const context = await browser.newContext({
        viewport: size,
        locale: l.lang === 'id' ? 'id-ID' : 'en-US',
      });
      const page = await context.newPage();
      const errors = await watchErrors(page);
      // main registers the samplings mirror before its server routes landed: its pull answers
      // 404 until then. Any other 404 is still an error.
      const missing: string[] = [];
      page.on('response', (r) => {
        if (r.status() === 404 && !new URL(r.url()).pathname.startsWith('/api/sampling'))
          missing.push(r.url());
      });
      const user = await api.get('/user');
      await page.addInitScript(
        ([lang, token, me]) => {
          localStorage.setItem('tambak:language', lang as string);
          localStorage.setItem('tambak:session', JSON.stringify({ token, user: me }));
        },
        [l.lang, owner.token, user] as const,
      );
      const dir = process.env.SHOTS_DIR ?? 'test-results/screens';
      await page.goto(`/farm/${farmId}?home=farm`);
      await expect(page.getByText('Kolam 2', { exact: true }).first()).toBeVisible();
      for (const s of RECORD_SCREENS) {
        await page.goto(`/farm/${farmId}/${s.path}`);
        await expect(
          page.getByRole('heading', { level: 1, name: l.lang === 'id' ? s.id : s.en }),
        ).toBeVisible();
        await expect(page.locator('.record-item').first()).toBeVisible();
        if (s.name === 'anco') {
          const card = page.locator('.anco-card').first();
          for (const [i, name] of (l.lang === 'id'
            ? ['Habis', 'Sisa Sedikit']
            : ['Empty', 'Little left']
          ).entries())
            await card
              .locator('.tray-row:not(.tray-row--all)')
              .nth(i)
              .getByRole('button', { name, exact: true })
              .click();
        }
        await page.screenshot({ path: `${dir}/${s.name}-${l.lang}-${size.name}.png`, fullPage: true });
      }
      expect(missing).toEqual([]);
      expect(errors.filter((e) => !e.includes('status of 404'))).toEqual([]);
      await context.close();
    });
  }
}
