import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { promisify } from 'node:util';
import { expect } from '@playwright/test';
import { ApiAs, apiSignUp } from './support/api-setup.ts';
import { uniqueEmail } from './support/dev-outbox.ts';
import { inMatrix } from './support/matrix.ts';
import { test } from './support/test.ts';

const run = promisify(execFile);

/**
 * The screens that show farm figures (issue 28) on the demo farm, at phone and desktop
 * width in both languages: the cycle overview (FCR for running ponds, SR and FCR bases
 * stated, no figure shown final while its records load), the farm home's counts, the
 * finance statistics (HPP's basis and what it counted, productivity per cycle and per
 * year) and the report screen. Screenshots go to FIGURES_SHOTS_DIR for a person to look at.
 */
const dir = process.env.FIGURES_SHOTS_DIR ?? 'test-results/figures';
const SIZES = [
  { name: 'phone', width: 360, height: 800 },
  { name: 'desktop', width: 1280, height: 800 },
];
const LANGS = [
  {
    lang: 'id',
    overview: 'Ringkasan siklus',
    fcrBasis: 'FCR = pakan kumulatif',
    hppBasis: 'HPP = (pengeluaran',
  },
  { lang: 'en', overview: 'Cycle overview', fcrBasis: 'FCR = cumulative feed', hppBasis: 'HPP = (expenses' },
] as const;

test('the figures screens of the demo farm, phone and desktop, Indonesian and English', async ({
  browser,
  request,
}) => {
  test.setTimeout(900_000);
  await mkdir(dir, { recursive: true });
  const databaseUrl = `postgres://postgres:postgres@127.0.0.1:${Number(process.env.E2E_PG_PORT ?? 54399)}/tambak`;
  await run(process.execPath, ['--import', 'tsx', 'scripts/demo-data.ts', '--ponds', '8', '--days', '60'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    timeout: 300_000,
  });
  const t = Date.now().toString(36);
  const user = await apiSignUp(request, `Bu Sari ${t}`, uniqueEmail(`sari.${t}`));
  const api = new ApiAs(request, user.token);
  const { farm_id: farmId } = await api.post<{ farm_id: string }>('/demo/join', {});
  const me = await api.get('/user');

  for (const size of SIZES)
    for (const l of LANGS) {
      if (!inMatrix(SIZES, size, LANGS, l)) continue;
      const context = await browser.newContext({
        viewport: size,
        locale: l.lang === 'id' ? 'id-ID' : 'en-US',
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(e.message));
      await page.addInitScript((lang) => localStorage.setItem('tambak:language', lang), l.lang);
      await page.goto('/login');
      await page.evaluate(
        ([token, u]) => localStorage.setItem('tambak:session', JSON.stringify({ token, user: u })),
        [user.token, me] as const,
      );
      const shot = (name: string) =>
        page.screenshot({ path: `${dir}/${name}-${l.lang}-${size.name}.png`, fullPage: true });

      await page.goto(`/farm/${farmId}/overview`);
      // A new device pulls the farm first (the farm gate waits for it).
      await expect(page.getByRole('heading', { name: l.overview, level: 1 })).toBeVisible({
        timeout: 90_000,
      });
      // The first visit pulls the whole farm into the device's mirror first.
      await expect(page.getByTestId('overview-basis'), errors.join('\n')).toContainText(l.fcrBasis, {
        timeout: 90_000,
      });
      // Once every record is pulled no figure waits any more, and running ponds show an FCR.
      await expect(page.getByText(/memuat|loading/)).toHaveCount(0, { timeout: 60_000 });
      await shot('overview');

      await page.goto(`/farm/${farmId}?home=farm`);
      await expect(page.locator('.stat__value').first()).not.toHaveText('–');
      await shot('farm-home');

      await page.goto(`/farm/${farmId}/finance?tab=statistics`);
      await expect(page.getByTestId('hpp-basis')).toContainText(l.hppBasis, { timeout: 60_000 });
      await expect(page.getByTestId('productivity-table')).toBeVisible();
      await shot('finance-statistics');

      await page.goto(`/farm/${farmId}/report`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await shot('report');
      expect(errors).toEqual([]);
      await context.close();
    }
});
