import { expect } from '@playwright/test';
import { farmToday } from '../../src/server/kernel/farm-clock.ts';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';
import { axeScan, blocking } from './support/axe.ts';
import { uniqueEmail } from './support/dev-outbox.ts';
import { inMatrix } from './support/matrix.ts';
import { test } from './support/test.ts';

/**
 * The finance screens (finance with its three tabs, settings, report) at phone and
 * desktop width in both languages: heading, no console error, no blocking axe finding,
 * a screenshot for a person to look at (FINANCE_SHOTS_DIR, default test-results/screens).
 */
const SIZES = [
  { name: 'phone', width: 360, height: 800 },
  { name: 'desktop', width: 1280, height: 800 },
];
const LANGS = [
  {
    lang: 'id',
    title: 'Keuangan',
    settings: 'Pengaturan keuangan',
    report: 'Laporan keuangan',
    addTx: 'Catat transaksi',
    receipts: 'Foto nota',
  },
  {
    lang: 'en',
    title: 'Finance',
    settings: 'Finance settings',
    report: 'Finance report',
    addTx: 'Record transaction',
    receipts: 'Receipt photos',
  },
];
const dir = process.env.FINANCE_SHOTS_DIR ?? 'test-results/screens';

for (const size of SIZES) {
  for (const l of LANGS) {
    if (!inMatrix(SIZES, size, LANGS, l)) continue;
    test(`finance screens at ${size.name} width in ${l.lang}`, async ({ browser, request }) => {
      // The farm's year and month (WIB): past 17:00 UTC on a month's last day the screens
      // already show the next month.
      const today = farmToday();
      const y = Number(today.slice(0, 4));
      const owner = await apiSignUp(request, 'Budi', uniqueEmail('budi-finance'));
      const api = new ApiAs(request, owner.token);
      const { farmId } = await apiFarm(api, 'Tambak Sumber Rejeki', ['Kolam 1', 'Kolam 2']);
      const account = await api.post<{ account_id: string }>('/account', {
        farm_id: farmId,
        name: 'Kas Tambak',
        created_at: `${y}-01-01`,
      });
      await api.post('/account', { farm_id: farmId, name: 'Rekening Bank', created_at: `${y}-01-01` });
      await api.post('/account/category', {
        farm_id: farmId,
        type: 'out',
        category_icon: 'transport',
        category_transaction_name: 'Angkutan panen',
      });
      const month = today.slice(0, 7);
      const books: [string, number, string, string][] = [
        ['0190a000-0000-7000-8000-000000000001', 45_000_000, `${y}-02-20`, 'Panen parsial 700 kg'],
        ['0190a000-0000-7000-8000-000000000003', 7_500_000, `${y}-02-03`, 'Pakan 500 kg'],
        ['0190a000-0000-7000-8000-000000000004', 18_000_000, `${y}-01-05`, 'Benur 300.000 ekor'],
        ['0190a000-0000-7000-8000-000000000007', 3_200_000, `${y}-03-01`, 'Listrik PLN'],
        ['0190a000-0000-7000-8000-000000000003', 8_250_000, `${month}-01`, 'Pakan 550 kg'],
        ['0190a000-0000-7000-8000-000000000009', 10_000_000, `${month}-01`, 'Gaji 4 pekerja'],
      ];
      for (const [category, nominal, date, note] of books)
        await api.post('/transaction', {
          account_id: account.account_id,
          category_transaction_id: category,
          metode: 'transfer',
          nominal,
          transaction_date: date,
          note,
        });
      const context = await browser.newContext({
        viewport: size,
        locale: l.lang === 'id' ? 'id-ID' : 'en-US',
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (m) => {
        // Failed requests are checked by URL below (the console line does not name it).
        if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
      });
      page.on('response', (r) => {
        // GET /api/sampling is pulled by main's sampling mirror before its route is merged.
        if (r.status() >= 400 && !r.url().includes('/api/sampling?')) errors.push(`${r.status()} ${r.url()}`);
      });
      page.on('pageerror', (e) => errors.push(e.message));
      await page.addInitScript((lang) => localStorage.setItem('tambak:language', lang), l.lang);
      await page.goto('/login');
      await page.evaluate(
        ([token, user]) => localStorage.setItem('tambak:session', JSON.stringify({ token, user })),
        [owner.token, await api.get('/user')] as const,
      );
      const shot = (name: string) =>
        page.screenshot({ path: `${dir}/${name}-${l.lang}-${size.name}.png`, fullPage: true });
      const findings: string[] = [];
      const scan = async (name: string) => {
        for (const f of blocking(await axeScan(page, name))) findings.push(`${name}: ${f.id}`);
      };

      for (const tab of ['accounts', 'transactions', 'statistics']) {
        await page.goto(`/farm/${farmId}/finance?tab=${tab}`);
        await expect(page.getByRole('heading', { name: l.title, level: 1 })).toBeVisible();
        if (tab === 'accounts') await expect(page.getByTestId('finance-account')).toHaveCount(2);
        if (tab === 'transactions')
          await expect(page.getByTestId('finance-transaction').first()).toBeVisible();
        if (tab === 'statistics') await expect(page.getByRole('img').first()).toBeVisible();
        await shot(`finance-${tab}`);
        await scan(`finance-${tab}`);
        if (tab === 'transactions') {
          // The dialog with its receipt photos field (taken with the camera or from the gallery).
          await page.getByRole('button', { name: l.addTx }).click();
          const dialog = page.getByRole('dialog');
          await expect(dialog.getByText(l.receipts)).toBeVisible();
          await dialog.getByText(l.receipts).scrollIntoViewIfNeeded();
          // Not full-page: the dialog scrolls inside the window.
          await page.screenshot({ path: `${dir}/finance-transaction-dialog-${l.lang}-${size.name}.png` });
          await scan('finance-transaction-dialog');
          await page.keyboard.press('Escape');
          await expect(dialog).toBeHidden();
        }
      }
      await page.goto(`/farm/${farmId}/finance/settings`);
      await expect(page.getByRole('heading', { name: l.settings })).toBeVisible();
      await expect(page.getByTestId('finance-category').first()).toBeVisible();
      await shot('finance-settings');
      await scan('finance-settings');
      await page.goto(`/farm/${farmId}/finance/report?from=${y}-01-01&to=${y}-12-31`);
      await expect(page.getByRole('heading', { name: new RegExp(l.report) })).toBeVisible();
      await expect(page.getByTestId('total-income')).toBeVisible();
      await shot('finance-report');
      await scan('finance-report');
      expect(findings).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
}
