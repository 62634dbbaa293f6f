import { expect } from '@playwright/test';
import { ChatPage, chatPair } from './pages/chat-page.ts';
import { inMatrix } from './support/matrix.ts';
import { test } from './support/test.ts';

/**
 * The floating Chat button (seed 001 §2): unread badge fed by the live chat connection,
 * leads to /chat, hidden on the chat route and on logged-out pages. Screenshots at phone
 * and desktop width in both languages go to CHAT_SHOTS_DIR (default test-results/chat).
 */
const SIZES = [
  { name: 'phone', viewport: { width: 360, height: 800 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

const LANGS = ['id', 'en'] as const;
for (const lang of LANGS) {
  for (const size of SIZES) {
    if (!inMatrix(SIZES, size, LANGS, lang)) continue;
    test(`chat button badge counts unread messages live (${lang}, ${size.name})`, async ({
      browser,
      request,
    }) => {
      const tag = `${lang}${size.name}${Date.now().toString(36)}`;
      const { a, b } = await chatPair(request, tag);
      const ani = await ChatPage.signedIn(browser, request, a, { viewport: size.viewport, lang });
      const budi = await ChatPage.signedIn(browser, request, b, { lang });

      await ani.page.goto('/profile');
      await expect(ani.page.locator('main h1')).toBeVisible();
      // The floating buttons step aside while a control lies under them (on a phone, the
      // profile's fields do at the top); at the end of the page there is room for them.
      await ani.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const button = ani.page.locator('a.chat-button');
      await expect(button).toBeVisible();
      await expect(button.locator('.chat-button__badge')).toHaveCount(0);
      await expect(ani.page.locator('.help-button')).toBeVisible();

      await budi.open();
      await budi.openContact(a.name);
      await budi.send('Kincir kolam 2 mati');
      await budi.send('Tolong cek pagi ini');

      await expect(button.locator('.chat-button__badge')).toHaveText('2');
      const label = lang === 'id' ? 'Chat, 2 pesan belum dibaca' : 'Chat, 2 unread messages';
      await expect(button).toHaveAttribute('aria-label', label);
      // The button and the Help button do not cover each other.
      const chatBox = await button.boundingBox();
      const helpBox = await ani.page.locator('.help-button').boundingBox();
      expect(chatBox && helpBox && chatBox.y + chatBox.height <= helpBox.y).toBe(true);
      await ani.shot(`chat-button-${lang}-${size.name}`);

      // The button leads to /chat, where it is hidden.
      await button.click();
      await expect(ani.page).toHaveURL(/\/chat$/);
      await expect(ani.page.locator('a.chat-button')).toHaveCount(0);

      await ani.page.context().close();
      await budi.page.context().close();
    });
  }
}

test('no chat button on logged-out pages', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('form')).toBeVisible();
  await expect(page.locator('a.chat-button')).toHaveCount(0);
});
