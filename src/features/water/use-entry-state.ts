import { startTransition, useEffect, useRef, useState } from 'react';
import { createFormStore, type FormStore } from '#components/field-store.ts';
import type { TambakDb } from '#local/db';
import { clearDraft, loadDraft, saveDraft } from '#local/drafts';
import { emptyValues, hasAnyValue, initialState, type WaterEntryState } from './entry-model.ts';

/** Drafts of this form, per farm. Switching farms deletes them (local/drafts.ts). */
export const WATER_DRAFT = 'water-quality';
const AUTOSAVE_MS = 400;

export type EntryStore = FormStore<WaterEntryState>;

function writeDraft(db: TambakDb, farmId: string, state: WaterEntryState): Promise<void> {
  return hasAnyValue(state.values)
    ? saveDraft(db, farmId, WATER_DRAFT, state)
    : clearDraft(db, farmId, WATER_DRAFT);
}

/**
 * The form's state in a store (each field subscribes to its own value, so a keystroke
 * re-renders one field), restored from the farm's draft on open and written back as he
 * types, so a phone call, a dead battery or a reload in the middle of the round loses
 * nothing. `ready` is false until the draft was read (the form must not flash empty,
 * then refill).
 */
export function useEntryState(db: TambakDb, farmId: string) {
  const [store] = useState(() => createFormStore(initialState()));
  const [ready, setReady] = useState(false);
  const [restored, setRestored] = useState(false);
  const cancelPending = useRef(() => {});

  useEffect(() => {
    let live = true;
    let loaded = false;
    let unsaved: WaterEntryState | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      clearTimeout(timer);
      const pending = unsaved;
      unsaved = null;
      if (pending) void writeDraft(db, farmId, pending);
    };
    // A save writes the draft itself (in its transaction): a typing write still waiting
    // must not run after it and bring the saved values back as a draft.
    cancelPending.current = () => {
      clearTimeout(timer);
      unsaved = null;
    };
    // The write is debounced while he types; whatever is still waiting is written at once
    // when the screen closes or the page is hidden (app switched, screen locked).
    const unsubscribe = store.subscribe(() => {
      if (!loaded) return;
      unsaved = store.get();
      clearTimeout(timer);
      timer = setTimeout(flush, AUTOSAVE_MS);
    });
    void loadDraft<WaterEntryState>(db, farmId, WATER_DRAFT)
      .catch(() => undefined)
      .then((draft) => {
        if (!live) return;
        const fresh = initialState();
        const usable = draft && hasAnyValue({ ...emptyValues(), ...draft.values });
        if (usable) store.set(() => ({ ...fresh, ...draft, values: { ...emptyValues(), ...draft.values } }));
        loaded = true;
        // The whole form renders from this state: as a transition, in slices, not one long task.
        startTransition(() => {
          setReady(true);
          setRestored(Boolean(usable));
        });
      });
    globalThis.addEventListener?.('pagehide', flush);
    return () => {
      live = false;
      unsubscribe();
      globalThis.removeEventListener?.('pagehide', flush);
      flush();
    };
  }, [db, farmId, store]);

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

  const discard = () => {
    store.set(() => initialState());
    setRestored(false);
    void clearDraft(db, farmId, WATER_DRAFT);
  };

  /** Call right before a save that writes the draft in its own transaction. */
  const cancelAutosave = () => cancelPending.current();

  return { store, ready, restored, setRestored, discard, cancelAutosave };
}
