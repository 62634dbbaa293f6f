import { expect } from '@playwright/test';
import { uniqueEmail } from './support/dev-outbox.ts';
import { test } from './support/test.ts';

/**
 * Issue 28 point 6: the registration message says what was sent (a link to confirm the
 * email; the code comes only at sign-in), in the app's language. SHOTS_DIR saves shots.
 */
for (const lang of ['id', 'en'] as const)
  test(`the registration message names the link sent, ${lang}`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 800 }, locale: 'id-ID' });
    const page = await context.newPage();
    await page.goto('/register');
    if (lang === 'en') {
      await page.evaluate(() => localStorage.setItem('tambak:language', 'en'));
      await page.reload();
    }
    const email = uniqueEmail(`daftar.${lang}`);
    await page.getByLabel(lang === 'en' ? 'Username' : 'Nama pengguna').fill(`Bu Sari ${lang}`);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel(lang === 'en' ? 'Password' : 'Kata sandi', { exact: true }).fill('rahasia-123');
    await page.getByLabel(lang === 'en' ? 'Repeat password' : 'Ulangi kata sandi').fill('rahasia-123');
    await page.getByRole('button', { name: lang === 'en' ? 'Register' : 'Daftar', exact: true }).click();
    const message =
      lang === 'en'
        ? `Registered. We sent a link to ${email} to confirm your email. Please sign in.`
        : `Pendaftaran berhasil. Kami mengirim tautan ke ${email} untuk memastikan email Anda. Silakan masuk.`;
    await expect(page.getByText(message)).toBeVisible();
    const dir = process.env.SHOTS_DIR;
    if (dir) await page.screenshot({ path: `${dir}/register-message-${lang}-360.png` });
    await context.close();
  });
