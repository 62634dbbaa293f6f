import type { Membership } from './membership.ts';
import { NoticeClearedCache } from './notice-cleared-cache.ts';

/**
 * How long a membership read from the database is trusted without reading it again.
 * Every farm-scoped request starts with that read (the heaviest query of a pond list or
 * a month of readings: measured, it was 40 % of their cost under load).
 */
export const MEMBERSHIP_CACHE_MS = 5_000;

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
  private readonly cache: NoticeClearedCache<Membership>;

  constructor(trusted: () => boolean, ttlMs = MEMBERSHIP_CACHE_MS) {
    this.cache = new NoticeClearedCache(trusted, ttlMs);
  }

  get(userId: string, farmId: string, now = Date.now()): Membership | undefined {
    return this.cache.get(`${userId}:${farmId}`, now);
  }

  /** Take before reading a membership; `set` keeps it only when no clear came in between. */
  get epoch(): number {
    return this.cache.epoch;
  }

  set(membership: Membership, now = Date.now(), epoch = this.cache.epoch): void {
    this.cache.set(`${membership.userId}:${membership.farmId}`, membership, now, epoch);
  }

  clear(): void {
    this.cache.clear();
  }

  get size(): number {
    return this.cache.size;
  }
}
