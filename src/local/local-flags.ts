import { browserStorage } from './browser-storage.ts';
import type { KeyValueStorage } from './session-store.ts';

/**
 * Per-device display settings of seed 000 §3 ("local settings: cost flag, wqs flag"), kept
 * across sessions on this device only:
 * - `cost`: money on entry screens (the cost of what is used, a feed's price);
 * - `wqs`: the water-standard hint under a value while typing ("outside the standard").
 * - `chatSound`: the short sound when a chat message is sent (seed 001 §9 "sounds play on
 *   send"), the chat's mute setting.
 * All on by default. A keeper who shares a phone can hide money; one who knows the
 * standards by heart can quiet the hints (out-of-range values are still refused).
 */
export interface LocalFlags {
  cost: boolean;
  wqs: boolean;
  chatSound: boolean;
}
export type LocalFlag = keyof LocalFlags;

export const LOCAL_FLAGS_KEY = 'tambak:local-flags';
const DEFAULTS: LocalFlags = { cost: true, wqs: true, chatSound: true };

export function createLocalFlags(storage: KeyValueStorage | null) {
  const listeners = new Set<() => void>();
  let current = read();

  function read(): LocalFlags {
    try {
      const parsed = JSON.parse(storage?.getItem(LOCAL_FLAGS_KEY) ?? '{}') as Partial<
        Record<LocalFlag, unknown>
      >;
      const flags = { ...DEFAULTS };
      for (const flag of Object.keys(DEFAULTS) as LocalFlag[]) {
        const value = parsed[flag];
        if (typeof value === 'boolean') flags[flag] = value;
      }
      return flags;
    } catch {
      return { ...DEFAULTS };
    }
  }

  return {
    get: (): LocalFlags => current,
    set(flag: LocalFlag, on: boolean): void {
      current = { ...current, [flag]: on };
      try {
        storage?.setItem(LOCAL_FLAGS_KEY, JSON.stringify(current));
      } catch {
        // storage full or blocked: the choice holds for this visit
      }
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const localFlags = createLocalFlags(browserStorage());
