import { expect, type Page } from '@playwright/test';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';
import { type AxeFinding, axeScan, axeSummary, blocking } from './support/axe.ts';
import { watchCsp } from './support/csp.ts';
import { test } from './support/test.ts';

/**
 * Browser quality over the main screens at phone and desktop width: axe finds no serious
 * or critical violation, the Content-Security-Policy is never violated, and hostile user
 * text (farm and pond names) is shown as literal text and never runs.
 */
const SIZES = [
  { name: 'phone', width: 360, height: 800 },
  { name: 'desktop', width: 1280, height: 800 },
];
const POND_XSS = '<img src=x onerror="window.__xss=1">';
const FARM_XSS = '<script>window.__xss=2</script>';
const SETTINGS_TABS = ['farm', 'blocks', 'ponds', 'users', 'standards', 'embed', 'times', 'language'];

declare global {
  interface Window {
    __xss?: number;
  }
}

/** Waits until the screen has its heading and the network is quiet, so axe sees it whole. */
async function settle(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  // Lazy tab panels and lists render after their data: give React one more frame.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
}

async function expectNoXss(page: Page): Promise<void> {
  expect(await page.evaluate(() => window.__xss)).toBeUndefined();
  expect(await page.locator('main img[src="x"], img[onerror]').count()).toBe(0);
}

// Independent screens per width and language: both workers take them (ADR 0061).
test.describe.configure({ mode: 'parallel' });

for (const size of SIZES) {
  test(`axe, CSP and inert user text on the main screens at ${size.name} width`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(300_000);
    const findings: AxeFinding[] = [];
    const screens: string[] = [];
    const scan = async (page: Page, screen: string) => {
      await settle(page);
      screens.push(screen);
      findings.push(
        ...(await axeScan(page, `${screen}-${size.name}`).then((f) => f.map((x) => ({ ...x, screen })))),
      );
    };

    // Guest screens.
    const guest = await browser.newContext({ viewport: size, locale: 'id-ID' });
    const guestPage = await guest.newPage();
    const guestCsp = await watchCsp(guestPage);
    for (const [path, screen] of [
      ['/login', 'login'],
      ['/register', 'register'],
      ['/forgot-password', 'forgot-password'],
    ]) {
      await guestPage.goto(path);
      await scan(guestPage, screen);
    }
    await guest.close();

    // Signed-in screens, on a farm and pond with hostile names.
    const owner = await apiSignUp(request, 'Budi');
    const api = new ApiAs(request, owner.token);
    const { farmId, pondIds } = await apiFarm(api, FARM_XSS, [POND_XSS, 'Kolam 2']);
    const pondId = pondIds[POND_XSS];
    const context = await browser.newContext({ viewport: size, locale: 'id-ID' });
    const page = await context.newPage();
    const csp = await watchCsp(page);
    const user = await api.get('/user');
    await page.addInitScript(
      ([token, u]) => localStorage.setItem('tambak:session', JSON.stringify({ token, user: u })),
      [owner.token, user] as const,
    );

    await page.goto(`/farm/${farmId}?home=farm`);
    await expect(page.getByText(POND_XSS, { exact: true }).first()).toBeVisible();
    await expect(page.getByText(FARM_XSS, { exact: true }).first()).toBeVisible();
    await expectNoXss(page);
    await scan(page, 'farm-home');

    for (const tab of SETTINGS_TABS) {
      await page.goto(`/farm/${farmId}/settings?tab=${tab}`);
      if (tab === 'ponds') await expect(page.getByText(POND_XSS, { exact: true }).first()).toBeVisible();
      if (tab === 'farm') {
        await expect(
          page
            .getByText(FARM_XSS, { exact: true })
            .or(page.getByRole('textbox', { name: /nama/i }))
            .first(),
        ).toBeVisible();
      }
      await scan(page, `settings-${tab}`);
      await expectNoXss(page);
    }

    await page.goto(`/farm/${farmId}/water-quality/add`);
    await expect(page.getByText(POND_XSS, { exact: true }).first()).toBeVisible();
    await scan(page, 'water-entry');
    await expectNoXss(page);

    await page.goto(`/farm/${farmId}/pond/${pondId}`);
    await scan(page, 'pond-detail');
    await expectNoXss(page);

    for (const [path, screen] of [
      ['/sync', 'sync'],
      ['/profile', 'profile'],
      ['/farm-registration', 'farm-registration'],
    ]) {
      await page.goto(path);
      await scan(page, screen);
    }
    await expectNoXss(page);

    // The watcher itself works: an injected inline script is blocked and reported.
    const seen = csp().length;
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__xss = 3';
      document.body.append(s);
    });
    await expect.poll(() => csp().length).toBeGreaterThan(seen);
    await expectNoXss(page);
    const violations = [...guestCsp(), ...csp().slice(0, seen)];
    await context.close();

    const summary = axeSummary(findings, screens);
    console.log(`axe at ${size.name} width:\n${summary}`);
    expect(blocking(findings), summary).toEqual([]);
    expect(violations).toEqual([]);
  });
}
