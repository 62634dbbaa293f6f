import { expect, type Page } from '@playwright/test';

/** The sampling entry and a pond's sampling list, as a pond keeper uses them (Indonesian). */
export class SamplingPages {
  constructor(private readonly page: Page) {}

  async openEntry(farmId: string): Promise<void> {
    await this.page.goto(`/farm/${farmId}/sampling/add`);
    await expect(this.page.getByRole('heading', { name: 'Sampling', level: 1 })).toBeVisible();
  }

  card(pond: string) {
    return this.page.getByRole('region', { name: pond, exact: true });
  }

  async enter(pond: string, values: Record<string, string>): Promise<void> {
    const card = this.card(pond);
    for (const [label, value] of Object.entries(values))
      await card.getByRole('textbox', { name: label }).fill(value);
  }

  /** Takes a photo with the card's camera input (a file the test made). */
  async takePhoto(pond: string, jpeg: Buffer): Promise<void> {
    await this.card(pond)
      .getByTestId('photo-camera-input')
      .setInputFiles({ name: 'sampel.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await expect(this.card(pond).locator('[data-photo-status="new"] img')).toBeVisible();
  }

  async save(ponds: number): Promise<void> {
    await this.page.getByRole('button', { name: `Simpan ${ponds} kolam` }).click();
    await expect(this.page.getByText(new RegExp(`^${ponds} sampling tersimpan`)).first()).toBeVisible();
  }

  /** The photos of the pond page's sampling list. */
  listPhotos() {
    return this.page.locator('.sampling-item [data-photo-id] img');
  }
}
