import { expect, type Page } from '@playwright/test';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';
import { test } from './support/test.ts';

test.use({ viewport: { width: 1280, height: 800 } });

async function signIn(page: Page, token: string, user: unknown): Promise<void> {
  await page.addInitScript(
    ([t, me]) => localStorage.setItem('tambak:session', JSON.stringify({ token: t, user: me })),
    [token, user] as const,
  );
}

/**
 * Seed 000 §2: the sidebar is usable when the member may view water quality or anco, or may
 * add sampling, disease, death, stock, harvest or cycle. A viewer whose farm took all of
 * that away gets the compact navigation (the bottom bar) on a desktop too; the owner keeps
 * the sidebar.
 */
test('a member who may do none of the sidebar’s work gets the compact navigation; the owner the sidebar', async ({
  page,
  browser,
  request,
}) => {
  const owner = await apiSignUp(request, 'Sari');
  const member = await apiSignUp(request, 'Gudang');
  const api = new ApiAs(request, owner.token);
  const { farmId } = await apiFarm(api, 'Tambak Gudang', ['Kolam 1']);
  await api.post('/userFarm', { farm_id: farmId, email: member.email, role_id: 4, ponds: [] });
  const none = ['water_quality', 'cycle', 'sampling', 'disease', 'death', 'stock', 'harverst'];
  await request.put('/api/permission', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: {
      farm_id: farmId,
      role_id: 4,
      permissions: none.map((feature_name) => ({ feature_name, action: -1 })),
    },
  });

  await signIn(page, owner.token, await api.get('/user'));
  await page.goto(`/farm/${farmId}/warehouse`);
  const sidebar = page.locator('nav.sidebar');
  await expect(sidebar).toBeVisible();
  await expect(page.locator('nav.bottom-nav')).toBeHidden();

  const memberContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const memberPage = await memberContext.newPage();
  await signIn(memberPage, member.token, await new ApiAs(request, member.token).get('/user'));
  await memberPage.goto(`/farm/${farmId}/warehouse`);
  const bottom = memberPage.locator('nav.bottom-nav');
  await expect(bottom).toBeVisible();
  await expect(bottom.getByRole('link', { name: 'Gudang' })).toBeVisible();
  await expect(memberPage.locator('nav.sidebar')).toHaveCount(0);
  await memberPage.screenshot({ path: 'test-results/sidebar-rule-compact-1280.png' });
  await memberContext.close();
});

/**
 * The manager's morning (JOURNEYS.md): the board, then the cycle overview with its harvest
 * plan. The overview was reached only from a pond's page; now the board, the farm home and
 * the sidebar link it. On a 360 px phone the bottom bar's five labels read whole.
 */
test('a manager reaches the cycle overview from the board on a phone and from the sidebar; the bottom bar’s labels read whole', async ({
  browser,
  request,
}) => {
  const owner = await apiSignUp(request, 'Rina');
  const manager = await apiSignUp(request, 'Budi');
  const api = new ApiAs(request, owner.token);
  const { farmId } = await apiFarm(api, 'Tambak Rencana', ['Kolam 1']);
  await api.post('/userFarm', { farm_id: farmId, email: manager.email, role_id: 2, ponds: [] });
  const me = await new ApiAs(request, manager.token).get('/user');
  const overview = { id: 'Ringkasan siklus', en: 'Cycle overview' } as const;
  for (const lang of ['id', 'en'] as const) {
    const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    await signIn(page, manager.token, me);
    await page.addInitScript((l) => localStorage.setItem('tambak:language', l), lang);
    await page.goto(`/farm/${farmId}`);
    await expect(page).toHaveURL(/\/attention$/);
    const labels = page.locator('nav.bottom-nav .nav-link span');
    await expect(labels).toHaveCount(5);
    const cut = await labels.evaluateAll((spans) =>
      spans.filter((s) => s.scrollWidth > s.clientWidth).map((s) => s.textContent),
    );
    expect(cut, `${lang}: bottom bar labels cut short`).toEqual([]);
    await page.screenshot({ path: `test-results/manager-board-360-${lang}.png` });
    await page.getByRole('link', { name: overview[lang] }).click();
    await expect(page.getByRole('heading', { name: overview[lang] })).toBeVisible();
    await context.close();
  }
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await desk.newPage();
  await signIn(page, manager.token, me);
  await page.goto(`/farm/${farmId}/warehouse`);
  await page.locator('nav.sidebar').getByRole('link', { name: overview.id }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole('heading', { name: overview.id })).toBeVisible();
});
