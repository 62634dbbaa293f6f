import { expect, type Page } from '@playwright/test';
import pg from 'pg';
import { ApiAs, apiSignUp } from './support/api-setup.ts';
import { test } from './support/test.ts';

/**
 * Error tracing (issue 30 point 1, ADR 0067): an error thrown while a screen draws is
 * caught by its feature boundary, queued on the phone while offline, sent when the signal
 * is back, and listed for system admins with its stack mapped to the source and its
 * release; at sample rate 0 nothing is sent. The page's own requests (no worker), so the
 * test sees each report.
 */
test.use({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });

const DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${Number(process.env.E2E_PG_PORT ?? 54399)}/tambak`;
const TEST_ERROR = 'Tambak test error from the error reports screen';
const isReport = (url: string) => new URL(url).pathname === '/api/errors/report';
const isConfig = (url: string) => new URL(url).pathname === '/api/errors/config';

/** Makes the user a system admin and clears earlier runs' test error group. */
async function makeSystemAdmin(email: string): Promise<void> {
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    const res = await db.query('UPDATE users SET is_system_admin = true WHERE lower(email) = lower($1)', [
      email,
    ]);
    expect(res.rowCount).toBe(1);
    // A run before this one (repeats, a retry) left its group of the test error.
    await db.query('DELETE FROM error_groups WHERE message = $1', [TEST_ERROR]);
  } finally {
    await db.end();
  }
}

/** Rows waiting in the phone's error queue (Dexie store `errorQueue`). */
function queued(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('tambak');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('errorQueue').objectStore('errorQueue').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      }),
  );
}

test('a thrown error is queued offline, sent after the signal is back and listed mapped; rate 0 sends nothing', async ({
  page,
  context,
  request,
}) => {
  const admin = await apiSignUp(request, 'Adi');
  await makeSystemAdmin(admin.email);
  const api = new ApiAs(request, admin.token);
  const setRate = (rate: number) =>
    request.put('/api/errors/config', {
      headers: { authorization: `Bearer ${admin.token}` },
      data: { sample_rate: rate },
    });
  const set = await setRate(1);
  expect(set.status(), await set.text()).toBe(200);
  const user = await api.get('/user');
  await page.addInitScript(
    ([token, me]) => localStorage.setItem('tambak:session', JSON.stringify({ token, user: me })),
    [admin.token, user] as const,
  );

  // The reporter is up once it sent this app start (rate 1: every session).
  const started = page.waitForResponse((r) => isReport(r.url()) && r.status() === 202);
  await page.goto('/admin/errors');
  await expect(page.getByRole('heading', { name: 'Laporan kesalahan' })).toBeVisible();
  await started;

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Buat kesalahan uji' }).click();
  const part = page.getByRole('alert').filter({ hasText: 'Bagian ini mengalami kesalahan' });
  await expect(part).toBeVisible();
  await expect.poll(() => queued(page)).toBeGreaterThan(0);

  const sent = page.waitForResponse((r) => isReport(r.url()) && r.status() === 202);
  await context.setOffline(false);
  const report = (await sent).request().postDataJSON();
  expect(report.events).toEqual([
    expect.objectContaining({ message: TEST_ERROR, kind: 'boundary', route: '/admin/errors' }),
  ]);
  await expect.poll(() => queued(page)).toBe(0);

  await page.reload();
  const group = page.getByTestId('error-group').filter({ hasText: TEST_ERROR });
  await expect(group).toBeVisible();
  await expect(group).toContainText('src/features/errors/test-error.tsx');
  await expect(group).toContainText(`Rilis ${report.release}`);
  await expect(group).toContainText('1 kali');
  await expect(page.locator('.error-releases')).toContainText(report.release);
  await page.screenshot({ path: 'test-results/error-list-id-1280.png', fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: 'test-results/error-list-id-360.png', fullPage: true });
  await page.evaluate(() => localStorage.setItem('tambak:language', 'en'));
  await page.reload();
  await expect(page.getByTestId('error-group').filter({ hasText: TEST_ERROR })).toContainText('1 time');
  await page.screenshot({ path: 'test-results/error-list-en-360.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'test-results/error-list-en-1280.png', fullPage: true });

  // Rate 0: the reporter asks the rate, drops its queue and sends nothing.
  expect((await setRate(0)).ok()).toBe(true);
  const reports: string[] = [];
  page.on('request', (r) => {
    if (isReport(r.url())) reports.push(r.url());
  });
  const asked = page.waitForResponse((r) => isConfig(r.url()));
  await page.reload();
  await asked;
  // The send after the error asks the rate again: that is when it would have sent.
  const askedAgain = page.waitForResponse((r) => isConfig(r.url()));
  await page.getByRole('button', { name: 'Make a test error' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Something went wrong in this part' }),
  ).toBeVisible();
  await askedAgain;
  await expect.poll(() => queued(page)).toBe(0);
  expect(reports).toEqual([]);
  const overview = await api.get<{ groups: { message: string; count: number }[] }>('/errors');
  expect(overview.groups.find((g) => g.message === TEST_ERROR)?.count).toBe(1);
});
