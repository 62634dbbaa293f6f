import type { KeyValueStorage } from '#local/session-store';
import type { OutboxSummary } from '#local/sync/summary';

/**
 * The sync state the UI shows (navbar indicator, /sync, logout guard) and the actions it
 * may take, without loading Dexie or the engine: those live in src/app/sync-runtime.ts,
 * loaded with a dynamic import after the first paint (initial JS budget), which writes the
 * status here and registers itself with provideSyncControl(). A plain store without React:
 * components read it with the hooks of src/components/sync-status.ts, and every layer acts
 * through syncControl(), which waits for the runtime.
 */
export interface ForeignQueue {
  /** Who typed the records still waiting on this phone. */
  username: string;
  count: number;
}

export interface SyncStatus {
  /** An engine runs for the signed-in user. */
  active: boolean;
  online: boolean;
  running: boolean;
  /** The server refused the session: nothing is sent until the user signs in again. */
  held: boolean;
  /** Live outbox counts (null until the database answered). */
  summary: OutboxSummary | null;
  /** The last time the server was reached and the mirror refreshed. */
  lastSyncedAt: number | null;
  /** The last sync run could not refresh the mirror (offline, server unreachable). */
  pullFailed: boolean;
  /** Another account's unsent records are on this phone: the user decides first. */
  foreign: ForeignQueue | null;
}

export type ForeignChoice = 'send' | 'sign-out' | 'discard';

export interface SyncControl {
  /** Sends everything now (skipping the backoff wait) and refreshes the mirror. */
  syncNow(): Promise<void>;
  /** The route's farm: pulls its data, clears other farms' drafts. */
  setFarm(farmId: string): Promise<void>;
  retry(entryId: string): Promise<void>;
  discard(entryId: string): Promise<void>;
  /** Records not yet accepted by the server (failed included): what logout must ask about. */
  countUnsent(): Promise<number>;
  /** keep: unsent records stay on the phone for the next login; discard: deleted. */
  signOut(mode: 'keep' | 'discard'): Promise<void>;
  resolveForeign(choice: ForeignChoice): Promise<void>;
}

export interface SyncNotice {
  kind: 'failed';
  table: string;
  id: string;
  entryId: string;
  message: string;
}

export const LAST_SYNCED_KEY = 'tambak:last-synced';

/** The page's localStorage (this folder is also type-checked for the worker, which has none). */
function pageStorage(): KeyValueStorage | undefined {
  return (globalThis as { localStorage?: KeyValueStorage }).localStorage;
}

function storedLastSynced(): number | null {
  try {
    const value = Number(pageStorage()?.getItem(LAST_SYNCED_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

let status: SyncStatus = {
  active: false,
  online: globalThis.navigator?.onLine !== false,
  running: false,
  held: false,
  summary: null,
  lastSyncedAt: storedLastSynced(),
  pullFailed: false,
  foreign: null,
};
const listeners = new Set<() => void>();
const noticeListeners = new Set<(notice: SyncNotice) => void>();

export function getSyncStatus(): SyncStatus {
  return status;
}

export function setSyncStatus(patch: Partial<SyncStatus>): void {
  const changed = (Object.keys(patch) as (keyof SyncStatus)[]).some((k) => patch[k] !== status[k]);
  if (!changed) return;
  status = { ...status, ...patch };
  if (patch.lastSyncedAt !== undefined) {
    try {
      if (patch.lastSyncedAt === null) pageStorage()?.removeItem(LAST_SYNCED_KEY);
      else pageStorage()?.setItem(LAST_SYNCED_KEY, String(patch.lastSyncedAt));
    } catch {
      // storage unavailable: the time lasts for this visit
    }
  }
  for (const listener of [...listeners]) listener();
}

/** Calls `listener` after every status change; returns the unsubscribe function. */
export function subscribeSyncStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Records not yet on the server: everything in the outbox, failed included. */
export function unsentCount(summary: OutboxSummary | null): { waiting: number; failed: number } {
  if (!summary) return { waiting: 0, failed: 0 };
  return { waiting: summary.total - summary.failed, failed: summary.failed };
}

export function onSyncNotice(listener: (notice: SyncNotice) => void): () => void {
  noticeListeners.add(listener);
  return () => noticeListeners.delete(listener);
}

export function emitSyncNotice(notice: SyncNotice): void {
  for (const listener of [...noticeListeners]) listener(notice);
}

let control: Promise<SyncControl> | undefined;
let resolveControl: ((value: SyncControl) => void) | undefined;

/** The runtime (or a test double) registers itself here once loaded. */
export function provideSyncControl(value: SyncControl): void {
  if (resolveControl) resolveControl(value);
  else control = Promise.resolve(value);
  resolveControl = undefined;
}

/** Resolves once the runtime is loaded; actions called earlier simply wait for it. */
export function syncControl(): Promise<SyncControl> {
  control ??= new Promise((resolve) => {
    resolveControl = resolve;
  });
  return control;
}

/** Tests: forget the registered runtime and the status. */
export function resetSyncStatusForTests(): void {
  control = undefined;
  resolveControl = undefined;
  status = { ...status, active: false, running: false, held: false, summary: null, foreign: null };
}

/**
 * Resolves when the sync run under way (or the next one) has finished, or after
 * `timeoutMs`: on a cold start that is when the first screen's data has come in.
 */
export function syncRunSettled(timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const lastSynced = status.lastSyncedAt;
    let seenRunning = status.running;
    const done = () => {
      off();
      clearTimeout(timer);
      resolve();
    };
    const off = subscribeSyncStatus(() => {
      if (status.running) seenRunning = true;
      else if (seenRunning || status.lastSyncedAt !== lastSynced) done();
    });
    const timer = setTimeout(done, timeoutMs);
  });
}
