import { useSyncExternalStore } from 'react';
import { type LocalFlag, localFlags } from '#local/local-flags';

/** A per-device display setting (src/local/local-flags.ts), live across screens and tabs of this page. */
export function useLocalFlag(flag: LocalFlag): boolean {
  return useSyncExternalStore(localFlags.subscribe, () => localFlags.get()[flag]);
}
