import { expect, type Page } from '@playwright/test';

/** The water-quality entry form and the sync indicator, as a pond keeper uses them. */
export class WaterPages {
  constructor(private readonly page: Page) {}

  /** From the farm home's "Input kualitas air", or a keeper's Today ("Kualitas air" under other records). */
  async openEntryFromFarmHome(): Promise<void> {
    await this.page
      .locator('main')
      .getByRole('link', { name: /^(Input kualitas air|Kualitas air)$/ })
      .first()
      .click();
    // From Today the form carries ?from=today, to come back there after a save.
    await expect(this.page).toHaveURL(/\/water-quality\/add(\?from=today)?$/);
  }

  async enter(pond: string, values: Record<string, string>): Promise<void> {
    const card = this.page.getByRole('region', { name: pond, exact: true });
    for (const [field, value] of Object.entries(values)) {
      await card.getByLabel(field, { exact: false }).first().fill(value);
    }
  }

  /** Taps save; `partial` answers the "save partly filled?" question with yes. */
  async save(ponds: number, { partial = false } = {}): Promise<void> {
    await this.page.getByRole('button', { name: `Simpan ${ponds} kolam` }).click();
    if (partial) await this.confirmPartial();
    // Saved on the phone; with signal it may already say "sent" by the time we look. The
    // form's banner says it, or (opened from Today, which the save goes back to) the toast.
    await expect(
      this.page
        .getByText(new RegExp(`^${ponds} catatan tersimpan( di ponsel, menunggu sinyal)?\\.$`))
        .first(),
    ).toBeVisible();
  }

  async confirmPartial(): Promise<void> {
    const dialog = this.page.getByRole('dialog', { name: 'Simpan sebagian?' });
    await dialog.getByRole('button', { name: 'Simpan sebagian' }).click();
    await expect(dialog).toBeHidden();
  }

  /** One box of a pond card ("pH", "Kolam 2"). */
  field(pond: string, label: string) {
    return this.page
      .getByRole('region', { name: pond, exact: true })
      .getByRole('textbox', { name: label })
      .first();
  }

  /** The general readings stored on this phone (IndexedDB), as the device holds them. */
  storedReadings(): Promise<Record<string, unknown>[]> {
    return this.page.evaluate(
      () =>
        new Promise<Record<string, unknown>[]>((resolve, reject) => {
          const open = indexedDB.open('tambak');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const all = open.result
              .transaction('waterGeneral', 'readonly')
              .objectStore('waterGeneral')
              .getAll();
            all.onsuccess = () => {
              resolve(all.result as Record<string, unknown>[]);
              open.result.close();
            };
          };
        }),
    );
  }

  /** The navbar's sync indicator, by its accessible label ("Offline. 2 data menunggu dikirim …"). */
  indicator() {
    return this.page
      .getByRole('link', { name: /data menunggu dikirim/ })
      .or(this.page.getByRole('button', { name: /data menunggu dikirim/ }));
  }

  async waitForServiceWorker(): Promise<void> {
    await this.page.waitForFunction(() => navigator.serviceWorker?.controller !== null);
  }

  /** Outbox entry statuses straight from IndexedDB (what the device still owes the server). */
  outboxStatuses(): Promise<string[]> {
    return this.page.evaluate(
      () =>
        new Promise<string[]>((resolve, reject) => {
          const open = indexedDB.open('tambak');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('outbox', 'readonly');
            const all = tx.objectStore('outbox').getAll();
            all.onsuccess = () => {
              resolve((all.result as { status: string }[]).map((e) => e.status));
              open.result.close();
            };
          };
        }),
    );
  }
}
