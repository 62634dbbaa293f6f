import { expect, type Page } from '@playwright/test';

/** A day `n` days before the farm's today (WIB), as the forms take it (YYYY-MM-DD). */
export function farmDayMinus(n: number): string {
  return new Date(Date.now() + 7 * 3_600_000 - n * 86_400_000).toISOString().slice(0, 10);
}

/** The pond page's production cards and the stocking, harvest and death forms, in Indonesian. */
export class StockPages {
  constructor(private readonly page: Page) {}

  async openPond(farmId: string, pondId: string): Promise<void> {
    await this.page.goto(`/farm/${farmId}/pond/${pondId}`);
    await expect(this.page.getByRole('heading', { name: 'Tebar', exact: true })).toBeVisible();
  }

  private async submit(): Promise<void> {
    await this.page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await expect(this.page).toHaveURL(/\/pond\//);
  }

  async stock(values: { date: string; net: string; actual: string; source?: string }): Promise<void> {
    await this.page.getByRole('link', { name: 'Tebar', exact: true }).click();
    await expect(this.page).toHaveURL(/\/stock\/add/);
    await this.page.getByLabel('Tanggal tebar').fill(values.date);
    await this.page.getByLabel('Jumlah benur (nota)').fill(values.net);
    await this.page.getByLabel('Jumlah benur (aktual)').fill(values.actual);
    if (values.source) await this.page.getByLabel('Asal benur (hatchery)').fill(values.source);
    await this.submit();
  }

  async recordDeaths(values: { date: string; count: string; weight?: string }): Promise<void> {
    await this.page.getByRole('link', { name: 'Kematian', exact: true }).click();
    await expect(this.page).toHaveURL(/\/death\/add/);
    await this.page.getByLabel('Tanggal').fill(values.date);
    await this.page.getByLabel('Jumlah mati (ekor)').fill(values.count);
    if (values.weight) await this.page.getByLabel('Berat total (kg)').fill(values.weight);
    await this.submit();
  }

  async harvest(values: {
    date: string;
    type: string;
    weight: string;
    size: string;
    price: string;
  }): Promise<void> {
    await this.page.getByRole('link', { name: 'Panen', exact: true }).click();
    await expect(this.page).toHaveURL(/\/harvest\/add/);
    await this.page.getByLabel('Tanggal panen').fill(values.date);
    await this.page.getByLabel('Jenis panen').selectOption({ label: values.type });
    await this.page.getByLabel('Berat (kg)').fill(values.weight);
    await this.page.getByLabel('Size (ekor/kg)').fill(values.size);
    await this.page.getByLabel('Harga per kg (Rp)').fill(values.price);
    await this.submit();
  }

  /** The overview table row of a pond (desktop), cell texts in column order. */
  async overviewRow(farmId: string, pondName: string): Promise<string[]> {
    await this.page.goto(`/farm/${farmId}/overview`);
    // The overview's own table (the forecast card below it has a row per pond too).
    const row = this.page
      .locator('table.overview-table')
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: new RegExp(pondName) }) });
    await expect(row).toBeVisible();
    return row.getByRole('cell').allInnerTexts();
  }

  /** Outbox entries still on the phone. */
  outboxCount(): Promise<number> {
    return this.page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('tambak');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const count = open.result.transaction('outbox', 'readonly').objectStore('outbox').count();
            count.onsuccess = () => {
              resolve(count.result);
              open.result.close();
            };
          };
        }),
    );
  }
}
