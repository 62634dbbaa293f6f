import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';
import { ApiAs, type ApiUser, apiShareFarm, apiSignUp } from '../support/api-setup.ts';
import { uniqueEmail } from '../support/dev-outbox.ts';

/**
 * The /chat screen as a person uses it (seed 001 §2). Locators lean on the screen's
 * structure (class names, data attributes) so the same model works in Indonesian and English;
 * texts a person reads are asserted in the specs.
 */
export class ChatPage {
  constructor(readonly page: Page) {}

  /** A signed-in device for `user`: a fresh context whose local storage holds the session. */
  static async signedIn(
    browser: Browser,
    request: APIRequestContext,
    user: ApiUser,
    options: { viewport?: { width: number; height: number }; lang?: 'id' | 'en' } = {},
  ): Promise<ChatPage> {
    const lang = options.lang ?? 'id';
    const context: BrowserContext = await browser.newContext({
      viewport: options.viewport ?? { width: 1280, height: 800 },
      locale: lang === 'id' ? 'id-ID' : 'en-US',
      timezoneId: 'Asia/Jakarta',
    });
    const profile = await new ApiAs(request, user.token).get('/user');
    await context.addInitScript(
      ([token, me, language]) => {
        localStorage.setItem('tambak:session', JSON.stringify({ token, user: me }));
        localStorage.setItem('tambak:language', language as string);
      },
      [user.token, profile, lang] as const,
    );
    return new ChatPage(await context.newPage());
  }

  async open(query = ''): Promise<void> {
    await this.page.goto(`/chat${query}`);
    await expect(this.page.locator('.chat-tabs')).toBeVisible();
    // Connecting (the screen's placeholder holds its status) or a tab still loading (its own).
    await expect(
      this.page.locator(
        '.chat-screen .chat-placeholder [role="status"], .chat-screen .chat-placeholder[role="status"]',
      ),
    ).toHaveCount(0);
  }

  tab(index: 0 | 1 | 2 | 3): Locator {
    return this.page.locator('.chat-tabs__tab').nth(index);
  }

  async openContact(name: string): Promise<void> {
    await this.tab(1).click();
    // The list shows 30 users a page and other specs add many: search as a person would.
    await this.page.locator('.chat-sidebar input[type="search"]').fill(name);
    await this.page.locator('.chat-sidebar .chat-item__open', { hasText: name }).click();
    await expect(this.title).toHaveText(name);
  }

  async openConversation(name: string): Promise<void> {
    await this.tab(0).click();
    await this.conversationItem(name).locator('.chat-item__open').click();
    await expect(this.title).toHaveText(name);
  }

  conversationItem(name: string): Locator {
    // By the name line only: the farm group's preview ("Ani added Budi") names people too.
    const exact = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
    const title = this.page.locator('.chat-item__name', { hasText: exact });
    return this.page.locator('.chat-sidebar .chat-item').filter({ has: title });
  }

  get main(): Locator {
    return this.page.locator('.chat-pane__main');
  }
  get thread(): Locator {
    return this.page.locator('.chat-thread');
  }
  get details(): Locator {
    return this.page.locator('.chat-details');
  }
  get title(): Locator {
    return this.main.locator('.chat-pane__title');
  }
  get status(): Locator {
    return this.main.getByTestId('chat-status');
  }
  composer(scope: Locator = this.main): Locator {
    return scope.locator('.chat-composer__input');
  }

  async send(text: string, scope: Locator = this.main): Promise<void> {
    await this.composer(scope).fill(text);
    await this.composer(scope).press('Enter');
  }

  /** The bubble row holding `text` (last one when several match). */
  bubble(text: string | RegExp, scope: Locator = this.main): Locator {
    return scope.locator('.chat-messages > .chat-row', { hasText: text }).last();
  }

  receipt(text: string | RegExp): Locator {
    return this.bubble(text).locator('[data-receipt]');
  }

  /** Hover shows the actions; the n-th action button of the bubble (edit, delete, reply when offered). */
  async action(row: Locator, label: string | RegExp): Promise<void> {
    await row.locator('.chat-bubble').hover();
    await row.locator('.chat-actions').getByRole('button', { name: label }).click();
  }

  async attach(kind: 'image' | 'video' | 'file', file: { name: string; mimeType: string; buffer: Buffer }) {
    await this.main.locator(`input[data-attach="${kind}"]`).setInputFiles(file);
  }

  async shot(name: string): Promise<void> {
    // Parallel runs may clear test-results; CHAT_SHOTS_DIR points a run at its own folder.
    await this.page.screenshot({ path: `${process.env.CHAT_SHOTS_DIR ?? 'test-results/chat'}/${name}.png` });
  }
}

/** Two people with chat accounts (names unique per call so searches find exactly one). */
export async function chatPair(request: APIRequestContext, tag: string) {
  const a = await apiSignUp(request, `Ani ${tag}`, uniqueEmail(`ani.${tag}`));
  const b = await apiSignUp(request, `Budi ${tag}`, uniqueEmail(`budi.${tag}`));
  await apiShareFarm(request, a, [b]);
  // The chat mirrors app users on first use: each reads the user list once through the API.
  await new ApiAs(request, a.token).get('/chat/users');
  await new ApiAs(request, b.token).get('/chat/users');
  return { a, b };
}
