// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"fetch":{"disableSameOriginPolicy":true}}}
import { randomUUID } from 'node:crypto';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectedClient, renderWithChat, startChatServer } from '#test/helpers/chat-ui.tsx';
import { type QuickUser, quickUser, shareFarm } from '#test/helpers/farm-fixtures';
import type { App } from '#test/helpers/test-app';
import type { SelfHostedChatClient } from '../client/selfhosted-adapter.ts';
import { LiveReactionButton, LiveReactionOverlay } from './live-reaction.tsx';
import { ReactionBar } from './reaction-bar.tsx';
import { reactionChips, toggleReaction } from './reactions.ts';

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

const client = async (user: QuickUser) => {
  const c = await connectedClient(baseUrl, user);
  clients.push(c);
  return c;
};
const send = (from: SelfHostedChatClient, to: QuickUser, text: string) =>
  from.send({ client_id: randomUUID(), receiver_type: 'user', receiver: to.id, text });

describe('reaction helpers', () => {
  it('toggles the own reaction on and off and drops empty emoji', () => {
    const me = { uid: 'u1', name: 'Ani' };
    const on = toggleReaction({ ':+1:': { u2: { name: 'Budi' } } }, ':heart:', me);
    expect(reactionChips(on, 'u1')).toEqual([
      { emoji: ':+1:', count: 1, mine: false, names: ['Budi'] },
      { emoji: ':heart:', count: 1, mine: true, names: ['Ani'] },
    ]);
    expect(toggleReaction(on, ':heart:', me)).toEqual({ ':+1:': { u2: { name: 'Budi' } } });
  });
});

describe('ReactionBar', () => {
  it('adds a quick reaction, follows the other side live and toggles the own one off', async () => {
    const a = await client(ani);
    const b = await client(budi);
    const message = await send(a, budi, 'panen besok');
    await renderWithChat(<ReactionBar message={message} mine={false} disabled={false} />, b);
    fireEvent.click(screen.getByRole('button', { name: 'Add reaction' }));
    fireEvent.click(screen.getByRole('button', { name: 'heart' }));
    const heart = () => screen.getByRole('button', { name: /^❤️: / });
    expect(heart().getAttribute('aria-pressed')).toBe('true');
    // Frames are answered in order: once this round trip is back, the reaction was answered too.
    const stored = async () => {
      await act(() => b.markRead(message.id));
      const latest = await a.history({ receiver_type: 'user', receiver: budi.id });
      return latest.find((m) => m.id === message.id)?.reactions[':heart:'];
    };
    expect(await stored()).toEqual({ [budi.id]: { name: 'Budi' } });
    // Ani adds the same reaction: Budi's count follows live.
    await act(() => a.react(message.id, ':heart:'));
    await waitFor(() => expect(heart().textContent).toContain('2'));
    expect(heart().getAttribute('aria-label')).toContain('Ani');
    // Budi's tap removes only his own.
    fireEvent.click(heart());
    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('false'));
    expect(heart().textContent).toContain('1');
    expect(await stored()).toEqual({ [ani.id]: { name: 'Ani' } });
  });

  it('on own messages and for a blocked partner, shows counts without changing them', async () => {
    const a = await client(ani);
    const message = {
      ...(await send(a, budi, 'halo')),
      reactions: { ':joy:': { [budi.id]: { name: 'Budi' } } },
    };
    const mine = await renderWithChat(<ReactionBar message={message} mine disabled={false} />, a);
    expect(screen.queryByRole('button', { name: 'Add reaction' })).toBeNull();
    mine.unmount();
    await renderWithChat(<ReactionBar message={message} mine={false} disabled />, a);
    expect(screen.queryByRole('button', { name: 'Add reaction' })).toBeNull();
    expect((screen.getByRole('button', { name: /^😂: 1/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('Live reactions', () => {
  it("shows six hearts on the peer's screen and the sender's own, then clears them", async () => {
    const a = await client(ani);
    const b = await client(budi);
    const toBudi = { receiver_type: 'user' as const, receiver: budi.id };
    const fromAni = { receiver_type: 'user' as const, receiver: ani.id };
    await renderWithChat(
      <>
        <LiveReactionButton target={toBudi} disabled={false} />
        <LiveReactionOverlay target={toBudi} />
      </>,
      a,
    );
    const peer = await renderWithChat(<LiveReactionOverlay target={fromAni} />, b);
    fireEvent.click(screen.getByRole('button', { name: 'Send a heart' }));
    const overlays = () => screen.queryAllByTestId('live-reaction-overlay');
    // The sender's own overlay at once, the peer's when the transient frame arrives.
    await waitFor(() => expect(overlays()).toHaveLength(2));
    expect(peer.container.querySelectorAll('.live-reaction-overlay__item')).toHaveLength(6);
    await waitFor(() => expect(overlays()).toHaveLength(0), { timeout: 5000 });
  });

  it('hides the button for a blocked partner', async () => {
    await renderWithChat(
      <LiveReactionButton target={{ receiver_type: 'user', receiver: 'x' }} disabled />,
      null,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});
