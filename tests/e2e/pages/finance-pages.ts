import { expect, type Page } from '@playwright/test';

/** The finance screens, in Indonesian (the default language). */
export class FinancePages {
  constructor(private readonly page: Page) {}

  async open(farmId: string, tab?: 'accounts' | 'transactions' | 'statistics'): Promise<void> {
    await this.page.goto(`/farm/${farmId}/finance${tab ? `?tab=${tab}` : ''}`);
    await expect(this.page.getByRole('heading', { name: 'Keuangan', level: 1 })).toBeVisible();
  }

  async tab(name: 'Akun' | 'Transaksi' | 'Statistik'): Promise<void> {
    await this.page.getByRole('tab', { name }).click();
  }

  dialog() {
    return this.page.getByRole('dialog');
  }

  async addAccount(name: string, opened: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Tambah akun' }).click();
    const d = this.dialog();
    await d.getByLabel('Nama akun').fill(name);
    await d.getByLabel('Tanggal dibuka').fill(opened);
    await d.getByRole('button', { name: 'Simpan' }).click();
    await expect(d).toBeHidden();
    await expect(this.page.getByTestId('finance-account').filter({ hasText: name })).toBeVisible();
  }

  async record(t: {
    type: 'Pemasukan' | 'Pengeluaran';
    category: string;
    amount: string;
    date: string;
    note?: string;
    /** A receipt photo, taken with the dialog's camera input. */
    receipt?: Buffer;
  }) {
    await this.page.getByRole('button', { name: 'Catat transaksi' }).click();
    const d = this.dialog();
    await d.getByLabel('Jenis').selectOption({ label: t.type });
    await d.getByLabel('Kategori').selectOption({ label: t.category });
    await d.getByLabel('Jumlah (Rp)').fill(t.amount);
    await d.getByLabel('Tanggal').fill(t.date);
    if (t.note) await d.getByLabel(/Catatan/).fill(t.note);
    if (t.receipt) {
      await d
        .getByTestId('photo-camera-input')
        .setInputFiles({ name: 'nota.jpg', mimeType: 'image/jpeg', buffer: t.receipt });
      await expect(d.locator('[data-photo-status="new"] img')).toBeVisible();
    }
    await d.getByRole('button', { name: 'Simpan' }).click();
    await expect(d).toBeHidden();
  }

  async closeAccount(name: string, date: string): Promise<void> {
    await this.page.getByRole('button', { name: `Tutup akun ${name}` }).click();
    const d = this.dialog();
    await d.getByLabel('Tanggal tutup').fill(date);
    await d.getByRole('button', { name: 'Tutup akun' }).click();
    await expect(d).toBeHidden();
  }
}
