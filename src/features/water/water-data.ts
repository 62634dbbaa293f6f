import { useMemo } from 'react';
import { useLiveMirror } from '#components/use-live-mirror.ts';
import { getDb, type TambakDb } from '#local/db';
import { visible } from '#local/visible';
import type { Cycle } from '#shared/contracts/cycle';
import { mergeStandards, type WaterStandard } from '#shared/domain/water-standards';

/**
 * Live reads of the Dexie mirror for the water screens: they re-render on every local
 * write and on every sync, and work the same with no signal.
 */

/** The farm's standards: its stored rows over the vannamei defaults (defaults alone before the first pull). */
export function useWaterStandards(farmId: string, db: TambakDb = getDb()) {
  const rows = useLiveMirror(
    `water-settings:${farmId}`,
    (db) => db.waterSettings.where('farm_id').equals(farmId).toArray(),
    db,
  ).data;
  return useMemo(() => {
    const live = visible(rows ?? []);
    const standards: WaterStandard[] = mergeStandards(
      live.map(({ parameter, slot, min, max }) => ({ parameter, slot, min, max })),
    );
    return { standards, rows: live, loaded: rows !== undefined };
  }, [rows]);
}

/** Active cycle of a pond (end_date 0), newest first when the mirror holds two during a sync. */
export function activeCycleOf(cycles: readonly Cycle[], pondId: string): Cycle | undefined {
  return cycles
    .filter((c) => c.pond_id === pondId && c.end_date === 0)
    .sort((a, b) => b.start_date.localeCompare(a.start_date))[0];
}

export function useFarmCycles(farmId: string, db: TambakDb = getDb()) {
  return useLiveMirror(
    `farm-cycles:${farmId}`,
    async (db) => visible(await db.cycles.where('farm_id').equals(farmId).toArray()),
    db,
  ).data;
}
