import { startTransition, useEffect, useRef, useState } from 'react';
import type { TambakDb } from '#local/db';
import { clearDraft, loadDraft, saveDraft } from '#local/drafts';
import { emptyValues, hasAnyValue, initialState, type WaterEntryState } from './entry-model.ts';

/** Drafts of this form, per farm. Switching farms deletes them (local/drafts.ts). */
export const WATER_DRAFT = 'water-quality';
const AUTOSAVE_MS = 400;

function writeDraft(db: TambakDb, farmId: string, state: WaterEntryState): Promise<void> {
  return hasAnyValue(state.values)
    ? saveDraft(db, farmId, WATER_DRAFT, state)
    : clearDraft(db, farmId, WATER_DRAFT);
}

/**
 * The form's state, restored from the farm's draft on open and written back as he types,
 * so a phone call, a dead battery or a reload in the middle of the round loses nothing.
 * `state` is null until the draft was read (the form must not flash empty, then refill).
 */
export function useEntryState(db: TambakDb, farmId: string) {
  const [state, setState] = useState<WaterEntryState | null>(null);
  const [restored, setRestored] = useState(false);
  const loaded = useRef(false);

  useEffect(() => {
    let live = true;
    loaded.current = false;
    void loadDraft<WaterEntryState>(db, farmId, WATER_DRAFT)
      .catch(() => undefined)
      .then((draft) => {
        if (!live) return;
        const fresh = initialState();
        const usable = draft && hasAnyValue({ ...emptyValues(), ...draft.values });
        // The whole form renders from this state: as a transition, in slices, not one long task.
        startTransition(() => {
          setState(usable ? { ...fresh, ...draft, values: { ...emptyValues(), ...draft.values } } : fresh);
          setRestored(Boolean(usable));
        });
        loaded.current = true;
      });
    return () => {
      live = false;
    };
  }, [db, farmId]);

  // The write is debounced while he types; whatever is still waiting is written at once
  // when the screen closes or the page is hidden (app switched, screen locked).
  const unsaved = useRef<WaterEntryState | null>(null);
  useEffect(() => {
    const flush = () => {
      const pending = unsaved.current;
      unsaved.current = null;
      if (!pending) return;
      void writeDraft(db, farmId, pending);
    };
    globalThis.addEventListener?.('pagehide', flush);
    return () => {
      globalThis.removeEventListener?.('pagehide', flush);
      flush();
    };
  }, [db, farmId]);

  useEffect(() => {
    if (!state || !loaded.current) return;
    unsaved.current = state;
    const timer = setTimeout(() => {
      const pending = unsaved.current;
      unsaved.current = null;
      if (!pending) return;
      void writeDraft(db, farmId, pending);
    }, AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [db, farmId, state]);

  // An empty form follows the clock: opened again at 14:00 after the morning round (app
  // switched, screen locked), it must offer the afternoon, not the morning's time.
  useEffect(() => {
    const refresh = () => {
      if (globalThis.document?.visibilityState === 'hidden') return;
      setState((s) => (s && !hasAnyValue(s.values) ? { ...initialState(), kind: s.kind } : s));
    };
    globalThis.document?.addEventListener('visibilitychange', refresh);
    globalThis.addEventListener?.('focus', refresh);
    return () => {
      globalThis.document?.removeEventListener('visibilitychange', refresh);
      globalThis.removeEventListener?.('focus', refresh);
    };
  }, []);

  const discard = () => {
    unsaved.current = null;
    setState(initialState());
    setRestored(false);
    void clearDraft(db, farmId, WATER_DRAFT);
  };

  return { state, setState, restored, setRestored, discard };
}
