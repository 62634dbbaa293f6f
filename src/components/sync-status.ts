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

/**
 * Whether the phone reaches the server now, as the sync engine last saw it. navigator.onLine
 * only says a network is attached: with one bar of signal or a dead Wi-Fi it says true and
 * nothing goes through. A save's message reads this, so the keeper is told "saved on the
 * phone, waiting for signal" whenever the records are still only on the phone.
 */
export function reachesServer(): boolean {
  return getSyncStatus().online;
}
