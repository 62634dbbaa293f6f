import { describe, expect, it, vi } from 'vitest';
import type { Language } from '#shared/i18n/language';
import { translate } from '#shared/i18n/messages';
import { type ChatClient, ChatError, type ChatEvent } from './chat-client.ts';

/** The other side of a conversation: another user's device, as each adapter's world has it. */
export interface PortPeer {
  uid: string;
  name: string;
  /** Sends a text to the subject; answers the stored message's id. */
  send(text: string): Promise<string>;
  /** Whether the peer was handed this message (live or for its next connect). */
  received(messageId: string): boolean;
  markRead(messageId: string): Promise<void>;
}

/**
 * What an adapter's test file provides to run the port's contract (ADR 0006): the client
 * under test for one user, the peer, a way to cut and restore the subject's network, and
 * the service's own count of stored messages for a client id.
 */
export interface PortHarness {
  subject(lang?: Language): ChatClient;
  peer(): Promise<PortPeer>;
  /** The subject's network goes down and stays down (reconnects fail) until restore(). */
  cut(): void;
  restore(): void;
  stored(clientId: string): Promise<number>;
}

function record(client: ChatClient) {
  const events: ChatEvent[] = [];
  client.on((e) => events.push(e));
  const next = async <T extends ChatEvent>(pred: (e: ChatEvent) => boolean): Promise<T> => {
    await vi.waitFor(() => expect(events.some(pred)).toBe(true), { timeout: 15_000, interval: 10 });
    return events.find(pred) as T;
  };
  return { events, next };
}

const textTo = (uid: string, text: string) => ({
  client_id: crypto.randomUUID(),
  receiver_type: 'user' as const,
  receiver: uid,
  text,
});

/**
 * The ChatClient port's behaviour, the same for every adapter (chat-client.ts): send
 * resolves with the stored message, a send made offline goes once after reconnecting,
 * missed messages are caught up and emitted once, refusals are translated ChatErrors,
 * disconnect rejects what waits, single reads answer or say not-found.
 */
export function describeChatPort(name: string, h: () => PortHarness): void {
  describe(`ChatClient port contract: ${name}`, () => {
    it('connects, sends, resolves with the stored message, the other user gets it and its read receipt comes back', async () => {
      const harness = h();
      const peer = await harness.peer();
      const client = harness.subject();
      const { next } = record(client);
      const me = await client.connect();
      expect(me.uid).not.toBe(peer.uid);
      await vi.waitFor(() => expect(client.state).toBe('online'), { interval: 10 });
      const out = textTo(peer.uid, '  halo Budi  ');
      const message = await client.send(out);
      expect(message).toMatchObject({ client_id: out.client_id, text: 'halo Budi', receiver_id: peer.uid });
      expect(message.sender.uid).toBe(me.uid);
      await vi.waitFor(() => expect(peer.received(message.id)).toBe(true), { interval: 10 });
      expect(await harness.stored(out.client_id)).toBe(1);
      await peer.markRead(message.id);
      await next((e) => e.type === 'receipt' && e.receipt === 'read' && e.message_id === message.id);
    });

    it('queues a send made while disconnected and delivers it once after reconnecting', async () => {
      const harness = h();
      const peer = await harness.peer();
      const client = harness.subject();
      const { next } = record(client);
      await client.connect();
      await vi.waitFor(() => expect(client.state).toBe('online'), { interval: 10 });
      harness.cut();
      await next((e) => e.type === 'connection' && e.state === 'offline');
      const out = textTo(peer.uid, 'dari luar sinyal');
      const sending = client.send(out);
      // The same message asked again while waiting is the same send.
      const again = client.send(out);
      expect(await harness.stored(out.client_id)).toBe(0);
      harness.restore();
      const message = await sending;
      expect((await again).id).toBe(message.id);
      expect(await harness.stored(out.client_id)).toBe(1);
      await vi.waitFor(() => expect(peer.received(message.id)).toBe(true), { interval: 10 });
    });

    it('catches up after a reconnect on a message missed while disconnected, emitted once', async () => {
      const harness = h();
      const peer = await harness.peer();
      const client = harness.subject();
      const { events, next } = record(client);
      await client.connect();
      await vi.waitFor(() => expect(client.state).toBe('online'), { interval: 10 });
      harness.cut();
      await next((e) => e.type === 'connection' && e.state === 'offline');
      const missed = await peer.send('selagi kamu offline');
      expect(events.some((e) => e.type === 'message' && e.message.id === missed)).toBe(false);
      harness.restore();
      const got = await next<Extract<ChatEvent, { type: 'message' }>>(
        (e) => e.type === 'message' && e.message.id === missed,
      );
      expect(got.message).toMatchObject({ text: 'selagi kamu offline', sender: { uid: peer.uid } });
      await vi.waitFor(() => expect(client.state).toBe('online'), { interval: 10 });
      expect(events.filter((e) => e.type === 'message' && e.message.id === missed)).toHaveLength(1);
    });

    it('rejects a refused send with a ChatError in the user language, storing nothing', async () => {
      const harness = h();
      const peer = await harness.peer();
      const client = harness.subject('id');
      await client.connect();
      const out = textTo(peer.uid, '   ');
      const error = await client.send(out).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ChatError);
      expect(error).toMatchObject({
        code: 'validation-failed',
        message: translate('id', 'chat.text-blank'),
        errors: { text: [translate('id', 'chat.text-blank')] },
      });
      expect(await harness.stored(out.client_id)).toBe(0);
      const poll = await client
        .createPoll({ receiver_type: 'user', receiver: peer.uid }, ' ', ['a', 'b'])
        .catch((e: unknown) => e);
      expect(poll).toBeInstanceOf(ChatError);
      expect((poll as ChatError).errors?.question).toEqual([translate('id', 'chat.question-blank')]);
    });

    it('disconnect (logout) rejects a queued send, which is never stored', async () => {
      const harness = h();
      const peer = await harness.peer();
      const client = harness.subject();
      const { next } = record(client);
      await client.connect();
      await vi.waitFor(() => expect(client.state).toBe('online'), { interval: 10 });
      harness.cut();
      await next((e) => e.type === 'connection' && e.state === 'offline');
      const out = textTo(peer.uid, 'tidak pernah terkirim');
      const sending = client.send(out).catch((e: unknown) => e);
      client.disconnect();
      expect(await sending).toMatchObject({ code: 'disconnected' });
      expect(client.state).toBe('idle');
      expect(client.me).toBeNull();
      harness.restore();
      expect(await harness.stored(out.client_id)).toBe(0);
    });

    it('reads one user and one group; unknown ones are not-found', async () => {
      const harness = h();
      const peer = await harness.peer();
      const client = harness.subject();
      await client.connect();
      expect(await client.user(peer.uid)).toMatchObject({ uid: peer.uid, name: peer.name });
      await expect(client.user(crypto.randomUUID())).rejects.toMatchObject({ code: 'not-found' });
      const group = await client.createGroup({ name: 'Rahasia', type: 'private' });
      expect(group).toMatchObject({ name: 'Rahasia', type: 'private', scope: 'admin', has_joined: true });
      expect(await client.group(group.guid)).toMatchObject({ guid: group.guid, scope: 'admin' });
      await expect(client.group('tidak_ada_grup')).rejects.toMatchObject({ code: 'not-found' });
    });
  });
}
