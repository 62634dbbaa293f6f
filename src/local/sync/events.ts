import type { ApplyOutcome, FailedRecord, RecordRef } from '#local/sync/worker-protocol';

/**
 * Everything the sync layer tells the UI, as one typed map (STYLE habit 5). Counts are
 * also available as a live query (sync/summary.ts) for components that only render.
 */
export interface SyncState {
  /** navigator.onLine: a hint only (true can still mean no route to the server). */
  online: boolean;
  running: boolean;
  /** Entries not yet accepted: queued, sending or left to the service worker. */
  pending: number;
  failed: number;
  /** The session expired: nothing is sent until resumeAfterLogin(). */
  held: boolean;
  lastSyncedAt?: number;
}

export interface SyncEventMap {
  'sync:state': SyncState;
  'sync:record-synced': RecordRef;
  'sync:record-failed': FailedRecord;
  /** The server answered 401: ask the user to log in again (queued data is kept). */
  'sync:auth-required': { reason: 'unauthenticated' };
  /** The service worker replayed requests it queued while the page was away. */
  'sync:replayed': { entryIds: string[]; outcome: ApplyOutcome };
  'sync:pulled': { farmId: string | null; resources: string[] };
}

export type SyncListener<K extends keyof SyncEventMap> = (payload: SyncEventMap[K]) => void;

export class SyncEvents {
  private readonly listeners = new Map<keyof SyncEventMap, Set<(payload: never) => void>>();

  on<K extends keyof SyncEventMap>(event: K, listener: SyncListener<K>): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener as (payload: never) => void);
    return () => set.delete(listener as (payload: never) => void);
  }

  emit<K extends keyof SyncEventMap>(event: K, payload: SyncEventMap[K]): void {
    for (const listener of this.listeners.get(event) ?? []) {
      // A broken listener must not stop the sync engine or the other listeners.
      try {
        (listener as SyncListener<K>)(payload);
      } catch (error) {
        console.error(`listener of ${event} failed`, error);
      }
    }
  }
}
