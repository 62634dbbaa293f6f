import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { AccountPages } from './pages/account-pages.ts';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';
import { uniqueEmail } from './support/dev-outbox.ts';

const run = promisify(execFile);
const daysAgo = (n: number) =>
  new Date(Date.now() - n * 86_400_000 + 7 * 3_600_000).toISOString().slice(0, 10);

/**
 * Water-quality probes (issue 27): the owner adds a probe in Settings → Perangkat probe at
 * 1280 px and gets its key once; the key stores a reading, and once revoked is refused
 * (401). `npm run probe:sim` then sends an hour of a pond's readings over HTTP with a DO
 * crash: the pond page at 360 px shows the probe panel, its line and the open alert, and
 * the attention board lists the pond.
 */
test('a probe added in settings sends until revoked; the simulator’s DO crash reaches the pond and the board', async ({
  browser,
  request,
  baseURL,
}) => {
  const owner = await apiSignUp(request, 'Pak Probe', uniqueEmail('probe'));
  const api = new ApiAs(request, owner.token);
  const { farmId, pondIds } = await apiFarm(api, 'Tambak Probe', ['Kolam 1', 'Kolam 2']);
  await api.post('/cycle', { pond_id: pondIds['Kolam 1'], start_date: daysAgo(30) });

  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await desktop.newPage();
  await new AccountPages(page).signIn(owner);
  await page.goto(`/farm/${farmId}/settings?tab=probes`);
  await expect(page.getByRole('heading', { name: 'Perangkat probe' }).first()).toBeVisible();
  await expect(page.getByText('Belum ada perangkat probe.')).toBeVisible();
  await page.getByLabel('Nama perangkat').fill('Probe DO K2');
  await page.getByLabel('Kolam', { exact: true }).selectOption({ label: 'Kolam 2' });
  await page.getByRole('button', { name: 'Tambah perangkat' }).click();
  const shown = page.getByTestId('probe-key');
  await expect(shown).toBeVisible();
  const key = await shown.getByRole('textbox').inputValue();
  expect(key).toMatch(/^tpk_/);
  await expect(shown).toContainText(`tambak/${farmId}/`);
  await page.screenshot({ path: 'test-results/probes-settings-1280.png', fullPage: true });

  const reading = { readings: [{ parameter: 'do', value: 5.4, measured_at: new Date().toISOString() }] };
  const sent = await request.post('/api/ingest/readings', {
    headers: { 'x-device-key': key },
    data: reading,
  });
  expect(sent.status()).toBe(200);
  expect((await sent.json()).data.stored).toBe(1);
  const item = page.getByTestId('probe-device').filter({ hasText: 'Probe DO K2' });
  await page.reload();
  await expect(item).toContainText('Pesan terakhir');
  await item.getByRole('button', { name: 'Cabut perangkat Probe DO K2' }).click();
  await page.getByRole('button', { name: 'Ya, cabut' }).click();
  await expect(item).toContainText('Dicabut');
  const refused = await request.post('/api/ingest/readings', {
    headers: { 'x-device-key': key },
    data: reading,
  });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).code).toBe('device-key-invalid');

  // The simulator: an hour of one-minute readings of Kolam 1, DO crashing from the middle.
  const sim = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/probe-sim.ts',
      '--farm',
      farmId,
      '--token',
      owner.token,
      '--url',
      baseURL ?? '',
      '--ponds',
      '1',
      '--minutes',
      '60',
      '--rate',
      '1m',
      '--keys-file',
      `test-results/probe-sim-${farmId}.json`,
    ],
    { timeout: 30_000 },
  );
  expect(sim.stdout).toContain('DO crash in Kolam 1');
  expect(sim.stdout).toMatch(/Kolam 1: stored \d+, duplicates 0, refused 0/);

  const phone = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const small = await phone.newPage();
  await new AccountPages(small).signIn(owner);
  await small.goto(`/farm/${farmId}/pond/${pondIds['Kolam 1']}`);
  const panel = small.getByTestId('probe-panel');
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('DO di luar standar sejak');
  await expect(panel.getByTestId('probe-line').first()).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await small.screenshot({ path: 'test-results/probes-pond-360.png', fullPage: true });

  await page.goto(`/farm/${farmId}/attention`);
  const board = page.locator('[data-kind="probe_alert"]');
  await expect(board).toHaveCount(1);
  await expect(board).toContainText('Kolam 1');
  await expect(board).toContainText('Probe: DO');
  await page.screenshot({ path: 'test-results/probes-board-1280.png', fullPage: true });
  await phone.close();
  await desktop.close();
});
