/**
 * Values by key, each kept `ttlMs` at most, emptied as a whole when what they were read
 * from changes: by the owner's `clear()`, wired to a PostgreSQL notice every instance
 * hears (context.ts), and on this instance by the services that wrote the change. While
 * the notice channel is down (`trusted()` false) nothing is kept, since a change written
 * by another instance would go unheard. Bounded: past `maxEntries` the oldest goes.
 *
 * A value read before a clear is not kept after it: a caller takes `epoch` before its read
 * and hands it to `set`, which drops the value when a clear came in between (a read that
 * started before a permission changed, answered after, would otherwise be kept for ttlMs).
 */
export class NoticeClearedCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();
  private clears = 0;

  constructor(
    private readonly trusted: () => boolean,
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string, now = Date.now()): V | undefined {
    if (!this.trusted()) {
      this.entries.clear();
      return undefined;
    }
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value;
    if (hit) this.entries.delete(key);
    return undefined;
  }

  /** How many clears so far: take it before reading a value, give it to `set`. */
  get epoch(): number {
    return this.clears;
  }

  set(key: string, value: V, now = Date.now(), epoch = this.clears): void {
    if (!this.trusted() || epoch !== this.clears) return;
    // Map order is insertion order: the first key is the oldest.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { value, until: now + this.ttlMs });
  }

  clear(): void {
    this.clears++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
