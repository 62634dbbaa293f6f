import { expect, type Page } from '@playwright/test';

type TrayStatus = 'Habis' | 'Sisa Sedikit' | 'Sisa Banyak';

/** The daily pond record screens (anco, water change, notes, disease alert), in Indonesian. */
export class RecordsPages {
  constructor(
    private readonly page: Page,
    private readonly farmId: string,
  ) {}

  private async open(path: string, heading: string): Promise<void> {
    await this.page.goto(`/farm/${this.farmId}/${path}`);
    await expect(this.page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }

  async openAnco(): Promise<void> {
    await this.open('feed-tray/add', 'Cek anco');
  }

  /** Taps one status per tray of a pond's card, in tray order. */
  async tapTrays(pond: string, statuses: TrayStatus[]): Promise<void> {
    const card = this.page.getByRole('region', { name: pond, exact: true });
    for (const [i, status] of statuses.entries()) {
      const button = card.getByRole('group', { name: `Anco ${i + 1}`, exact: true }).getByRole('button', {
        name: status,
        exact: true,
      });
      await button.click();
      await expect(button).toHaveAttribute('aria-pressed', 'true');
    }
  }

  advice(pond: string) {
    return this.page.getByRole('region', { name: pond, exact: true }).locator('.anco-advice');
  }

  async saveAnco(ponds: number): Promise<void> {
    await this.page.getByRole('button', { name: `Simpan ${ponds} kolam` }).click();
    await expect(this.page.getByText(new RegExp(`^${ponds} cek anco tersimpan`))).toBeVisible();
  }

  async openWaterChange(): Promise<void> {
    await this.open('water-change', 'Ganti air');
  }

  async enterWaterChange(pond: string, percent: string): Promise<void> {
    const card = this.page.locator('section.card', {
      has: this.page.getByRole('heading', { name: pond, exact: true }),
    });
    await card.getByLabel('Air diganti (%)').fill(percent);
  }

  async saveWaterChange(ponds: number): Promise<void> {
    await this.page.getByRole('button', { name: `Simpan ${ponds} kolam` }).click();
    await expect(this.page.getByText(new RegExp(`^${ponds} ganti air tersimpan`))).toBeVisible();
  }

  async openNotes(): Promise<void> {
    await this.open('notes', 'Catatan');
  }

  async addNote(title: string, tags: string, description: string, photo?: Buffer): Promise<void> {
    await this.page.getByLabel('Judul').fill(title);
    await this.page.getByLabel('Label').fill(tags);
    await this.page.getByLabel('Isi catatan').fill(description);
    if (photo) {
      const form = this.page.locator('form.records-form');
      await form
        .getByTestId('photo-camera-input')
        .setInputFiles({ name: 'catatan.jpg', mimeType: 'image/jpeg', buffer: photo });
      await expect(form.locator('[data-photo-status="new"] img')).toBeVisible();
    }
    await this.page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await expect(this.page.getByText('Tersimpan di HP. Dikirim otomatis saat online.')).toBeVisible();
  }

  async openDiseaseAlert(): Promise<void> {
    await this.open('disease-alert', 'Peringatan penyakit');
  }

  async recordDisease(pond: string, disease: string, severity: 'Ringan' | 'Sedang' | 'Berat'): Promise<void> {
    await this.page.getByLabel('Kolam', { exact: true }).selectOption({ label: pond });
    await this.page.getByLabel('Penyakit', { exact: true }).selectOption({ label: disease });
    await expect(this.page.locator('.disease-signs')).toBeVisible();
    await this.page.getByRole('button', { name: severity, exact: true }).click();
    await this.page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await expect(this.page.getByText('Tersimpan di HP. Dikirim otomatis saat online.')).toBeVisible();
  }

  /** Items of the record lists on the current screen. */
  listItems(kind: 'anco' | 'waterChanges' | 'notes' | 'diseases') {
    return this.page.getByTestId(`record-${kind}`);
  }

  /** Outbox entry statuses straight from IndexedDB. */
  outboxStatuses(): Promise<string[]> {
    return this.page.evaluate(
      () =>
        new Promise<string[]>((resolve, reject) => {
          const open = indexedDB.open('tambak');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const all = open.result.transaction('outbox', 'readonly').objectStore('outbox').getAll();
            all.onsuccess = () => {
              resolve((all.result as { status: string }[]).map((e) => e.status));
              open.result.close();
            };
          };
        }),
    );
  }
}
