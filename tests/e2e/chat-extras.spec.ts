import { expect } from '@playwright/test';
import { ChatPage, chatPair } from './pages/chat-page.ts';
import { flowLanguage } from './support/matrix.ts';
import { test } from './support/test.ts';

/**
 * The composer extras in the chat screen (seed 001 §4–§7): Twitter emoji served by the app,
 * stickers, polls with live results, reactions and live hearts, between two devices.
 * Screenshots (phone for Ani, desktop for Budi) go to CHAT_SHOTS_DIR.
 */
const TEXT = {
  id: {
    emoji: 'Emoji',
    sticker: 'Stiker',
    poll: 'Buat polling',
    create: 'Buat polling',
    nature: 'Hewan & alam',
    stickerSenang: 'Stiker senang',
    sets: ['Udang', 'Tambak'],
    questionBlank: 'Pertanyaan tidak boleh kosong',
    optionBlank: 'Opsi tidak boleh kosong',
    question: 'Pertanyaan',
    option: (n: number) => `Opsi ${n}`,
    addOption: 'Tambah opsi',
    vote: 'Pilih: Ya',
    oneVote: '100% · 1 suara',
    addReaction: 'Tambah reaksi',
    heart: 'Kirim hati',
  },
  en: {
    emoji: 'Emoji',
    sticker: 'Sticker',
    poll: 'Create a poll',
    create: 'Create poll',
    nature: 'Animals & nature',
    stickerSenang: 'Sticker senang',
    sets: ['Shrimp', 'Farm'],
    questionBlank: 'Question cannot be blank',
    optionBlank: 'Option cannot be blank',
    question: 'Question',
    option: (n: number) => `Option ${n}`,
    addOption: 'Add option',
    vote: 'Vote: Ya',
    oneVote: '100% · 1 vote',
    addReaction: 'Add reaction',
    heart: 'Send a heart',
  },
} as const;

for (const lang of (['id', 'en'] as const).filter(flowLanguage)) {
  test(`emoji, stickers, polls and reactions between two people (${lang})`, async ({ browser, request }) => {
    const s = TEXT[lang];
    const tag = `${lang}${Date.now().toString(36)}`;
    const { a, b } = await chatPair(request, tag);
    const ani = await ChatPage.signedIn(browser, request, a, { viewport: { width: 360, height: 800 }, lang });
    const budi = await ChatPage.signedIn(browser, request, b, { lang });
    const shots: string[] = [];
    const shot = async (page: ChatPage, name: string) => {
      await page.shot(`extras-${lang}-${name}`);
      shots.push(name);
    };

    await budi.open();
    await budi.openContact(a.name);
    await budi.send('Selamat pagi');
    await ani.open();
    await ani.openConversation(b.name);

    // Emoji: the picker's images come from the app itself.
    await ani.main.getByRole('button', { name: s.emoji, exact: true }).click();
    const picker = ani.page.locator('.emoji-picker');
    await picker.getByRole('tab', { name: s.nature }).click();
    const shrimp = picker.getByRole('button', { name: 'shrimp' });
    await expect(shrimp.locator('img')).toHaveAttribute('src', '/twemoji/1f990.svg');
    await expect
      .poll(() =>
        shrimp.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    await shrimp.click();
    await shot(ani, 'emoji-picker-phone');
    await picker.press('Escape');
    await expect(picker).toHaveCount(0);
    await expect(ani.composer()).toHaveValue('🦐');
    await ani.composer().press('Enter');
    await expect(budi.bubble('🦐')).toBeVisible();

    // Sticker: tabs in set order, the picked one arrives as an image.
    await ani.main.getByRole('button', { name: s.sticker, exact: true }).click();
    const keyboard = ani.page.locator('.sticker-keyboard');
    await expect(keyboard.getByRole('tab')).toHaveText([...s.sets]);
    await shot(ani, 'sticker-keyboard-phone');
    await keyboard.getByRole('button', { name: s.stickerSenang }).click();
    const sticker = budi.main.locator('img.sticker-bubble[src="/stickers/udang/senang.svg"]');
    await expect(sticker).toBeVisible();
    await expect.poll(() => sticker.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // Poll: blank messages, then created; the receiver votes and the sender sees it live.
    await ani.main.getByRole('button', { name: s.poll, exact: true }).click();
    const modal = ani.page.locator('dialog');
    await modal.getByRole('button', { name: s.create }).click();
    await expect(modal.getByText(s.questionBlank)).toBeVisible();
    await expect(modal.getByText(s.optionBlank)).toHaveCount(2);
    await shot(ani, 'poll-modal-errors-phone');
    await modal.getByLabel(s.question).fill('Panen kolam 2 minggu ini?');
    await modal.getByLabel(s.option(1)).fill('Ya');
    await modal.getByLabel(s.option(2)).fill('Tidak');
    await modal.getByRole('button', { name: s.addOption }).click();
    await modal.getByLabel(s.option(3)).fill('Belum tahu');
    await modal.getByRole('button', { name: s.create }).click();
    await expect(modal).toHaveCount(0);
    const budiPoll = budi.main.locator('.poll-bubble', { hasText: 'Panen kolam 2 minggu ini?' });
    await budiPoll.getByRole('button', { name: new RegExp(`^${s.vote}`) }).click();
    await expect(budiPoll.getByRole('button', { name: new RegExp(`^${s.vote}`) })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const aniPoll = ani.main.locator('.poll-bubble', { hasText: 'Panen kolam 2 minggu ini?' });
    await expect(aniPoll.locator('li', { hasText: 'Ya' })).toContainText(s.oneVote);
    await shot(budi, 'poll-bubble-desktop');
    await shot(ani, 'poll-bubble-phone');

    // Reaction on a received message, seen live by the sender; a live heart floats on the other screen.
    const row = budi.bubble('🦐');
    await row.locator('.chat-bubble').hover();
    await row.getByRole('button', { name: s.addReaction }).click();
    await row.getByRole('button', { name: 'heart', exact: true }).click();
    await expect(ani.bubble('🦐').locator('.reaction-chip')).toContainText('1');
    await budi.main.getByRole('button', { name: s.heart }).click();
    await expect(ani.page.locator('.live-reaction-overlay__item')).toHaveCount(6);
    // The hearts are gone after 1500 ms, usually before a screenshot is done: none is taken of them.
    await expect(ani.page.locator('.live-reaction-overlay')).toHaveCount(0);
    await shot(ani, 'reaction-live-phone');
    await shot(budi, 'reaction-desktop');
    expect(shots).toHaveLength(7);

    await ani.page.context().close();
    await budi.page.context().close();
  });
}
