import { deflateSync } from 'node:zlib';
import { expect } from '@playwright/test';
import { ChatPage, chatPair } from './pages/chat-page.ts';
import { inMatrix } from './support/matrix.ts';
import { test } from './support/test.ts';

/**
 * One-to-one messaging between two people on two devices (seed 001 §2, §4, §5): receipts,
 * typing, media, edit and delete, threads, blocking; and the chat screens at phone and
 * desktop width in both languages, kept as screenshots under test-results/chat.
 */

/** A real PNG (a 300×200 pond-green gradient), made here so the upload's content check is real. */
function pondPng(width = 300, height = 200): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      rows[row + 1 + x * 3] = 20 + Math.round((x / width) * 60);
      rows[row + 2 + x * 3] = 110 + Math.round((y / height) * 100);
      rows[row + 3 + x * 3] = 100;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const NOTE = {
  name: 'catatan-pakan.txt',
  mimeType: 'text/plain',
  buffer: Buffer.from('Pakan pagi 12 kg, sore 10 kg.\n'),
};

let counter = 0;
const tag = () => `${Date.now().toString(36)}${++counter}`;

test.describe('chat messaging', () => {
  test('one-to-one text: sent, delivered, seen receipts and the typing indicator', async ({
    browser,
    request,
  }) => {
    const { a, b } = await chatPair(request, tag());
    const ani = await ChatPage.signedIn(browser, request, a);
    await ani.open();
    await ani.openContact(b.name);
    await expect(ani.main.getByText('Tidak ada pesan')).toBeVisible();

    // Budi is not connected: the message is stored (sent) but not delivered.
    await ani.send('Selamat pagi, kolam 3 sudah diberi pakan?');
    await expect(ani.receipt('kolam 3 sudah')).toHaveAttribute('data-receipt', 'sent');
    await expect(ani.status).toHaveText('offline', { ignoreCase: true });

    // Budi comes online on another tab: presence shows, a new message is delivered on receipt.
    const budi = await ChatPage.signedIn(browser, request, b);
    await budi.open();
    await budi.tab(3).click();
    await expect(ani.status).toHaveText('online');
    await ani.send('Tolong cek pH juga');
    await expect(ani.receipt('Tolong cek pH')).toHaveAttribute('data-receipt', 'delivered');

    // The conversation shows at Budi's with 2 unread; opening it reads them: seen at Ani's.
    await budi.tab(0).click();
    await expect(budi.conversationItem(a.name).locator('.chat-badge')).toContainText('2');
    await budi.openConversation(a.name);
    await expect(budi.bubble('Tolong cek pH')).toBeVisible();
    await expect(budi.conversationItem(a.name).locator('.chat-badge')).toHaveCount(0);
    await expect(ani.receipt('Tolong cek pH')).toHaveAttribute('data-receipt', 'seen');
    await expect(ani.receipt('kolam 3 sudah')).toHaveAttribute('data-receipt', 'seen');

    // Typing at Budi's shows at Ani's, and ends when he sends.
    await budi.composer().pressSequentially('Sudah, ');
    await expect(ani.status).toHaveText('mengetik…');
    await budi.composer().pressSequentially('pH 7,8');
    await budi.composer().press('Enter');
    await expect(ani.bubble('Sudah, pH 7,8')).toBeVisible();
    await expect(ani.status).toHaveText('online');
    // Shift+Enter is a new line, a blank message is not sent.
    await budi.composer().fill('   ');
    await budi.composer().press('Enter');
    await expect(budi.main.locator('.chat-row--mine')).toHaveCount(1);
    await expect(budi.main.locator('.chat-row--mine .chat-bubble__text')).toHaveText('Sudah, pH 7,8');
    await budi.page.context().close();
    await ani.page.context().close();
  });

  test('image and file: uploaded, shown on both sides, image opens full size', async ({
    browser,
    request,
  }) => {
    const { a, b } = await chatPair(request, tag());
    const ani = await ChatPage.signedIn(browser, request, a);
    const budi = await ChatPage.signedIn(browser, request, b);
    await ani.open();
    await budi.open();
    await ani.openContact(b.name);
    await ani.send('Foto kolam pagi ini');
    await ani.attach('image', { name: 'kolam-3.png', mimeType: 'image/png', buffer: pondPng() });
    await ani.attach('file', NOTE);
    const image = ani.main.locator('.chat-row--mine .chat-image img');
    await expect(image).toHaveAttribute('src', /\/api\/files\//);
    await expect(ani.main.locator('.chat-row--mine .chat-file')).toContainText(NOTE.name);

    await budi.openConversation(a.name);
    const theirs = budi.main.locator('.chat-row--theirs .chat-image img');
    await expect(theirs).toBeVisible();
    await expect.poll(() => theirs.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
    const file = budi.main.locator('.chat-row--theirs .chat-file');
    await expect(file).toContainText(NOTE.name);
    const download = budi.page.waitForEvent('download');
    await file.click();
    expect((await download).suggestedFilename()).toBe(NOTE.name);

    await budi.main.locator('.chat-row--theirs .chat-image').click();
    const viewer = budi.page.getByRole('dialog', { name: 'Gambar' });
    await expect(viewer.locator('img')).toBeVisible();
    await viewer.getByRole('button', { name: 'Tutup gambar' }).click();
    await expect(viewer).toHaveCount(0);

    // A file the server refuses by its content: its translated message, the typed text kept.
    await ani.composer().fill('teks yang belum dikirim');
    await ani.attach('file', {
      name: 'palsu.png',
      mimeType: 'image/png',
      buffer: Buffer.from('bukan gambar'),
    });
    await expect(ani.page.locator('.toast--error')).toBeVisible();
    await expect(ani.composer()).toHaveValue('teks yang belum dikirim');
    await ani.page.context().close();
    await budi.page.context().close();
  });

  test('edit and delete show on both sides; a thread reply counts under its parent', async ({
    browser,
    request,
  }) => {
    const { a, b } = await chatPair(request, tag());
    const ani = await ChatPage.signedIn(browser, request, a);
    const budi = await ChatPage.signedIn(browser, request, b);
    await ani.open();
    await budi.open();
    await ani.openContact(b.name);
    await ani.send('Pakan kolam 2: 10 kg');
    await ani.send('Salah kirim');
    await budi.openConversation(a.name);
    await expect(budi.bubble('Salah kirim')).toBeVisible();

    await ani.action(ani.bubble('Pakan kolam 2'), 'Ubah');
    await expect(ani.main.locator('.chat-composer__edit')).toContainText('Mengubah pesan');
    await ani.composer().fill('Pakan kolam 2: 12 kg');
    await ani.composer().press('Enter');
    await expect(ani.main.locator('.chat-composer__edit')).toHaveCount(0);
    await expect(budi.bubble('Pakan kolam 2: 12 kg')).toContainText('diubah');

    await ani.action(ani.bubble('Salah kirim'), 'Hapus');
    await ani.page.getByRole('dialog').getByRole('button', { name: /hapus/i }).click();
    await expect(ani.bubble('Anda menghapus pesan ini')).toBeVisible();
    await expect(budi.bubble('Pesan ini telah dihapus')).toBeVisible();
    await expect(budi.main.getByText('Salah kirim')).toHaveCount(0);

    // Budi replies in a thread; the reply stays out of the main view and counts under the parent.
    await budi.action(budi.bubble('Pakan kolam 2: 12 kg'), 'Balas di utas');
    await expect(budi.thread.locator('.chat-thread__separator')).toHaveText('0 balasan');
    await budi.send('Siap, sudah dicatat', budi.thread);
    await expect(budi.bubble('Siap, sudah dicatat', budi.thread)).toBeVisible();
    await expect(budi.thread.locator('.chat-thread__separator')).toHaveText('1 balasan');
    await expect(ani.bubble('Pakan kolam 2: 12 kg').locator('.chat-replies')).toHaveText('1 balasan');
    await expect(ani.main.getByText('Siap, sudah dicatat')).toHaveCount(0);
    await ani.bubble('Pakan kolam 2: 12 kg').locator('.chat-replies').click();
    await expect(ani.bubble('Siap, sudah dicatat', ani.thread)).toBeVisible();
    await ani.page.context().close();
    await budi.page.context().close();
  });

  test('a poll with votes from both, a sticker, a reaction and a live reaction', async ({
    browser,
    request,
  }) => {
    const { a, b } = await chatPair(request, tag());
    const ani = await ChatPage.signedIn(browser, request, a);
    const budi = await ChatPage.signedIn(browser, request, b);
    await ani.open();
    await budi.open();
    await ani.openContact(b.name);
    await ani.send('Halo, ada kabar panen?');
    await budi.openConversation(a.name);

    // Polls (extras' modal and bubble, wired into the composer and the bubbles): each votes
    // on the poll the other created (seed 001 §6: votes are on received polls).
    const createPoll = async (who: ChatPage, question: string, options: [string, string]) => {
      await who.main.locator('.chat-composer__extra').nth(1).click();
      const modal = who.page.getByRole('dialog', { name: 'Buat polling' });
      await modal.getByLabel('Pertanyaan').fill(question);
      await modal.getByLabel('Opsi 1').fill(options[0]);
      await modal.getByLabel('Opsi 2').fill(options[1]);
      await modal.getByRole('button', { name: 'Buat polling' }).click();
      await expect(modal).toHaveCount(0);
    };
    await createPoll(ani, 'Panen kolam 3 kapan?', ['Minggu ini', 'Minggu depan']);
    const budiPoll = budi.bubble('Panen kolam 3 kapan?');
    await budiPoll.getByRole('button', { name: /Pilih: Minggu ini/ }).click();
    await expect(ani.bubble('Panen kolam 3 kapan?').locator('.poll-bubble__total')).toHaveText(
      'Total 1 suara',
    );
    await createPoll(budi, 'Pakai kincir tambahan?', ['Ya', 'Tidak']);
    await ani
      .bubble('Pakai kincir tambahan?')
      .getByRole('button', { name: /Pilih: Ya/ })
      .click();
    await expect(budi.bubble('Pakai kincir tambahan?').locator('.poll-bubble__total')).toHaveText(
      'Total 1 suara',
    );
    await expect(budi.bubble('Pakai kincir tambahan?').locator('.poll-bubble__option').first()).toContainText(
      '100%',
    );

    // Sticker from the keyboard.
    await ani.main.locator('.chat-composer__extra').nth(0).click();
    await ani.page.locator('.sticker-keyboard__item').first().click();
    await expect(budi.main.locator('.chat-row--theirs .sticker-bubble')).toBeVisible();

    // Budi reacts to Ani's message; Ani sees the count.
    const greeting = budi.bubble('ada kabar panen');
    await greeting.locator('.reaction-chip--add').click();
    await greeting.locator('.reaction-menu__item').first().click();
    await expect(ani.bubble('ada kabar panen').locator('.reaction-chip__count')).toHaveText('1');

    // Live reaction: hearts float at Ani's for a moment.
    await budi.main.locator('.live-reaction-button').click();
    await expect(ani.page.getByTestId('live-reaction-overlay')).toBeVisible();
    await ani.page.context().close();
    await budi.page.context().close();
  });

  test('blocking disables both composers live and the server refuses the other side', async ({
    browser,
    request,
  }) => {
    const { a, b } = await chatPair(request, tag());
    const ani = await ChatPage.signedIn(browser, request, a);
    const budi = await ChatPage.signedIn(browser, request, b);
    await ani.open();
    await budi.open();
    await ani.openContact(b.name);
    await ani.send('Halo');
    await budi.openConversation(a.name);
    await expect(budi.bubble('Halo')).toBeVisible();
    await expect(budi.composer()).toBeEnabled();

    await ani.main.getByRole('button', { name: 'Detail' }).click();
    await ani.details.getByRole('button', { name: 'Blokir pengguna' }).click();
    await expect(ani.details.getByRole('button', { name: 'Buka blokir pengguna' })).toBeVisible();
    await expect(ani.main.getByText('Anda memblokir pengguna ini')).toBeVisible();
    await expect(ani.composer()).toBeDisabled();
    await expect(ani.main.locator('.chat-attach .icon-button')).toBeDisabled();
    // Budi's open conversation follows at once (a live `block` frame), without a reload.
    await expect(budi.main.getByText('Anda tidak dapat mengirim pesan ke pengguna ini.')).toBeVisible();
    await expect(budi.composer()).toBeDisabled();
    await expect(budi.main.locator('.chat-attach .icon-button')).toBeDisabled();

    // The server refuses Budi too (a poll is the one message a REST call can send).
    const headers = { authorization: `Bearer ${b.token}` };
    const found = await request.get(`/api/chat/users?search=${encodeURIComponent(a.name)}`, { headers });
    const aniUid = ((await found.json()).data as { uid: string; name: string }[]).find(
      (u) => u.name === a.name,
    )?.uid;
    const refused = await request.post('/api/chat/polls', {
      headers,
      data: { question: 'Kenapa?', options: ['a', 'b'], receiver_type: 'user', receiver: aniUid },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).code).toBe('chat-blocked');

    await ani.details.getByRole('button', { name: 'Buka blokir pengguna' }).click();
    await expect(ani.composer()).toBeEnabled();
    await expect(budi.composer()).toBeEnabled();
    await expect(budi.main.getByText('Anda tidak dapat mengirim pesan ke pengguna ini.')).toHaveCount(0);
    await budi.send('Kenapa diblokir?');
    await expect(ani.bubble('Kenapa diblokir?')).toBeVisible();
    await ani.page.context().close();
    await budi.page.context().close();
  });
});

const SIZES = [
  { name: 'phone', width: 360, height: 800 },
  { name: 'desktop', width: 1280, height: 800 },
];

const LANGS = ['id', 'en'] as const;
for (const lang of LANGS) {
  test(`chat screens at phone and desktop width in ${lang}`, async ({ browser, request }) => {
    const { a, b } = await chatPair(request, tag());
    const budi = await ChatPage.signedIn(browser, request, b);
    await budi.open();
    const seed = await ChatPage.signedIn(browser, request, a);
    await seed.open();
    await seed.openContact(b.name);
    await seed.send('Selamat pagi, pakan kolam 3 sudah 12 kg.');
    await seed.attach('image', { name: 'kolam-3.png', mimeType: 'image/png', buffer: pondPng() });
    await seed.attach('file', NOTE);
    await expect(seed.main.locator('.chat-row--mine .chat-file')).toBeVisible();
    await budi.openConversation(a.name);
    await budi.send('Siap, nanti sore saya cek DO dan pH.');
    await budi.action(budi.bubble('pakan kolam 3'), /utas|thread/i);
    await budi.send('Sudah dicatat di buku.', budi.thread);
    await expect(seed.bubble('pakan kolam 3').locator('.chat-replies')).toBeVisible();
    await seed.page.context().close();
    await budi.page.context().close();

    for (const size of SIZES) {
      if (!inMatrix(SIZES, size, LANGS, lang)) continue;
      const ani = await ChatPage.signedIn(browser, request, a, { viewport: size, lang });
      const errors: string[] = [];
      ani.page.on('pageerror', (e) => errors.push(e.message));
      const shot = (name: string) => ani.shot(`${name}-${lang}-${size.name}`);
      await ani.open();
      await expect(ani.conversationItem(b.name)).toBeVisible();
      await shot('conversations');
      await ani.openConversation(b.name);
      await expect(ani.main.locator('.chat-image img')).toBeVisible();
      await shot('conversation');
      // The top message's action bar stays inside the scrolling list (not clipped at its top).
      const list = ani.main.locator('.chat-list');
      await list.evaluate((el) => {
        el.scrollTop = 0;
      });
      const top = ani.main.locator('.chat-messages > .chat-row').first();
      await top.locator('.chat-bubble').hover();
      const bar = top.locator('.chat-actions');
      await expect(bar).toBeVisible();
      const [barBox, listBox] = [await bar.boundingBox(), await list.boundingBox()];
      expect(barBox && listBox && barBox.y >= listBox.y && barBox.x >= listBox.x).toBe(true);
      expect(barBox && listBox && barBox.x + barBox.width <= listBox.x + listBox.width).toBe(true);
      await shot('top-actions');
      await ani.page.mouse.move(0, 0);
      const searchButton = ani.main.getByRole('button', {
        name: lang === 'id' ? 'Cari pesan' : 'Search messages',
      });
      await searchButton.click();
      await ani.main.locator('.chat-tag').nth(2).click();
      await expect(ani.bubble('pakan kolam 3')).toBeVisible();
      await shot('search');
      await searchButton.click();
      await ani.bubble('pakan kolam 3').locator('.chat-replies').click();
      await expect(ani.thread.locator('.chat-row')).toHaveCount(2);
      await shot('thread');
      await ani.thread.locator('.chat-thread__header button').click();
      await ani.main.getByRole('button', { name: lang === 'id' ? 'Detail' : 'Details' }).click();
      await expect(ani.details.locator('.chat-media-grid img')).toBeVisible();
      await shot('details');
      await ani.tab(1).click();
      await expect(ani.page.locator('.chat-letter__heading').first()).toBeVisible();
      await shot('contacts');
      await ani.tab(3).click();
      // The notifications preference is the push switch, fitting the width in both languages.
      const push = ani.page.locator('.chat-info__item--notifications .chat-push-switch');
      await expect(push.locator('strong')).toHaveText(
        lang === 'id' ? 'Notifikasi pesan' : 'Message notifications',
      );
      await expect(push.getByRole('status')).not.toBeEmpty();
      const pushBox = await push.boundingBox();
      expect(pushBox && pushBox.x >= 0 && pushBox.x + pushBox.width <= size.width).toBe(true);
      await shot('info');
      expect(errors).toEqual([]);
      await ani.page.context().close();
    }
  });
}
