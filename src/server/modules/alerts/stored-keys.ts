/**
 * The (user, de-duplication key) pairs this instance knows to be stored in `notifications`
 * (issue 32, ADR 0098): inserted by it, or refused by the table's unique key because they
 * were there already. Notifications are never removed (a deleted one is only marked), so a
 * pair once stored stays stored and its candidate can be dropped before it is addressed,
 * worded and sent to PostgreSQL again. A pair this instance has not seen (stored by
 * another instance, or forgotten here) still goes to the INSERT, whose unique key decides:
 * the memo saves work, it never decides alone.
 *
 * Bounded: past `limit` pairs the least recently seen are forgotten.
 */
export class StoredKeys {
  private readonly pairs = new Map<string, true>();

  constructor(private readonly limit = 50_000) {}

  has(userId: string, key: string): boolean {
    const pair = pairOf(userId, key);
    if (!this.pairs.has(pair)) return false;
    // Seen again: it moves to the young end.
    this.pairs.delete(pair);
    this.pairs.set(pair, true);
    return true;
  }

  add(userId: string, key: string): void {
    const pair = pairOf(userId, key);
    this.pairs.delete(pair);
    this.pairs.set(pair, true);
    if (this.pairs.size > this.limit) this.pairs.delete(this.pairs.keys().next().value as string);
  }

  get size(): number {
    return this.pairs.size;
  }
}

/** The user's length first: no two (user, key) pairs make the same text. */
const pairOf = (userId: string, key: string) => `${userId.length}:${userId}${key}`;
