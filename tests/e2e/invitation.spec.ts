import { expect } from '@playwright/test';
import { AccountPages } from './pages/account-pages.ts';
import { TodayPages } from './pages/today-pages.ts';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';
import { uniqueEmail } from './support/dev-outbox.ts';
import { test } from './support/test.ts';

/**
 * A person without an account is invited to a farm (issue 12 point 6): the mail, in the
 * inviter's language, names the farm and the inviter and carries a registration link;
 * registering through it (with an address of their own) and signing in opens that farm.
 */
test('a new person registers through the invitation link and lands in the farm', async ({
  browser,
  request,
}) => {
  const t = Date.now().toString(36);
  const owner = await apiSignUp(request, `Bu Ratna ${t}`, uniqueEmail(`ratna.${t}`));
  const ownerApi = new ApiAs(request, owner.token);
  const farmName = `Tambak Undangan ${t}`;
  const { farmId, pondIds } = await apiFarm(ownerApi, farmName, ['Kolam 1']);
  const invited = uniqueEmail(`sari.${t}`);
  await ownerApi.post('/userFarm', {
    farm_id: farmId,
    email: invited,
    role_id: 3,
    ponds: [{ pond_id: pondIds['Kolam 1'], access_level: 1 }],
  });

  // The mail, as Sari reads it.
  let mail = { subject: '', body: '' };
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(invited)}`);
      mail = (await res.json()).data[0] ?? mail;
      return mail.subject;
    })
    .toBe(`${owner.name} mengundang Anda ke tambak ${farmName}`);
  expect(mail.body).toContain('Anda belum punya akun: daftar lewat tautan ini');
  const link = mail.body.match(/https?:\/\/\S+\/register\?invite=\S+/)?.[0];
  expect(link).toBeTruthy();

  // She opens the link on her phone and registers with her own address.
  const context = await browser.newContext({ viewport: { width: 360, height: 800 }, locale: 'id-ID' });
  const page = await context.newPage();
  await page.goto(new URL(link as string).pathname + new URL(link as string).search);
  await expect(page.getByText('Anda diundang ke sebuah tambak.')).toBeVisible();
  const sari = { name: `Sari ${t}`, email: uniqueEmail(`sari.pribadi.${t}`), password: 'rahasia-456' };
  await page.getByLabel('Nama pengguna').fill(sari.name);
  await page.getByRole('textbox', { name: 'Email' }).fill(sari.email);
  await page.getByLabel('Kata sandi', { exact: true }).fill(sari.password);
  await page.getByLabel('Ulangi kata sandi').fill(sari.password);
  await page.getByRole('button', { name: 'Daftar', exact: true }).click();
  await expect(page).toHaveURL(/\/login/);

  // Signed in, the app opens the farm she was invited to.
  await new AccountPages(page).signIn(sari);
  // A keeper's farm opens on her Today list (issue 31), the farm's name under the title.
  await expect(page).toHaveURL(new RegExp(`/farm/${farmId}/today$`), { timeout: 30_000 });
  await new TodayPages(page, farmId).ready();
  await expect(page.locator('main .page-header__subtitle')).toContainText(farmName);
  await context.close();
});
