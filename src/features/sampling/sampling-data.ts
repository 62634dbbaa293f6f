import { useLiveQuery } from 'dexie-react-hooks';
import { getDb, type Local, type TambakDb } from '#local/db';
import { visible } from '#local/visible';
import type { Sampling } from '#shared/contracts/sampling';

/** Live reads of the mirror for the sampling screens (same with or without signal). */
export function useFarmCycles(farmId: string, db: TambakDb = getDb()) {
  return useLiveQuery(
    async () => visible(await db.cycles.where('farm_id').equals(farmId).toArray()),
    [db, farmId],
  );
}

/** The farm's samplings on the device (for ADG against the previous one of each cycle). */
export function useFarmSamplings(farmId: string, db: TambakDb = getDb()): Local<Sampling>[] | undefined {
  return useLiveQuery(
    async () => visible(await db.samplings.where('farm_id').equals(farmId).toArray()),
    [db, farmId],
  );
}

/** One pond's samplings, newest first. */
export function usePondSamplings(pondId: string, db: TambakDb = getDb()): Local<Sampling>[] | undefined {
  return useLiveQuery(
    async () =>
      visible(await db.samplings.where('pond_id').equals(pondId).toArray()).sort(
        (a, b) => b.sampled_on.localeCompare(a.sampled_on) || b.id.localeCompare(a.id),
      ),
    [db, pondId],
  );
}
