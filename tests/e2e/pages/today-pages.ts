import { expect, type Page } from '@playwright/test';

export type SlotState = 'done' | 'notYet' | 'late';

/** The keeper's Today list (issue 31), in Indonesian. Slots by key: `water:06:00`, `feed:20:00`, `anco:1`, `sampling:`. */
export class TodayPages {
  constructor(
    private readonly page: Page,
    private readonly farmId: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(`/farm/${this.farmId}/today`);
    await this.ready();
  }

  /** The list is up (the mirror was read: the slots or the "other records" show). */
  async ready(): Promise<void> {
    await expect(this.page.getByRole('heading', { level: 1, name: 'Hari ini' })).toBeVisible();
    await expect(this.page.getByRole('heading', { name: 'Catat lainnya' })).toBeVisible();
  }

  slot(key: string) {
    return this.page.locator(`[data-testid="today-slot"][data-slot="${key}"]`);
  }

  slotKeys(): Promise<string[]> {
    return this.page
      .getByTestId('today-slot')
      .evaluateAll((links) => links.map((l) => l.getAttribute('data-slot') ?? ''));
  }

  async expectState(key: string, state: SlotState, progress?: string): Promise<void> {
    await expect(this.slot(key)).toHaveAttribute('data-state', state);
    if (progress) await expect(this.slot(key)).toContainText(progress);
  }

  /** One tap on a slot: its entry screen opens with the ponds still to do. */
  async openSlot(key: string, heading: string): Promise<void> {
    await this.slot(key).click();
    await expect(this.page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }

  /** After a save from a slot's entry, the app comes back to Today. */
  async backOnToday(): Promise<void> {
    await expect(this.page).toHaveURL(new RegExp(`/farm/${this.farmId}/today$`));
    await this.ready();
  }

  /** One of the "other records" links (Kematian, Panen …). */
  async openOther(name: string): Promise<void> {
    await this.page.getByRole('link', { name, exact: true }).click();
  }
}
