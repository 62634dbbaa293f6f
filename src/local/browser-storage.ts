import type { KeyValueStorage } from './session-store.ts';

/** The page's localStorage, or null where it is missing or blocked (a private window, a worker). */
export function browserStorage(): KeyValueStorage | null {
  try {
    return (globalThis as { localStorage?: KeyValueStorage }).localStorage ?? null;
  } catch {
    return null;
  }
}
