// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"fetch":{"disableSameOriginPolicy":true}}}
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Message } from '#shared/chat/entities';
import { translate } from '#shared/i18n/messages';
import { connectedClient, renderWithChat, startChatServer } from '#test/helpers/chat-ui.tsx';
import { type QuickUser, quickUser, shareFarm } from '#test/helpers/farm-fixtures';
import type { App } from '#test/helpers/test-app';
import type { SelfHostedChatClient } from '../client/selfhosted-adapter.ts';
import { PollBubble } from './poll-bubble.tsx';
import { PollModal } from './poll-modal.tsx';

let app: App;
let baseUrl: string;
let ani: QuickUser;
let budi: QuickUser;
const clients: SelfHostedChatClient[] = [];
beforeAll(async () => {
  ({ app, baseUrl } = await startChatServer());
  ani = await quickUser(app, 'Ani');
  budi = await quickUser(app, 'Budi');
  await shareFarm(app, ani, budi);
});
afterEach(() => {
  cleanup();
  for (const c of clients.splice(0)) c.disconnect();
});
afterAll(async () => {
  await app?.close();
});

const client = async (user: QuickUser, lang: 'id' | 'en' = 'en') => {
  const c = await connectedClient(baseUrl, user, lang);
  clients.push(c);
  return c;
};
const polls = () => app.ctx.db.selectFrom('chat_messages').select('id').where('type', '=', 'poll').execute();

describe('PollModal', () => {
  it('shows the blank messages, adds and removes options, and creates the poll', async () => {
    const a = await client(ani);
    const onCreated = vi.fn();
    const onClose = vi.fn();
    await renderWithChat(
      <PollModal
        target={{ receiver_type: 'user', receiver: budi.id }}
        onClose={onClose}
        onCreated={onCreated}
      />,
      a,
    );
    const before = (await polls()).length;
    fireEvent.click(screen.getByRole('button', { name: 'Create poll' }));
    expect(await screen.findByText('Question cannot be blank')).toBeTruthy();
    expect(screen.getAllByText('Option cannot be blank')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Add option' }));
    expect(screen.getByLabelText('Option 3')).toBeTruthy();
    // Only the added option can be removed.
    expect(screen.queryByRole('button', { name: 'Remove option 1' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add option' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove option 3' }));
    expect(screen.queryByLabelText('Option 4')).toBeNull();

    fireEvent.change(screen.getByLabelText('Question'), { target: { value: ' Panen minggu ini? ' } });
    fireEvent.change(screen.getByLabelText('Option 1'), { target: { value: 'Ya' } });
    fireEvent.change(screen.getByLabelText('Option 2'), { target: { value: 'Tidak' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create poll' }));
    expect(await screen.findByText('Option cannot be blank')).toBeTruthy(); // option 3 still blank
    expect((await polls()).length).toBe(before);
    fireEvent.change(screen.getByLabelText('Option 3'), { target: { value: 'Belum tahu' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create poll' }));
    // Disabled with the changed text while the request runs.
    const busy = await screen.findByRole('button', { name: 'Creating...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    const created = onCreated.mock.calls[0]?.[0] as Message;
    expect(created.text).toBe('Panen minggu ini?');
    expect(created.data.customData).toEqual({
      question: 'Panen minggu ini?',
      options: { 1: 'Ya', 2: 'Tidak', 3: 'Belum tahu' },
    });
    expect(onClose).toHaveBeenCalled();
    expect((await polls()).length).toBe(before + 1);
  });

  it('shows the Indonesian rule messages and the server message when creating fails', async () => {
    const a = await client(ani, 'id');
    // A poll to a stranger's group id: the server refuses with its translated message.
    await renderWithChat(
      <PollModal target={{ receiver_type: 'group', receiver: 'group_tidak_ada' }} onClose={() => {}} />,
      a,
      'id',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Buat polling' }));
    expect(await screen.findByText('Pertanyaan tidak boleh kosong')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Pertanyaan'), { target: { value: 'Pakan?' } });
    fireEvent.change(screen.getByLabelText('Opsi 1'), { target: { value: 'A' } });
    fireEvent.change(screen.getByLabelText('Opsi 2'), { target: { value: 'B' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buat polling' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toBe(translate('id', 'error.not-found'));
    expect(screen.getByRole('button', { name: 'Buat polling' })).toBeTruthy(); // enabled again
  });

  it('without a chat connection says so in the modal', async () => {
    await renderWithChat(
      <PollModal target={{ receiver_type: 'user', receiver: budi.id }} onClose={() => {}} />,
      null,
    );
    fireEvent.change(screen.getByLabelText('Question'), { target: { value: 'Q' } });
    fireEvent.change(screen.getByLabelText('Option 1'), { target: { value: 'A' } });
    fireEvent.change(screen.getByLabelText('Option 2'), { target: { value: 'B' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create poll' }));
    expect((await screen.findByRole('alert')).textContent).toBe(translate('en', 'error.network-live'));
  });
});

describe('PollBubble', () => {
  it('votes on a received poll, marks the own vote and follows the other voter live', async () => {
    const a = await client(ani);
    const b = await client(budi);
    const poll = await a.createPoll({ receiver_type: 'user', receiver: budi.id }, 'Pakan pagi?', [
      'Ya',
      'Tidak',
    ]);
    // Budi sees it as received and votes.
    await renderWithChat(<PollBubble message={poll} mine={false} />, b);
    expect(screen.getByText('Pakan pagi?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Vote: Ya/ }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Vote: Ya/ }).getAttribute('aria-pressed')).toBe('true'),
    );
    expect(screen.getByRole('button', { name: /^Vote: Ya/ }).getAttribute('aria-label')).toContain(
      '100%, 1 vote',
    );
    expect(screen.getByText('1 vote in total')).toBeTruthy();
    cleanup();
    // Ani's own bubble: results only, updated when Budi changes his vote.
    await renderWithChat(<PollBubble message={poll} mine />, a);
    expect(screen.queryByRole('button', { name: /^Vote/ })).toBeNull();
    await b.vote(poll.id, 2);
    await waitFor(() =>
      expect(screen.getByText(/Tidak/).closest('li')?.textContent).toContain('100% · 1 vote'),
    );
  });
});
