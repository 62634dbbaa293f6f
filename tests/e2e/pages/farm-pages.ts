import { expect, type Locator, type Page } from '@playwright/test';

/** Farm registration, farm home and the settings tabs. */
export class FarmPages {
  constructor(private readonly page: Page) {}

  async registerFarm(name: string): Promise<string> {
    await expect(this.page).toHaveURL(/\/farm-registration/);
    await this.page.getByLabel('Nama tambak').fill(name);
    await this.page.getByRole('button', { name: 'Daftarkan tambak' }).click();
    await expect(this.page).toHaveURL(/\/farm\/[0-9a-f-]{36}\?home=farm$/);
    return this.farmId();
  }

  /** An owner's or manager's farm opens on the attention board; its "Ponds & blocks" link leads to the ponds. */
  async openPondsFromBoard(): Promise<void> {
    await expect(this.page).toHaveURL(/\/farm\/[0-9a-f-]{36}\/attention$/);
    await this.page.getByRole('main').getByRole('link', { name: 'Kolam & blok' }).click();
    await expect(this.page).toHaveURL(/\/farm\/[0-9a-f-]{36}\?home=farm$/);
  }

  farmId(): string {
    return this.page.url().match(/\/farm\/([0-9a-f-]{36})/)?.[1] ?? '';
  }

  async openSettings(tab: 'blocks' | 'ponds' | 'users' | 'farm' | 'times' | 'language'): Promise<void> {
    await this.page.goto(`/farm/${this.farmId()}/settings?tab=${tab}`);
  }

  private dialog(): Locator {
    return this.page.locator('dialog[open]');
  }

  async addBlock(name: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Tambah blok' }).click();
    await this.dialog().getByLabel('Nama blok').fill(name);
    await this.dialog().getByRole('button', { name: 'Simpan' }).click();
    await expect(this.page.getByText(name, { exact: true }).first()).toBeVisible();
  }

  async addPond(name: string, block: string, area: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Tambah kolam' }).click();
    await this.dialog().getByLabel('Nama kolam').fill(name);
    await this.dialog().getByLabel('Blok').selectOption({ label: block });
    await this.dialog().getByLabel('Luas (m²)').fill(area);
    await this.dialog().getByRole('button', { name: 'Simpan' }).click();
    await expect(this.page.getByText(name, { exact: true }).first()).toBeVisible();
  }

  /** Invites by email with a role and per-pond access (ponds not listed get no access). */
  async inviteByEmail(email: string, role: string, ponds: Record<string, string>): Promise<void> {
    await this.page.getByRole('button', { name: 'Undang pengguna' }).click();
    const dialog = this.dialog();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Peran').selectOption({ label: role });
    for (const [pond, access] of Object.entries(ponds)) {
      await dialog.getByRole('combobox', { name: new RegExp(`^${pond} ·`) }).selectOption({ label: access });
    }
    await dialog
      .getByRole('button', { name: /Undang|Simpan/ })
      .last()
      .click();
    await expect(this.page.getByText(email).first()).toBeVisible();
  }

  pondCards(): Locator {
    return this.page.locator('main').getByText(/^Kolam \d+$/);
  }
}
