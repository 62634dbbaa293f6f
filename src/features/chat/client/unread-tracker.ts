import { PAGE_SIZES } from '#shared/chat/rest';
import type { ChatClient, ChatEvent } from './chat-client.ts';

/** At most this many conversation pages are read for the total (30 each). */
const MAX_PAGES = 10;
/** Read receipts come in bursts (a list scrolled into view): one reload after the last. */
const REFRESH_DEBOUNCE_MS = 300;

/**
 * The total of unread messages across conversations for the chat button's badge: the
 * server's counts (reloaded on every `ready` and after the user read something, since
 * reading marks the conversation up to that message), plus one for each live message
 * from someone else in the main view (replies do not count, as on the server).
 */
export class UnreadTracker {
  private counts = new Map<string, number>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private generation = 0;
  private stopped = false;
  private readonly off: () => void;

  constructor(
    private readonly client: ChatClient,
    private readonly onChange: (total: number) => void,
  ) {
    this.off = client.on((event) => this.handle(event));
    if (client.state === 'online') void this.refresh();
  }

  get total(): number {
    let sum = 0;
    for (const n of this.counts.values()) sum += n;
    return sum;
  }

  stop(): void {
    this.stopped = true;
    this.off();
    if (this.timer) clearTimeout(this.timer);
  }

  /** Reloads the counts from the server; a failure keeps the last known ones (only logged). */
  async refresh(): Promise<void> {
    const generation = ++this.generation;
    const counts = new Map<string, number>();
    try {
      for (let page = 1; page <= MAX_PAGES; page += 1) {
        const list = await this.client.conversations({ page });
        for (const c of list) counts.set(c.conversation_id, c.unread_message_count);
        if (list.length < PAGE_SIZES.conversations) break;
      }
    } catch (error) {
      console.warn('[chat] unread counts', error);
      return;
    }
    if (this.stopped || generation !== this.generation) return;
    this.counts = counts;
    this.onChange(this.total);
  }

  private handle(event: ChatEvent): void {
    if (event.type === 'ready') {
      void this.refresh();
      return;
    }
    const me = this.client.me?.uid;
    if (event.type === 'message') {
      const m = event.message;
      if (!me || m.sender.uid === me || m.parent_id) return;
      this.counts.set(m.conversation_id, (this.counts.get(m.conversation_id) ?? 0) + 1);
      this.onChange(this.total);
      return;
    }
    if (event.type === 'receipt' && event.receipt === 'read' && event.uid === me) {
      // Optimistically clear that conversation; the reload brings the exact count.
      this.counts.set(event.conversation_id, 0);
      this.onChange(this.total);
      this.scheduleRefresh();
    }
  }

  private scheduleRefresh(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.refresh();
    }, REFRESH_DEBOUNCE_MS);
  }
}
