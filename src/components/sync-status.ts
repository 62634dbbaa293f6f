import { useSyncExternalStore } from 'react';
import { getSyncStatus, type SyncStatus, subscribeSyncStatus } from '#local/sync/status';

/** The whole sync status (src/local/sync/status.ts); re-renders on every change. */
export function useSyncStatus(): SyncStatus {
  return useSyncExternalStore(subscribeSyncStatus, getSyncStatus, getSyncStatus);
}

/**
 * One field of the status: the component re-renders only when that value changes, not on
 * every status change (a sync run changes it several times, and store updates render
 * synchronously, whole subtrees included).
 */
export function useSyncStatusField<K extends keyof SyncStatus>(key: K): SyncStatus[K] {
  const read = () => getSyncStatus()[key];
  return useSyncExternalStore(subscribeSyncStatus, read, read);
}
