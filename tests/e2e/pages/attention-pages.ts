import { expect, type Locator, type Page } from '@playwright/test';

/** The attention board (`/farm/:id/attention`) as a manager reads it. */
export class AttentionPages {
  constructor(readonly page: Page) {}

  async open(farmId: string) {
    await this.page.goto(`/farm/${farmId}/attention`);
    await expect(this.page.locator('.attention-list, .attention-well').first()).toBeVisible({
      timeout: 30_000,
    });
  }

  /** The items about one subject (a pond name, a warehouse item), matched whole. */
  /** The items about `subject` that flag a problem (not the forecast's "reaches size N"). */
  problemsAbout(subject: string): Locator {
    return this.itemsAbout(subject).and(this.page.locator(':not([data-kind="harvest_size"])'));
  }

  itemsAbout(subject: string): Locator {
    const exact = new RegExp(`^${subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
    // A row for several ponds with the same message names each of them (`data-ponds`).
    const listed = `.attention-item[data-ponds*="|${subject.replace(/["\\]/g, '\\$&')}|"]`;
    return this.page
      .locator('.attention-item')
      .filter({ has: this.page.locator('.attention-item__subject', { hasText: exact }) })
      .or(this.page.locator(listed));
  }
}
