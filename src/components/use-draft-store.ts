import { startTransition, useEffect, useRef, useState } from 'react';
import type { TambakDb } from '#local/db';
import { clearDraft, loadDraft, saveDraft } from '#local/drafts';
import { createFormStore } from './field-store.ts';

const AUTOSAVE_MS = 400;
/** The longest an autosave waits for an idle moment after the pause. */
const AUTOSAVE_IDLE_MAX_MS = 2_000;

export interface DraftStoreOptions<T> {
  db: TambakDb;
  farmId: string;
  /** The draft's name (per farm: switching farms deletes drafts, local/drafts.ts). */
  form: string;
  /** A fresh, empty form. */
  initial: () => T;
  /** Whether a state holds anything worth keeping (else its draft is deleted). */
  hasContent: (state: T) => boolean;
  /** The state to show for a stored draft, or null when it holds nothing usable. */
  restore: (draft: T) => T | null;
}

/**
 * An entry form's state in a store (each field subscribes to its own value, so a keystroke
 * re-renders one field), restored from the farm's draft on open and written back as he
 * types, so a phone call, a dead battery or a reload loses nothing. The write is debounced
 * while he types; what is still waiting is written at once when the screen closes or the
 * page is hidden. `ready` is false until the draft was read (the form must not flash empty,
 * then refill); `restored` says a draft was brought back (the banner offers to discard it).
 */
export function useDraftStore<T>(options: DraftStoreOptions<T>) {
  const { db, farmId, form } = options;
  const latest = useRef(options);
  latest.current = options;
  const [store] = useState(() => createFormStore(options.initial()));
  const [ready, setReady] = useState(false);
  const [restored, setRestored] = useState(false);
  const cancelPending = useRef(() => {});

  useEffect(() => {
    let live = true;
    let loaded = false;
    let unsaved: T | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const write = (state: T) =>
      latest.current.hasContent(state) ? saveDraft(db, farmId, form, state) : clearDraft(db, farmId, form);
    const flush = () => {
      clearTimeout(timer);
      const pending = unsaved;
      unsaved = null;
      if (pending) void write(pending);
    };
    // A save writes the draft itself (in its transaction): a typing write still waiting
    // must not run after it and bring the saved values back as a draft.
    cancelPending.current = () => {
      clearTimeout(timer);
      unsaved = null;
    };
    // The write waits for a quiet moment after the pause in typing, so it never holds up
    // the next key or tap on a cheap phone; a hidden page or a closed screen flushes at once.
    const flushWhenIdle = () => {
      if (typeof globalThis.requestIdleCallback === 'function')
        globalThis.requestIdleCallback(flush, { timeout: AUTOSAVE_IDLE_MAX_MS });
      else flush();
    };
    const unsubscribe = store.subscribe(() => {
      if (!loaded) return;
      unsaved = store.get();
      clearTimeout(timer);
      timer = setTimeout(flushWhenIdle, AUTOSAVE_MS);
    });
    void loadDraft<T>(db, farmId, form)
      .catch(() => undefined)
      .then((draft) => {
        if (!live) return;
        const shown = draft ? latest.current.restore(draft) : null;
        if (shown) store.set(() => shown);
        loaded = true;
        // The whole form renders from this state: as a transition, in slices, not one long task.
        startTransition(() => {
          setReady(true);
          setRestored(shown !== null);
        });
      });
    globalThis.addEventListener?.('pagehide', flush);
    return () => {
      live = false;
      unsubscribe();
      globalThis.removeEventListener?.('pagehide', flush);
      flush();
    };
  }, [db, farmId, form, store]);

  /** Throws the draft away: the form starts over. */
  const discard = () => {
    store.set(() => latest.current.initial());
    setRestored(false);
    void clearDraft(db, farmId, form);
  };

  /** Call right before a save that writes the draft in its own transaction. */
  const cancelAutosave = () => cancelPending.current();

  return { store, ready, restored, setRestored, discard, cancelAutosave };
}
