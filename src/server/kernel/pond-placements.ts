import { watchTableWrites } from '../db/table-writes.ts';
import { NoticeClearedCache } from './notice-cleared-cache.ts';

/** A live pond's farm and its active cycle (null when none): where a record for it belongs. */
export interface PondPlacement {
  id: string;
  farm_id: string;
  active_cycle_id: string | null;
}

/** How long a placement read from the database is used without reading it again. */
export const POND_PLACEMENT_CACHE_MS = 5_000;

/**
 * Live ponds' placements, kept POND_PLACEMENT_CACHE_MS at most (issue 32, ADR 0104). A
 * bulk write of readings read its ponds' farms and active cycles on every request, one
 * of its two round trips; a farm's phones syncing together name the same ponds again and
 * again. Emptied as a whole:
 * - on this instance, as soon as it sends a statement that writes ponds or cycles
 *   (`watchLocalWrites`, table-writes.ts): a cycle started here is the active one for the
 *   very next request;
 * - on every instance, by the `tambak_ponds` notice PostgreSQL sends when such a statement
 *   commits (migration 0046), whatever wrote it;
 * - while that notice channel is down, nothing is kept.
 * A pond's farm never changes; its active cycle and its deletion do.
 */
export class PondPlacements {
  private readonly cache: NoticeClearedCache<PondPlacement>;
  private stopWatching: (() => void) | null = null;

  constructor(trusted: () => boolean, ttlMs = POND_PLACEMENT_CACHE_MS) {
    this.cache = new NoticeClearedCache(trusted, ttlMs);
  }

  /**
   * The placements of the live ponds among `ids`: those kept, and the rest through `read`
   * (one query for all of them; a deleted or unknown pond is not answered, nor kept).
   */
  async of(ids: string[], read: (missing: string[]) => Promise<PondPlacement[]>): Promise<PondPlacement[]> {
    const found: PondPlacement[] = [];
    const missing: string[] = [];
    for (const id of ids) {
      const hit = this.cache.get(id);
      if (hit) found.push(hit);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const epoch = this.cache.epoch;
    for (const placement of await read(missing)) {
      this.cache.set(placement.id, placement, Date.now(), epoch);
      found.push(placement);
    }
    return found;
  }

  clear(): void {
    this.cache.clear();
  }

  /** Empties the cache whenever this process writes ponds or cycles; `close` stops that. */
  watchLocalWrites(): void {
    this.stopWatching ??= watchTableWrites(['ponds', 'cycles'], () => this.clear());
  }

  close(): void {
    this.stopWatching?.();
    this.stopWatching = null;
  }
}
