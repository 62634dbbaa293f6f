import type { Membership } from './membership.ts';

/**
 * How long a membership read from the database is trusted without reading it again.
 * Every farm-scoped request starts with that read (the heaviest query of a pond list or
 * a month of readings: measured, it was 40 % of their cost under load).
 */
export const MEMBERSHIP_CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;

/**
 * Memberships by user and farm, kept MEMBERSHIP_CACHE_MS at most. Emptied as a whole:
 * - on this instance, by the services that change access, once their write committed
 *   (`FarmAccess.changed()`), so the next request reads the new state;
 * - on every instance, by the `tambak_access` notice that PostgreSQL sends when such a
 *   change commits (migration 0008 triggers: whatever wrote it);
 * - while that notice channel is down (no LISTEN connection), nothing is kept.
 * Access changes are rare (a role, a member, a pond given), so emptying everything is
 * cheaper than knowing which entries a change touched.
 */
export class MembershipCache {
  private readonly entries = new Map<string, { membership: Membership; until: number }>();

  constructor(
    /** False while changes from other instances cannot be heard: then nothing is kept. */
    private readonly trusted: () => boolean,
    private readonly ttlMs = MEMBERSHIP_CACHE_MS,
  ) {}

  get(userId: string, farmId: string, now = Date.now()): Membership | undefined {
    if (!this.trusted()) {
      this.entries.clear();
      return undefined;
    }
    const key = `${userId}:${farmId}`;
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.membership;
    if (hit) this.entries.delete(key);
    return undefined;
  }

  set(membership: Membership, now = Date.now()): void {
    if (!this.trusted()) return;
    // Map order is insertion order: the first key is the oldest.
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(`${membership.userId}:${membership.farmId}`, { membership, until: now + this.ttlMs });
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
