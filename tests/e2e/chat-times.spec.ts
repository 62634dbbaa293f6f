import { expect } from '@playwright/test';
import { ChatPage, chatPair } from './pages/chat-page.ts';
import { ApiAs, apiFarm } from './support/api-setup.ts';
import { test } from './support/test.ts';

/**
 * Issue 12 point 10: chat showed "6:31 AM" to an Indonesian farmer. Message times, the
 * conversation list and "last active" follow the app's rule in both languages: HH:mm on a
 * 24-hour clock, dates DD MMM YYYY (src/shared/domain/date-format.ts).
 */
const HH_MM = /^\d{2}:\d{2}$/;
const LAST_ACTIVE = {
  id: /^terakhir aktif \d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/,
  en: /^last active at \d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/,
};

let counter = 0;
const tag = () => `${Date.now().toString(36)}t${++counter}`;

for (const lang of ['id', 'en'] as const) {
  test(`chat times are HH:mm and dates DD MMM YYYY in ${lang}`, async ({ browser, request }) => {
    const { a, b } = await chatPair(request, tag());
    // Chat contacts are the people of one's farms: Ani invites Budi to her farm.
    const { farmId } = await apiFarm(new ApiAs(request, a.token), `Tambak ${tag()}`, ['Kolam 1']);
    await new ApiAs(request, a.token).post('/userFarm', {
      farm_id: farmId,
      email: b.email,
      role_id: 3,
      ponds: [],
    });

    // Budi is online once, then leaves: Ani's header shows when he was last active.
    const budi = await ChatPage.signedIn(browser, request, b, { lang });
    await budi.open();
    await budi.page.context().close();

    const ani = await ChatPage.signedIn(browser, request, a, { lang, viewport: { width: 360, height: 800 } });
    await ani.open();
    await ani.openContact(b.name);
    await expect(ani.status).toHaveText(LAST_ACTIVE[lang]);
    await expect(ani.status).not.toHaveText(/AM|PM/i);

    await ani.send('Kolam 1 pH 7,8 jam enam pagi');
    const time = ani.bubble('Kolam 1 pH').locator('.chat-bubble__meta time');
    await expect(time).toHaveText(HH_MM);

    await ani.page.goto('/chat');
    const listed = ani.page
      .locator('.chat-sidebar .chat-item', { hasText: 'Kolam 1 pH' })
      .locator('.chat-item__date');
    await expect(listed).toHaveText(HH_MM);
    await ani.page.context().close();
  });
}
