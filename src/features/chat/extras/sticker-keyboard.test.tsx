// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"fetch":{"disableSameOriginPolicy":true}}}
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Message, Sticker } from '#shared/chat/entities';
import { connectedClient, renderWithChat, startChatServer } from '#test/helpers/chat-ui.tsx';
import { type QuickUser, quickUser } from '#test/helpers/farm-fixtures';
import type { App } from '#test/helpers/test-app';
import { SelfHostedChatClient } from '../client/selfhosted-adapter.ts';
import { StickerBubble } from './sticker-bubble.tsx';
import { StickerKeyboard } from './sticker-keyboard.tsx';
import { stickerSets } from './sticker-sets.ts';

let app: App;
let baseUrl: string;
let ani: QuickUser;
const clients: SelfHostedChatClient[] = [];
beforeAll(async () => {
  ({ app, baseUrl } = await startChatServer());
  ani = await quickUser(app, 'Ani');
});
afterEach(() => {
  cleanup();
  for (const c of clients.splice(0)) c.disconnect();
});
afterAll(async () => {
  await app?.close();
});

const sticker = (set: string, setOrder: number, name: string, order: number): Sticker => ({
  sticker_url: `/stickers/${set}/${name}.svg`,
  sticker_name: name,
  sticker_set_name: set,
  sticker_set_order: setOrder,
  sticker_order: order,
});

describe('stickerSets', () => {
  it('sorts by set order then sticker order, custom stickers included, one tab per set', () => {
    const sets = stickerSets({
      defaultStickers: [
        sticker('tambak', 2, 'air', 3),
        sticker('udang', 1, 'tidur', 2),
        sticker('tambak', 2, 'kincir', 1),
      ],
      customStickers: [sticker('udang', 1, 'senang', 1), sticker('farm', 3, 'x', 1)],
    });
    expect(sets.map((s) => [s.name, s.stickers.map((x) => x.sticker_name)])).toEqual([
      ['udang', ['senang', 'tidur']],
      ['tambak', ['kincir', 'air']],
      ['farm', ['x']],
    ]);
  });
});

describe('StickerKeyboard', () => {
  it('loads the server stickers into set tabs (real images) and picks one', async () => {
    const client = await connectedClient(baseUrl, ani, 'id');
    clients.push(client);
    const onPick = vi.fn();
    await renderWithChat(<StickerKeyboard onPick={onPick} onClose={() => {}} />, client, 'id');
    expect(screen.getByText('Memuat...')).toBeTruthy();
    const tabs = await screen.findAllByRole('tab', {}, { timeout: 10_000 });
    expect(tabs.map((t) => t.textContent)).toEqual(['Udang', 'Tambak']);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel');
    const first = within(panel).getAllByRole('button');
    expect(first.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Stiker senang',
      'Stiker lapar',
      'Stiker panen',
      'Stiker tidur',
    ]);
    // Every sticker the server lists exists under public/.
    const { defaultStickers } = await client.stickers();
    for (const s of defaultStickers) expect(existsSync(join('public', s.sticker_url))).toBe(true);

    fireEvent.click(screen.getByRole('tab', { name: 'Tambak' }));
    fireEvent.click(screen.getByRole('button', { name: 'Stiker kincir' }));
    expect(onPick).toHaveBeenCalledWith(
      expect.objectContaining({ sticker_name: 'kincir', sticker_set_name: 'tambak' }),
    );
  });

  it("says 'No stickers found' when the stickers cannot be loaded", async () => {
    const offline = new SelfHostedChatClient({ baseUrl: 'http://127.0.0.1:9/api', log: () => {} });
    await renderWithChat(<StickerKeyboard onPick={() => {}} onClose={() => {}} />, offline);
    expect(await screen.findByText('No stickers found', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('closes on Escape and on the close control', async () => {
    const onClose = vi.fn();
    await renderWithChat(<StickerKeyboard onPick={() => {}} onClose={onClose} />, null);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('StickerBubble', () => {
  it('shows the sticker image, and its name when the image is missing', async () => {
    const message = {
      data: { customData: { sticker_url: '/stickers/udang/senang.svg', sticker_name: 'senang' } },
    } as unknown as Message;
    const view = await renderWithChat(<StickerBubble message={message} mine={false} />, null);
    const img = screen.getByRole('img', { name: 'Sticker senang' });
    expect(img.getAttribute('src')).toBe('/stickers/udang/senang.svg');
    fireEvent.error(img);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('Sticker senang')).toBeTruthy();
    view.unmount();
  });
});
