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
  itemsAbout(subject: string): Locator {
    const exact = new RegExp(`^${subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
    return this.page
      .locator('.attention-item')
      .filter({ has: this.page.locator('.attention-item__subject', { hasText: exact }) });
  }
}
