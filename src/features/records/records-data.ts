import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { pondAction } from '#components/pond-access.ts';
import { getDb, type Local, type TambakDb } from '#local/db';
import { clearDraft, loadDraft, saveDraft } from '#local/drafts';
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
  return useLiveQuery(
    async () =>
      visible(await db.mirror(table).where('farm_id').equals(farmId).toArray()) as unknown as RecordRows[K][],
    [db, table, farmId],
  );
}

export function useFarmCycles(farmId: string, db: TambakDb = getDb()) {
  return useLiveQuery(
    async () => visible(await db.cycles.where('farm_id').equals(farmId).toArray()),
    [db, farmId],
  );
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

const AUTOSAVE_MS = 400;

/**
 * A long form's state kept as a per-farm draft (src/local/drafts.ts): restored on open,
 * written as he taps (debounced, flushed when the screen closes or the page hides), so a
 * phone call or a reload in the middle of the round loses nothing. `ready` is false
 * until the draft was read.
 */
export function useDraftState<T>(
  farmId: string,
  form: string,
  initial: () => T,
  hasContent: (state: T) => boolean,
  db: TambakDb = getDb(),
) {
  const [state, setStateRaw] = useState<T>(initial);
  const [ready, setReady] = useState(false);
  const [restored, setRestored] = useState(false);
  const pending = useRef<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const keep = useRef({ hasContent, db, farmId, form });
  keep.current = { hasContent, db, farmId, form };

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const next = pending.current;
    pending.current = null;
    if (!next) return;
    const k = keep.current;
    void (k.hasContent(next) ? saveDraft(k.db, k.farmId, k.form, next) : clearDraft(k.db, k.farmId, k.form));
  }, []);

  useEffect(() => {
    let live = true;
    void loadDraft<T>(db, farmId, form)
      .catch(() => undefined)
      .then((draft) => {
        if (!live) return;
        if (draft && keep.current.hasContent(draft)) {
          setStateRaw(draft);
          setRestored(true);
        }
        setReady(true);
      });
    globalThis.addEventListener?.('pagehide', flush);
    return () => {
      live = false;
      globalThis.removeEventListener?.('pagehide', flush);
      flush();
    };
  }, [db, farmId, form, flush]);

  const setState = useCallback(
    (update: (s: T) => T) => {
      setStateRaw((s) => {
        const next = update(s);
        pending.current = next;
        clearTimeout(timer.current);
        timer.current = setTimeout(flush, AUTOSAVE_MS);
        return next;
      });
    },
    [flush],
  );

  /** After a save (or "discard"): the form starts over and the draft goes. */
  const reset = useCallback(
    (next: T) => {
      clearTimeout(timer.current);
      pending.current = null;
      setStateRaw(next);
      setRestored(false);
      void clearDraft(db, farmId, form);
    },
    [db, farmId, form],
  );

  return { state, setState, ready, restored, reset };
}
