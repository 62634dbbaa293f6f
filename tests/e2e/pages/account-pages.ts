import { expect, type Page } from '@playwright/test';
import { readCode } from '../support/dev-outbox.ts';

/** The register and sign-in pages, in Indonesian (the default language). */
export class AccountPages {
  constructor(private readonly page: Page) {}

  async register(user: { name: string; email: string; password: string }): Promise<void> {
    await this.page.goto('/register');
    await this.page.getByLabel('Nama pengguna').fill(user.name);
    await this.page.getByRole('textbox', { name: 'Email' }).fill(user.email);
    await this.page.getByLabel('Kata sandi', { exact: true }).fill(user.password);
    await this.page.getByLabel('Ulangi kata sandi').fill(user.password);
    await this.page.getByRole('button', { name: 'Daftar', exact: true }).click();
    await expect(this.page).toHaveURL(/\/login/);
    // The URL changes before the sign-in screen replaces the register form: wait for it,
    // or the next fill could land in the form that is about to go.
    await expect(this.page.getByRole('button', { name: 'Kirim kode' })).toBeVisible();
  }

  /** Email + password, then the 6-digit code from the dev outbox. */
  async signIn(user: { email: string; password: string }): Promise<void> {
    if (!this.page.url().includes('/login')) await this.page.goto('/login');
    const sendCode = this.page.getByRole('button', { name: 'Kirim kode' });
    await expect(sendCode).toBeVisible();
    const email = this.page.getByRole('textbox', { name: 'Email' });
    const password = this.page.getByLabel('Kata sandi', { exact: true });
    await email.fill(user.email);
    await password.fill(user.password);
    await expect(email).toHaveValue(user.email);
    await expect(password).toHaveValue(user.password);
    await sendCode.click();
    await expect(this.page.getByText('Masukkan kode')).toBeVisible();
    const code = await readCode(this.page.request, user.email, new URL(this.page.url()).origin);
    await this.page.getByLabel('Kode verifikasi').fill(code);
    await this.page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await expect(this.page).not.toHaveURL(/\/login/);
  }

  /** The stored session token, for checking the API as this user. */
  token(): Promise<string> {
    return this.page.evaluate(() => JSON.parse(localStorage.getItem('tambak:session') ?? '{}').token);
  }
}
