import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect } from '@playwright/test';
import { AccountPages } from './pages/account-pages.ts';
import { apiSignUp } from './support/api-setup.ts';
import { uniqueEmail } from './support/dev-outbox.ts';
import { test } from './support/test.ts';

const run = promisify(execFile);

/**
 * Issue 14 point 9: `npm run demo` loads the demo farm into the database the server uses,
 * and a new user opens it read-only from the first screen. The loader runs here as the
 * project command does, against the e2e server's database.
 */
test('a new user opens the demo farm read-only from the first screen', async ({ page, request }) => {
  test.setTimeout(180_000);
  const databaseUrl = `postgres://postgres:postgres@127.0.0.1:${Number(process.env.E2E_PG_PORT ?? 54399)}/tambak`;
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'scripts/demo-data.ts', '--ponds', '3', '--days', '60'],
    { env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' }, timeout: 150_000 },
  );
  expect(stdout).toMatch(/Demo farm [0-9a-f-]{36}: \d+ records/);

  const t = Date.now().toString(36);
  const user = await apiSignUp(request, `Pak Joko ${t}`, uniqueEmail(`joko.${t}`));
  await new AccountPages(page).signIn(user);
  await expect(page).toHaveURL(/\/farm-registration/);
  await page.getByRole('button', { name: 'Buka tambak demo' }).click();
  await expect(page).toHaveURL(/\/farm\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Tambak Demo Sumber Rejeki' })).toBeVisible();
  // Read-only: every pond says so, and no entry button is offered.
  await expect(page.getByText('Hanya lihat').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Input kualitas air' })).toHaveCount(0);
});
