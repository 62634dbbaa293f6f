import { useSyncExternalStore } from 'react';

/**
 * A form's values outside React state, for forms with many fields (a round of twenty
 * ponds): each field reads its own value with `useStoreValue`, so a keystroke re-renders
 * that one field, not the form. Select primitives (a field's text, a count), or values
 * taken as they are from the state: React compares the selection with Object.is.
 */
export interface FormStore<S> {
  get(): S;
  set(change: (state: S) => S): void;
  subscribe(listener: () => void): () => void;
}

export function createFormStore<S>(initial: S): FormStore<S> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(change) {
      const next = change(state);
      if (next === state) return;
      state = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useStoreValue<S, T>(store: FormStore<S>, select: (state: S) => T): T {
  const read = () => select(store.get());
  return useSyncExternalStore(store.subscribe, read, read);
}
