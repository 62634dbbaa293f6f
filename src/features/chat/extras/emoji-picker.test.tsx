// @vitest-environment happy-dom
import { existsSync } from 'node:fs';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithChat } from '#test/helpers/chat-ui.tsx';
import { emojiByName, emojiByText, QUICK_REACTIONS } from './emoji.ts';
import { EMOJI_CATEGORIES } from './emoji-catalog.ts';
import { EmojiPicker } from './emoji-picker.tsx';

afterEach(cleanup);

describe('emoji catalog', () => {
  it('serves every listed emoji from public/twemoji and knows the quick reactions', () => {
    const entries = EMOJI_CATEGORIES.flatMap((c) => c.emoji);
    expect(entries.length).toBeGreaterThan(300);
    for (const [, , file] of entries) expect(existsSync(`public/twemoji/${file}.svg`)).toBe(true);
    for (const name of QUICK_REACTIONS) expect(emojiByName(`:${name}:`)).toBeTruthy();
    // Reaction names must fit the protocol's colons form.
    for (const [name] of entries) expect(`:${name}:`).toMatch(/^:[a-z0-9_+-]{1,50}:$/);
    expect(emojiByText('🦐')?.[0]).toBe('shrimp');
  });
});

describe('EmojiPicker', () => {
  it('switches categories and hands the picked emoji text over, staying open', async () => {
    const onPick = vi.fn();
    const onClose = vi.fn();
    await renderWithChat(<EmojiPicker onPick={onPick} onClose={onClose} />, null, 'id');
    const tabs = screen.getAllByRole('tab');
    expect(tabs).toHaveLength(EMOJI_CATEGORIES.length);
    fireEvent.click(screen.getByRole('tab', { name: 'Hewan & alam' }));
    expect(screen.getByRole('tab', { name: 'Hewan & alam' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(within(screen.getByRole('tabpanel')).getByRole('button', { name: 'shrimp' }));
    fireEvent.click(within(screen.getByRole('tabpanel')).getByRole('button', { name: 'fish' }));
    expect(onPick.mock.calls).toEqual([['🦐'], ['🐟']]);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
