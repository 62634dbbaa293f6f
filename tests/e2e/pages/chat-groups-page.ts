import { type APIRequestContext, type Browser, expect, type Locator, type Page } from '@playwright/test';
import type { ApiUser } from '../support/api-setup.ts';
import { ChatPage } from './chat-page.ts';

/**
 * The groups tab of /chat (seed 001 §2 Groups) as a person uses it. Locators lean on the
 * structure (class names, data attributes, roles) so the model serves both languages; the
 * specs assert the texts a person reads.
 */
export class ChatGroupsPage {
  constructor(
    readonly chat: ChatPage,
    readonly lang: 'id' | 'en' = 'id',
  ) {}

  static async signedIn(
    browser: Browser,
    request: APIRequestContext,
    user: ApiUser,
    options: { viewport?: { width: number; height: number }; lang?: 'id' | 'en' } = {},
  ): Promise<ChatGroupsPage> {
    return new ChatGroupsPage(await ChatPage.signedIn(browser, request, user, options), options.lang ?? 'id');
  }

  get page(): Page {
    return this.chat.page;
  }

  /** Opens /chat on the groups tab and waits for the list to finish loading. */
  async open(): Promise<void> {
    await this.chat.open();
    await this.chat.tab(2).click();
    await expect(this.list.locator('.chat-sidebar__note[role="status"]')).toHaveCount(0);
  }

  get list(): Locator {
    return this.page.locator('.groups-list');
  }
  item(name: string): Locator {
    return this.list.locator('.groups-item', { hasText: name });
  }
  itemByGuid(guid: string): Locator {
    return this.list.locator(`.groups-item[data-guid="${guid}"]`);
  }
  get main(): Locator {
    return this.chat.main;
  }
  get title(): Locator {
    return this.chat.title;
  }
  get status(): Locator {
    return this.chat.status;
  }
  get details(): Locator {
    return this.page.locator('.groups-details');
  }
  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  async openGroup(name: string): Promise<void> {
    await this.item(name).locator('.chat-item__open').click();
  }

  async createButton(): Promise<Locator> {
    return this.list.getByRole('button', { name: this.lang === 'id' ? 'Buat grup' : 'Create group' });
  }

  async toggleDetails(): Promise<void> {
    await this.main
      .locator('.chat-pane__bar')
      .getByRole('button', { name: /^Details?$/ })
      .click();
  }

  async openDetails(): Promise<void> {
    if ((await this.details.count()) === 0) await this.toggleDetails();
    await expect(this.details).toBeVisible();
  }

  /** One member row inside the open modal or details pane. */
  memberRow(scope: Locator, name: string): Locator {
    return scope.locator('.groups-member', { hasText: name });
  }

  async shot(name: string): Promise<void> {
    await this.page.screenshot({ path: `test-results/chat-groups/${name}.png` });
  }

  async close(): Promise<void> {
    await this.page.context().close();
  }
}
