import type { ClientMessage, ServerMessage } from '#shared/chat/protocol';
import type { Language } from '#shared/i18n/language';
import type { ChatModules } from './chat-modules.ts';

/** What a frame is handled for: the socket's signed-in user (socket.ts keeps one per socket). */
export interface SocketSession {
  uid: string;
  lang: Language;
  send(frame: ServerMessage): void;
}

/** One validated frame → the service call; answers `ok` to frames that carry a ref. */
export async function dispatch(chat: ChatModules, s: SocketSession, frame: ClientMessage): Promise<void> {
  const ok = (ref?: string) => {
    if (ref) s.send({ type: 'ok', ref });
  };
  switch (frame.type) {
    case 'send': {
      const { type: _, ...input } = frame;
      const message = await chat.messages.send(s.uid, input);
      s.send({ type: 'ack', client_id: frame.client_id, message });
      return;
    }
    case 'edit':
      await chat.messages.edit(s.uid, frame.id, frame.text);
      return ok(frame.ref);
    case 'delete':
      await chat.messages.remove(s.uid, frame.id);
      return ok(frame.ref);
    case 'mark_delivered':
    case 'mark_read':
      await chat.messages.receipt(s.uid, frame.id, frame.type === 'mark_read' ? 'read' : 'delivered');
      return ok(frame.ref);
    case 'react':
      await chat.messages.react(s.uid, frame.id, frame.emoji, frame.remove ?? false);
      return ok(frame.ref);
    case 'poll_vote':
      await chat.messages.vote(s.uid, frame.id, frame.option);
      return ok(frame.ref);
    case 'typing_start':
    case 'typing_end':
      return chat.live.typing(s.uid, frame);
    case 'transient':
      return chat.live.transient(s.uid, frame);
    case 'call_initiate':
      await chat.calls.initiate(s.uid, frame);
      return ok(frame.ref);
    case 'call_accept':
      await chat.calls.accept(s.uid, frame);
      return ok(frame.ref);
    case 'call_reject':
      await chat.calls.reject(s.uid, frame);
      return ok(frame.ref);
    case 'call_cancel':
      await chat.calls.cancel(s.uid, frame.call_id);
      return ok(frame.ref);
    case 'call_end':
      await chat.calls.end(s.uid, frame.call_id);
      return ok(frame.ref);
    case 'call_signal':
      return chat.calls.signal(s.uid, frame);
    case 'ping':
      s.send({ type: 'pong', ref: frame.ref ?? null, time: Date.now() });
      return;
    case 'auth':
      return;
  }
}
