import { useSyncExternalStore } from 'react';
import { type StoredSession, sessionStore } from '#local/session-store';

/** The signed-in session, re-rendering on login, logout and profile edits. */
export function useSession(): StoredSession | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}
