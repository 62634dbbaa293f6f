import { useEffect } from 'react';
import type { FormStore } from '#components/field-store.ts';
import { useDraftStore } from '#components/use-draft-store.ts';
import type { TambakDb } from '#local/db';
import { emptyValues, hasAnyValue, initialState, type WaterEntryState } from './entry-model.ts';

/** Drafts of this form, per farm. Switching farms deletes them (local/drafts.ts). */
export const WATER_DRAFT = 'water-quality';
export type EntryStore = FormStore<WaterEntryState>;

/**
 * The water entry's state (components/use-draft-store.ts: restored from the farm's draft,
 * written back as he types). An empty form also follows the clock.
 */
export function useEntryState(db: TambakDb, farmId: string) {
  const entry = useDraftStore<WaterEntryState>({
    db,
    farmId,
    form: WATER_DRAFT,
    initial: initialState,
    hasContent: (state) => hasAnyValue(state.values),
    restore: (draft) => {
      const values = { ...emptyValues(), ...draft.values };
      return hasAnyValue(values) ? { ...initialState(), ...draft, values } : null;
    },
  });
  const { store } = entry;

  // An empty form follows the clock: opened again at 14:00 after the morning round (app
  // switched, screen locked), it must offer the afternoon, not the morning's time.
  useEffect(() => {
    const refresh = () => {
      if (globalThis.document?.visibilityState === 'hidden') return;
      store.set((s) => (hasAnyValue(s.values) ? s : { ...initialState(), kind: s.kind }));
    };
    globalThis.document?.addEventListener('visibilitychange', refresh);
    globalThis.addEventListener?.('focus', refresh);
    return () => {
      globalThis.document?.removeEventListener('visibilitychange', refresh);
      globalThis.removeEventListener?.('focus', refresh);
    };
  }, [store]);

  return entry;
}
