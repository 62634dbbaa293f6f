import { expect, type Page } from '@playwright/test';

/** The warehouse screens as a farm manager or pond keeper uses them (Indonesian UI). */
export class WarehousePages {
  constructor(private readonly page: Page) {}

  async waitForServiceWorker(): Promise<void> {
    await this.page.waitForFunction(() => navigator.serviceWorker?.controller !== null);
  }

  async openWarehouse(farmId: string): Promise<void> {
    await this.page.goto(`/farm/${farmId}/warehouse`);
    await expect(this.page.getByRole('heading', { name: 'Gudang', exact: true })).toBeVisible();
  }

  /** Back to the warehouse inside the app (no page load: works offline). */
  async backToWarehouse(): Promise<void> {
    await this.page.locator('.page-header__back').click();
    await expect(this.page.getByRole('heading', { name: 'Gudang', exact: true })).toBeVisible();
  }

  item(name: string) {
    return this.page.getByTestId('warehouse-item').filter({ hasText: name });
  }

  async openItem(name: string): Promise<void> {
    await this.item(name).first().click();
    await expect(this.page.getByRole('heading', { name })).toBeVisible();
  }

  async restock(qty: string, price: string): Promise<void> {
    const form = this.page.getByTestId('store-form');
    await form.getByLabel(/^Jumlah/).fill(qty);
    await form.getByLabel('Harga per satuan (Rp)').fill(price);
    await form.getByRole('button', { name: 'Simpan' }).click();
    await expect(form.getByLabel(/^Jumlah/)).toHaveValue('');
  }

  /** Feed entry: one item, quantities per pond at a time; saves and waits for the toast. */
  async recordFeed(
    farmId: string,
    item: string,
    quantities: Record<string, string>,
    time = '06:00',
  ): Promise<void> {
    if (!this.page.url().endsWith('/feed/add')) await this.page.goto(`/farm/${farmId}/feed/add`);
    await expect(this.page.getByRole('heading', { name: 'Input pakan', exact: true })).toBeVisible();
    const select = this.page.getByLabel('Barang');
    const value = await select.locator('option', { hasText: item }).getAttribute('value');
    await select.selectOption(value ?? '');
    for (const [pond, qty] of Object.entries(quantities)) {
      await this.page.getByRole('textbox', { name: `Jumlah ${pond} jam ${time}` }).fill(qty);
    }
    await this.page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await expect(this.page.getByText(`${Object.keys(quantities).length} catatan tersimpan`)).toBeVisible();
  }

  stock() {
    return this.page.getByTestId('item-stock');
  }
}
