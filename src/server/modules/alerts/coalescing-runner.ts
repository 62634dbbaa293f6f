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

  /** `run` must not throw: it logs its own errors. */
  constructor(private readonly run: (key: string, items: T[]) => Promise<void>) {}

  add(key: string, items: T[]): void {
    if (items.length === 0) return;
    const waiting = this.waiting.get(key);
    if (!this.busy.has(key)) this.start(key, items);
    else if (waiting) for (const item of items) waiting.push(item);
    else this.waiting.set(key, [...items]);
  }

  /** Resolves when every job started or waiting so far has finished. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  private start(key: string, items: T[]): void {
    this.busy.add(key);
    const job: Promise<void> = this.run(key, items)
      .catch(() => undefined)
      .then(() => {
        const next = this.waiting.get(key);
        this.waiting.delete(key);
        this.busy.delete(key);
        // The next job joins `running` before this one leaves it, so `idle` never sees a gap.
        if (next) this.start(key, next);
        this.running.delete(job);
      });
    this.running.add(job);
  }
}
