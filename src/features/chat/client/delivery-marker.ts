import type { ChatClient, ChatEvent } from './chat-client.ts';

/** Ids remembered so a message replayed after a reconnect is not marked twice. */
const REMEMBERED = 500;

/**
 * Seed 001 §4: every incoming one-to-one message is marked delivered once, on receipt,
 * whichever screen is open (the chat provider runs one marker per signed-in client);
 * "read" is the message list's job once the message is shown.
 */
export class DeliveryMarker {
  private readonly marked = new Set<string>();
  private readonly off: () => void;

  constructor(private readonly client: ChatClient) {
    this.off = client.on((event) => this.handle(event));
  }

  stop(): void {
    this.off();
  }

  private handle(event: ChatEvent): void {
    if (event.type !== 'message') return;
    const m = event.message;
    const me = this.client.me?.uid;
    if (!me || m.sender.uid === me || m.receiver_type !== 'user' || m.delivered_at !== null) return;
    if (this.marked.has(m.id)) return;
    this.marked.add(m.id);
    if (this.marked.size > REMEMBERED) this.marked.delete(this.marked.values().next().value as string);
    this.client.markDelivered(m.id).catch((error: unknown) => {
      // Not marked: a later replay of the message may try again.
      this.marked.delete(m.id);
      console.warn('[chat] mark delivered', error);
    });
  }
}
