import { expect } from '@playwright/test';
import { ChatPage, chatPair } from './pages/chat-page.ts';
import { test } from './support/test.ts';

/**
 * Seed 001 §9 link previews (issue 30): a link to this test machine is refused by the
 * server's safe fetch, and the bubble shows no preview and no error; a public page's
 * preview (the answer stubbed in the browser: the test machine has no internet) shows as a
 * card at most 400 px wide. Screenshots in both languages to SHOTS_DIR.
 */
const PREVIEW = {
  url: 'https://info-tambak.example/harga-udang',
  title: 'Harga udang vaname minggu ini',
  description: 'Size 50 Rp 72.000/kg, size 70 Rp 61.000/kg di Lampung dan Jawa Timur.',
  site_name: 'Info Tambak',
};

const PRIVATE_URL = 'http://127.0.0.1:5432/';

test('a private link gives no preview and no error; a public one shows its card, at most 400 px', async ({
  browser,
  request,
}) => {
  const { a, b } = await chatPair(request, `lp${Date.now().toString(36)}`);
  for (const lang of ['id', 'en'] as const) {
    const ani = await ChatPage.signedIn(browser, request, a, {
      lang,
      viewport: { width: 1280, height: 800 },
    });
    // The context's route (it also sees what the service worker asks), for this link only,
    // before the chat opens: the earlier round's message with the same link asks at once.
    await ani.page
      .context()
      .route(/\/api\/chat\/link-preview\?/, (route) =>
        new URL(route.request().url()).searchParams.get('url') === PREVIEW.url
          ? route.fulfill({ json: { message: 'OK', data: PREVIEW } })
          : route.continue(),
      );
    await ani.open();
    await ani.openContact(b.name);

    {
      // This link's answer: the first round's public link asks again when the chat opens.
      const asked = ani.page.waitForResponse(
        (r) =>
          r.url().includes('/api/chat/link-preview') &&
          new URL(r.url()).searchParams.get('url') === PRIVATE_URL,
      );
      await ani.send(`Cek ${PRIVATE_URL} ya`);
      const answer = await asked;
      expect(answer.status()).toBe(200);
      expect((await answer.json()).data).toBeNull();
      await expect(ani.bubble('127.0.0.1')).toBeVisible();
      await expect(ani.bubble('127.0.0.1').getByTestId('chat-link-preview')).toHaveCount(0);
      await expect(ani.page.getByRole('alert')).toHaveCount(0);
    }

    // The public card once (in Indonesian); the English round checks the private link only.
    if (lang === 'en') {
      await ani.page.context().close();
      continue;
    }
    const text = `Harga hari ini: ${PREVIEW.url}`;
    await ani.send(text);
    const card = ani.bubble(text).getByTestId('chat-link-preview');
    await expect(card).toContainText(PREVIEW.title);
    await expect(card).toHaveAttribute('href', PREVIEW.url);
    expect((await card.boundingBox())?.width).toBeLessThanOrEqual(400);
    if (process.env.SHOTS_DIR)
      await ani.page.screenshot({ path: `${process.env.SHOTS_DIR}/chat-link-preview-${lang}.png` });
    await ani.page.context().close();
  }
});
