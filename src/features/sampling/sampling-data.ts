import { useLiveMirror } from '#components/use-live-mirror.ts';
import { getDb, type Local, type TambakDb } from '#local/db';
import { visible } from '#local/visible';
import type { Sampling } from '#shared/contracts/sampling';

/** Live reads of the mirror for the sampling screens (same with or without signal). */
export function useFarmCycles(farmId: string, db: TambakDb = getDb()) {
  return useLiveMirror(
    `farm-cycles:${farmId}`,
    async (db) => visible(await db.cycles.where('farm_id').equals(farmId).toArray()),
    db,
  ).data;
}

/** The farm's samplings on the device (for ADG against the previous one of each cycle). */
export function useFarmSamplings(farmId: string, db: TambakDb = getDb()): Local<Sampling>[] | undefined {
  return useLiveMirror(
    `farm-samplings:${farmId}`,
    async (db) => visible(await db.samplings.where('farm_id').equals(farmId).toArray()),
    db,
  ).data;
}

/** One pond's samplings, newest first. */
export function usePondSamplings(pondId: string, db: TambakDb = getDb()): Local<Sampling>[] | undefined {
  return useLiveMirror(
    `pond-samplings:${pondId}`,
    async (db) =>
      visible(await db.samplings.where('pond_id').equals(pondId).toArray()).sort(
        (a, b) => b.sampled_on.localeCompare(a.sampled_on) || b.id.localeCompare(a.id),
      ),
    db,
  ).data;
}
