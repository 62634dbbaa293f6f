/**
 * Values by key, each kept `ttlMs` at most, emptied as a whole when what they were read
 * from changes: by the owner's `clear()`, wired to a PostgreSQL notice every instance
 * hears (context.ts), and on this instance by the services that wrote the change. While
 * the notice channel is down (`trusted()` false) nothing is kept, since a change written
 * by another instance would go unheard. Bounded: past `maxEntries` the oldest goes.
 */
export class NoticeClearedCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();

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

  set(key: string, value: V, now = Date.now()): void {
    if (!this.trusted()) return;
    // Map order is insertion order: the first key is the oldest.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { value, until: now + this.ttlMs });
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
