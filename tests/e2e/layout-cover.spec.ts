import { expect, type Locator, type Page } from '@playwright/test';
import { farmDayMinus } from './pages/stock-pages.ts';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';
import { type CoverOptions, coverCheck, floatingSweep } from './support/cover-check.ts';
import { uniqueEmail } from './support/dev-outbox.ts';
import { FULL_MATRIX } from './support/matrix.ts';
import { test } from './support/test.ts';

/** Starter product "Pakan udang crumble #0" (migration 0016). */
const CRUMBLE = '01930000-0000-7000-8000-000000000001';

/**
 * Issue 12 point 9: at 360×800 the floating chat, help and install buttons covered fields
 * and the save button, and toasts covered the bottom form row. Every main screen, in both
 * languages: each input, select, textarea and submit button, brought into view, is fully
 * visible and no fixed or sticky element overlaps it; then with the on-screen keyboard
 * open (the viewport shrunk to 360×450 as a phone's keyboard leaves it) each focused field
 * and its form's save button are visible and uncovered. Some screens run the check while a
 * toast is up; and at 1280×800 the fields scroll clear of the floating buttons too.
 * Screenshots land in test-results/layout for a person to look at.
 */
const PHONE = { width: 360, height: 800 };
const KEYBOARD = { width: 360, height: 450 };
const DESKTOP = { width: 1280, height: 800 };

interface Screen {
  name: string;
  path: string;
  /** What shows once the screen is ready. */
  ready: (page: Page) => Locator;
  /** A step after the screen is ready (e.g. open a conversation); waits for its result. */
  open?: (page: Page) => Promise<void>;
  /** Brings up a real toast (the check then runs while it shows). */
  toast?: (page: Page) => Promise<void>;
}

const submit = (page: Page) => page.locator('main button[type=submit]').first();
const heading = (page: Page) => page.locator('main h1').first();

function guestScreens(): Screen[] {
  return [
    {
      name: 'login',
      path: '/login',
      ready: submit,
      toast: async (page) => {
        // An address nobody registered: the server refuses, a red toast says so.
        await page.locator('input[name=email]').fill('tidak.terdaftar@example.com');
        await page.locator('input[name=password]').fill('salah-sandi-123');
        await submit(page).click();
      },
    },
    { name: 'register', path: '/register', ready: submit },
    { name: 'forgot-password', path: '/forgot-password', ready: submit },
    { name: 'reset-password', path: '/reset/password?email=a%40b.c&signature=x', ready: heading },
  ];
}

function farmScreens(farmId: string, pondId: string, colleague: string): Screen[] {
  const farm = `/farm/${farmId}`;
  const tabs = ['farm', 'blocks', 'ponds', 'users', 'standards', 'embed', 'times', 'language'].map(
    (tab): Screen => ({
      name: `settings-${tab}`,
      path: `${farm}/settings?tab=${tab}`,
      ready: (page) => page.locator('main [role=tabpanel]').first(),
    }),
  );
  return [
    { name: 'farm-index', path: '/farm', ready: heading },
    { name: 'farm-registration', path: '/farm-registration', ready: submit },
    {
      name: 'farm-home',
      path: `${farm}?home=farm`,
      ready: (page) => page.getByText('Kolam 10', { exact: true }),
    },
    ...tabs,
    { name: 'pond', path: `${farm}/pond/${pondId}`, ready: heading },
    {
      name: 'water-entry',
      path: `${farm}/water-quality/add`,
      ready: (page) => page.locator('main input[inputmode=decimal]').first(),
    },
    {
      name: 'profile',
      path: '/profile',
      ready: submit,
      toast: async (page) => {
        await submit(page).click(); // save the profile as it is: a green "saved" toast
      },
    },
    { name: 'sync', path: '/sync', ready: heading },
    { name: 'sync-chat-user', path: '/sync-chat-user', ready: heading },
    { name: 'chat', path: '/chat', ready: (page) => page.locator('.chat-sidebar') },
    {
      name: 'chat-conversation',
      path: '/chat',
      ready: (page) => page.locator('.chat-sidebar'),
      open: async (page) => {
        await page.locator('.chat-tabs__tab').nth(1).click();
        await page.locator('.chat-sidebar input[type="search"]').fill(colleague);
        await page.locator('.chat-sidebar .chat-item__open', { hasText: colleague }).click();
        await expect(page.locator('.chat-composer__input')).toBeVisible();
      },
    },
  ];
}

/** Every other screen of the route table that a farm member opens (issue 31: "visits every screen"). */
function moreFarmScreens(farmId: string, pondId: string, itemId: string): Screen[] {
  const farm = `/farm/${farmId}`;
  const at = (name: string, path: string, ready: Screen['ready'] = heading): Screen => ({
    name,
    path,
    ready,
  });
  const decimal = (page: Page) => page.locator('main input[inputmode=decimal]').first();
  return [
    at('today', `${farm}/today`, (page) => page.getByTestId('today-slot').first()),
    at('review', `${farm}/review`, (page) => page.getByTestId('review-summary')),
    at('analysis', `${farm}/analysis`),
    at('report', `${farm}/report`),
    at('comparison', `${farm}/comparison`),
    at('overview', `${farm}/overview`),
    at('history', `${farm}/history`),
    at('warehouse', `${farm}/warehouse`),
    at('warehouse-item', `${farm}/warehouse/${itemId}`),
    at('purchase-order', `${farm}/purchase-order`),
    at('finance', `${farm}/finance`),
    at('finance-settings', `${farm}/finance/settings`),
    at('feed-entry', `${farm}/feed/add`, decimal),
    at('use-item-entry', `${farm}/use-item/add`),
    at('anco-entry', `${farm}/feed-tray/add`, (page) => page.getByTestId('anco-pond').first()),
    at('sampling-entry', `${farm}/sampling/add`, (page) => page.locator('.sampling-card').first()),
    at('water-change', `${farm}/water-change`),
    at('notes', `${farm}/notes`),
    at('disease-alert', `${farm}/disease-alert`),
    at('death-alert', `${farm}/death-alert`),
    at('stock-entry', `${farm}/stock/add?pond_id=${pondId}`),
    at('harvest-entry', `${farm}/harvest/add?pond_id=${pondId}`),
    at('death-entry', `${farm}/death/add?pond_id=${pondId}`),
    at('death-pond-choice', `${farm}/death/add`),
    at('larvae-count', `${farm}/larvae-count`),
    at('notifications', '/notifications'),
  ];
}

/** Issue 31: at 360 px every control is 44×44 px or more and uncovered, and no page is wider than the screen. */
async function checkTaps(page: Page, screen: Screen, lang: string, problems: string[]) {
  await page.setViewportSize(PHONE);
  await page.goto(screen.path);
  // The first farm screen waits for the phone's first sync.
  await expect(screen.ready(page)).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.spinner')).toHaveCount(0, { timeout: 30_000 });
  await screen.open?.(page);
  const report = await coverCheck(page, { mode: 'scroll', tapSize: 44 });
  const swept = await floatingSweep(page);
  const found = [...report.problems, ...swept].map((p) => `${lang} ${screen.name}: ${p}`);
  // Printed as found: a long run that stops early still tells what it saw.
  for (const line of found) console.log(line);
  problems.push(...found);
  await page.screenshot({ path: `test-results/layout/taps-${screen.name}-${lang}.png` });
}

async function checkScreen(page: Page, screen: Screen, lang: string, problems: string[]) {
  await page.setViewportSize(PHONE);
  await page.goto(screen.path);
  await expect(screen.ready(page)).toBeVisible();
  await expect(page.locator('.spinner')).toHaveCount(0);
  await screen.open?.(page);
  const run = async (options: CoverOptions) => {
    const report = await coverCheck(page, options);
    problems.push(...report.problems.map((p) => `${lang} ${screen.name}: ${p}`));
    return report;
  };

  await run({ mode: 'scroll' });
  await page.screenshot({ path: `test-results/layout/${screen.name}-${lang}.png`, fullPage: true });
  if (screen.toast) {
    await screen.toast(page);
    await expect(page.locator('.toast').first()).toBeVisible();
    await run({ mode: 'scroll', requireToast: true });
    await page.screenshot({ path: `test-results/layout/${screen.name}-${lang}-toast.png` });
  }
  await page.setViewportSize(KEYBOARD);
  const typed = await run({ mode: 'keyboard' });
  if (typed.checked.length > 0) {
    await page
      .locator(
        'main :is(input[type=text], input[type=email], input[type=password], input[type=tel], input[type=search], input:not([type]), select, textarea)',
      )
      .filter({ visible: true })
      .first()
      .focus();
    await page.screenshot({ path: `test-results/layout/${screen.name}-${lang}-keyboard.png` });
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  }
  // A desktop has no on-screen keyboard, but the same buttons float at the bottom right.
  await page.setViewportSize(DESKTOP);
  await expect(screen.ready(page)).toBeVisible();
  await run({ mode: 'scroll' });
  await page.screenshot({ path: `test-results/layout/${screen.name}-${lang}-desktop.png` });
}

// Four long, independent sweeps: both workers take them (ADR 0061).
test.describe.configure({ mode: 'parallel' });

for (const lang of ['id', 'en'] as const) {
  // npm test runs the size sweep in Indonesian (the longest words) and the floating sweep in
  // English, so each language is swept once; E2E_MATRIX=full runs both sweeps in both.
  if (FULL_MATRIX || lang === 'id')
    test(`every control at 360 px is 44×44 px or more and uncovered at every scroll position, no page wider than the screen (${lang})`, async ({
      browser,
      request,
    }) => {
      test.setTimeout(1_500_000);
      const owner = await apiSignUp(request, 'Budi');
      const api = new ApiAs(request, owner.token);
      const ponds = Array.from({ length: 10 }, (_, i) => `Kolam ${i + 1}`);
      const { farmId, pondIds } = await apiFarm(api, 'Tambak Sumber Rejeki', ponds);
      for (const pond of ponds.slice(0, 3))
        await api.post('/cycle', { pond_id: pondIds[pond], start_date: farmDayMinus(20) });
      const item = await api.post<{ warehouse_id: string }>('/warehouse', {
        farm_id: farmId,
        product_id: CRUMBLE,
        minimum_stock: 0,
      });
      const keeper = await apiSignUp(request, `Sari ${Date.now().toString(36)}`, uniqueEmail('sari'));
      await api.post('/userFarm', { farm_id: farmId, email: keeper.email, role_id: 3, ponds: [] });
      const context = await browser.newContext({
        viewport: PHONE,
        locale: lang === 'id' ? 'id-ID' : 'en-US',
      });
      const page = await context.newPage();
      await page.addInitScript((l) => localStorage.setItem('tambak:language', l), lang);
      const problems: string[] = [];

      for (const screen of guestScreens()) await checkTaps(page, screen, lang, problems);
      await page.evaluate(
        ([token, user]) => localStorage.setItem('tambak:session', JSON.stringify({ token, user })),
        [owner.token, await api.get('/user')] as const,
      );
      const screens = [
        ...farmScreens(farmId, pondIds['Kolam 1'], keeper.name),
        ...moreFarmScreens(farmId, pondIds['Kolam 1'], item.warehouse_id),
      ];
      for (const screen of screens) await checkTaps(page, screen, lang, problems);
      expect(problems).toEqual([]);
      await context.close();
    });

  if (FULL_MATRIX || lang === 'en')
    test(`no floating element covers a field or the save button at 360×800 (${lang})`, async ({
      browser,
      request,
    }) => {
      test.setTimeout(300_000);
      const owner = await apiSignUp(request, 'Budi');
      const api = new ApiAs(request, owner.token);
      const ponds = Array.from({ length: 10 }, (_, i) => `Kolam ${i + 1}`);
      const { farmId, pondIds } = await apiFarm(api, 'Tambak Sumber Rejeki', ponds);
      // A keeper on the same farm to chat with (the chat lists the people of one's farms).
      const keeper = await apiSignUp(request, `Sari ${Date.now().toString(36)}`, uniqueEmail('sari'));
      await api.post('/userFarm', { farm_id: farmId, email: keeper.email, role_id: 3, ponds: [] });
      await api.get('/chat/users');
      await new ApiAs(request, keeper.token).get('/chat/users');
      const context = await browser.newContext({
        viewport: PHONE,
        locale: lang === 'id' ? 'id-ID' : 'en-US',
      });
      const page = await context.newPage();
      await page.addInitScript((l) => localStorage.setItem('tambak:language', l), lang);
      const problems: string[] = [];

      for (const screen of guestScreens()) await checkScreen(page, screen, lang, problems);

      await page.evaluate(
        ([token, user]) => localStorage.setItem('tambak:session', JSON.stringify({ token, user })),
        [owner.token, await api.get('/user')] as const,
      );
      for (const screen of farmScreens(farmId, pondIds['Kolam 1'], keeper.name)) {
        await checkScreen(page, screen, lang, problems);
      }
      expect(problems).toEqual([]);
      await context.close();
    });
}
