import { useCallback } from 'react';
import { useStoreValue } from '#components/field-store.ts';
import { pondAction } from '#components/pond-access.ts';
import { useDraftStore } from '#components/use-draft-store.ts';
import { useLiveMirror } from '#components/use-live-mirror.ts';
import { getDb, type Local, type TambakDb } from '#local/db';
import { clearDraft } from '#local/drafts';
import { ANCO, DISEASES, NOTES, type ResourceDescriptor, WATER_CHANGES } from '#local/resources';
import { visible } from '#local/visible';
import type { Cycle } from '#shared/contracts/cycle';
import type { Farm, Pond } from '#shared/contracts/farm';
import type { Anco, Disease, Note, WaterChange } from '#shared/contracts/records';
import { ACTION, type Feature } from '#shared/domain/permissions';

/** Live reads of the Dexie mirror: re-render on every local write and every sync, offline too. */
export type RecordTableName = 'anco' | 'waterChanges' | 'notes' | 'diseases';
export interface RecordRows {
  anco: Local<Anco>;
  waterChanges: Local<WaterChange>;
  notes: Local<Note>;
  diseases: Local<Disease>;
}

/** Each record type's outbox descriptor and the permission feature its rights come from. */
export const RECORD_RESOURCE: Record<RecordTableName, ResourceDescriptor> = {
  anco: ANCO,
  waterChanges: WATER_CHANGES,
  notes: NOTES,
  diseases: DISEASES,
};
export const RECORD_FEATURE: Record<RecordTableName, Feature> = {
  anco: 'cycle',
  waterChanges: 'cycle',
  notes: 'cycle',
  diseases: 'disease',
};

export function useFarmRecords<K extends RecordTableName>(
  table: K,
  farmId: string,
  db: TambakDb = getDb(),
): RecordRows[K][] | undefined {
  return useLiveMirror(
    `farm-records:${table}:${farmId}`,
    async (db) =>
      visible(await db.mirror(table).where('farm_id').equals(farmId).toArray()) as unknown as RecordRows[K][],
    db,
  ).data;
}

export function useFarmCycles(farmId: string, db: TambakDb = getDb()) {
  return useLiveMirror(
    `farm-cycles:${farmId}`,
    async (db) => visible(await db.cycles.where('farm_id').equals(farmId).toArray()),
    db,
  ).data;
}

/** Active cycle of a pond (end_date 0), newest first when the mirror holds two during a sync. */
export function activeCycleOf(cycles: readonly Cycle[], pondId: string): Cycle | undefined {
  return cycles
    .filter((c) => c.pond_id === pondId && c.end_date === 0)
    .sort((a, b) => b.start_date.localeCompare(a.start_date))[0];
}

/** Ponds he may add records to for `feature` and that have an active cycle, in the mirror's order. */
export function entryPonds(farm: Farm, ponds: readonly Pond[], cycles: readonly Cycle[], feature: Feature) {
  return ponds.filter(
    (p) => pondAction(farm, p, feature) >= ACTION.add && activeCycleOf(cycles, p.pond_id) !== undefined,
  );
}

/**
 * A record form's state kept as a per-farm draft: the one draft autosave of the app
 * (components/use-draft-store.ts), read here as a whole (these forms are short). `reset`
 * (after a save, or "discard") starts the form over and deletes the draft.
 */
export function useDraftState<T>(
  farmId: string,
  form: string,
  initial: () => T,
  hasContent: (state: T) => boolean,
  db: TambakDb = getDb(),
) {
  const { store, ready, restored, setRestored, cancelAutosave } = useDraftStore<T>({
    db,
    farmId,
    form,
    initial,
    hasContent,
    restore: (draft) => (hasContent(draft) ? draft : null),
  });
  const state = useStoreValue(store, (s) => s);
  const setState = useCallback((update: (s: T) => T) => store.set(update), [store]);
  const reset = useCallback(
    (next: T) => {
      store.set(() => next);
      cancelAutosave();
      setRestored(false);
      void clearDraft(db, farmId, form);
    },
    [store, cancelAutosave, setRestored, db, farmId, form],
  );
  return { state, setState, ready, restored, reset };
}
