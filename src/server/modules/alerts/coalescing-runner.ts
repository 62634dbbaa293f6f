/**
 * Runs one job per key at a time; whatever arrives for that key while its job runs waits
 * and then goes as one job. Idle, an arrival starts at once (no timer, no added delay);
 * under load (a farm's phones syncing together) the jobs of many writes become one, so
 * their fixed costs (settings, addressees, one INSERT, one push lookup) are paid once
 * (issue 32, ADR 0093).
 */
export class CoalescingRunner<T> {
  private readonly waiting = new Map<string, T[]>();
  private readonly busy = new Set<string>();
  private readonly running = new Set<Promise<void>>();

  /**
   * `run` must not throw: it logs its own errors. A job takes at most `maxItems` (in the
   * order they arrived); the rest wait for the next one, so no single job holds the event
   * loop for long while requests wait (a farm's whole morning arriving at once).
   */
  constructor(
    private readonly run: (key: string, items: T[]) => Promise<void>,
    private readonly maxItems = Number.POSITIVE_INFINITY,
  ) {}

  add(key: string, items: T[]): void {
    if (items.length === 0) return;
    const waiting = this.waiting.get(key);
    if (waiting) for (const item of items) waiting.push(item);
    else this.waiting.set(key, [...items]);
    if (!this.busy.has(key)) this.start(key);
  }

  /** Resolves when every job started or waiting so far has finished. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  /** Runs the next job of `key` with what waits for it (at most `maxItems`). */
  private start(key: string): void {
    const waiting = this.waiting.get(key) ?? [];
    const items = waiting.length > this.maxItems ? waiting.splice(0, this.maxItems) : waiting;
    if (items === waiting) this.waiting.delete(key);
    this.busy.add(key);
    const job: Promise<void> = this.run(key, items)
      .catch(() => undefined)
      .then(() => {
        this.busy.delete(key);
        // The next job joins `running` before this one leaves it, so `idle` never sees a gap.
        if (this.waiting.has(key)) this.start(key);
        this.running.delete(job);
      });
    this.running.add(job);
  }
}
