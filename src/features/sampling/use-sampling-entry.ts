import { startTransition, useEffect, useRef, useState } from 'react';
import { createFormStore, type FormStore } from '#components/field-store.ts';
import type { TambakDb } from '#local/db';
import { clearDraft, loadDraft, saveDraft } from '#local/drafts';
import { hasAnything, initialState, type SamplingEntryState } from './entry-model.ts';
import { SAMPLING_DRAFT } from './save-samplings.ts';

const AUTOSAVE_MS = 400;
export type SamplingStore = FormStore<SamplingEntryState>;

function writeDraft(db: TambakDb, farmId: string, state: SamplingEntryState): Promise<void> {
  return hasAnything(state)
    ? saveDraft(db, farmId, SAMPLING_DRAFT, state)
    : clearDraft(db, farmId, SAMPLING_DRAFT);
}

/**
 * The entry's state in a store (a keystroke redraws one field), restored from the farm's
 * draft on open and written back as he types (photos included: Blobs are kept in
 * IndexedDB as they are), so a call, a dead battery or a reload loses nothing.
 */
export function useSamplingEntry(db: TambakDb, farmId: string, today: string) {
  const [store] = useState(() => createFormStore(initialState(today)));
  const [ready, setReady] = useState(false);
  const [restored, setRestored] = useState(false);
  const cancelPending = useRef(() => {});

  useEffect(() => {
    let live = true;
    let loaded = false;
    let unsaved: SamplingEntryState | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      clearTimeout(timer);
      const pending = unsaved;
      unsaved = null;
      if (pending) void writeDraft(db, farmId, pending);
    };
    cancelPending.current = () => {
      clearTimeout(timer);
      unsaved = null;
    };
    const unsubscribe = store.subscribe(() => {
      if (!loaded) return;
      unsaved = store.get();
      clearTimeout(timer);
      timer = setTimeout(flush, AUTOSAVE_MS);
    });
    void loadDraft<SamplingEntryState>(db, farmId, SAMPLING_DRAFT)
      .catch(() => undefined)
      .then((draft) => {
        if (!live) return;
        const usable = draft && hasAnything({ values: draft.values ?? {}, photos: draft.photos ?? {} });
        if (usable) store.set(() => ({ ...initialState(today), ...draft }));
        loaded = true;
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
  }, [db, farmId, store, today]);

  const discard = () => {
    store.set(() => initialState(today));
    setRestored(false);
    void clearDraft(db, farmId, SAMPLING_DRAFT);
  };
  return { store, ready, restored, setRestored, discard, cancelAutosave: () => cancelPending.current() };
}
