import type { TambakDb } from '#local/db';

/**
 * Storage that survives (issue 29 point 2). A keeper out of signal for days keeps his
 * records in the browser's storage, which the browser may clear under pressure unless the
 * app asked to keep it: the app asks once it is installed or first saves a record. A save
 * on a full phone fails with a clear message and loses nothing already saved: photos that
 * already reached the server give their room back first (their copy on the phone is only
 * a cache), then the save is tried once more.
 */

export interface StorageState {
  /** Granted (true), refused or not asked (false), or unknown in this browser (null). */
  persisted: boolean | null;
  /** Bytes used and available to this app, when the browser says. */
  usage: number | null;
  quota: number | null;
}

/** The part of the browser's StorageManager used here (windows have all three; workers lack persist). */
interface StorageApi {
  persist(): Promise<boolean>;
  persisted(): Promise<boolean>;
  estimate(): Promise<{ usage?: number; quota?: number }>;
}

function storageApi(): StorageApi | null {
  const storage = (globalThis as { navigator?: { storage?: Partial<StorageApi> } }).navigator?.storage;
  return typeof storage?.persist === 'function' &&
    typeof storage.persisted === 'function' &&
    typeof storage.estimate === 'function'
    ? (storage as StorageApi)
    : null;
}

let asked: Promise<boolean | null> | null = null;

/** Asks the browser to keep this app's data (once per page); answers whether it will. */
export function keepStorage(api: StorageApi | null = storageApi()): Promise<boolean | null> {
  if (!api) return Promise.resolve(null);
  asked ??= (async () => {
    try {
      if (await api.persisted()) return true;
      return await api.persist();
    } catch {
      return null;
    }
  })();
  return asked;
}

/** For tests: forget that the browser was asked. */
export function resetKeepStorage(): void {
  asked = null;
}

export async function storageState(api: StorageApi | null = storageApi()): Promise<StorageState> {
  if (!api) return { persisted: null, usage: null, quota: null };
  const [persisted, estimate] = await Promise.all([
    api.persisted().catch(() => null),
    api.estimate().catch(() => ({}) as { usage?: number; quota?: number }),
  ]);
  return { persisted, usage: estimate.usage ?? null, quota: estimate.quota ?? null };
}

/** The names an error and the errors it wraps (Dexie's `inner`, `cause`) carry. */
function errorNames(error: unknown): string[] {
  const names: string[] = [];
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { name, inner, cause } = e as { name?: unknown; inner?: unknown; cause?: unknown };
    if (typeof name === 'string') names.push(name);
    e = inner ?? cause;
  }
  return names;
}

/** Whether an IndexedDB (or Dexie) failure means the storage is full. */
export function isQuotaError(error: unknown): boolean {
  return errorNames(error).includes('QuotaExceededError');
}

/**
 * Dexie's names for a database that could not be opened or was closed under it, and the
 * browser's for storage it refuses (site data blocked, a private window, a broken profile).
 */
const UNAVAILABLE = new Set([
  'OpenFailedError',
  'DatabaseClosedError',
  'MissingAPIError',
  'SecurityError',
  'InvalidStateError',
  'UnknownError',
  'VersionError',
]);

/**
 * Why the phone's own storage failed, when it did: `full` (no space left) or `unavailable`
 * (the database does not open). Null for any other error: a network failure, a refusal of
 * the server, a bug. A screen reading the mirror says which, and what to do, instead of
 * waiting for ever or treating an unreadable farm list as "no farm yet".
 */
export function storageProblem(error: unknown): 'full' | 'unavailable' | null {
  const names = errorNames(error);
  if (names.includes('QuotaExceededError')) return 'full';
  return names.some((name) => UNAVAILABLE.has(name)) ? 'unavailable' : null;
}

/** Drops the phone's copy of photos the server already holds; answers how many. */
export async function freeUploadedPhotos(db: TambakDb): Promise<number> {
  return db.transaction('rw', db.photos, async () => {
    const uploaded = await db.photos
      .filter((p) => p._status === 'synced' && typeof p.url === 'string' && p.url !== '' && p.blob != null)
      .primaryKeys();
    for (const id of uploaded) await db.photos.update(id, { blob: undefined });
    return uploaded.length;
  });
}

type Listener = () => void;
const listeners = new Set<Listener>();

/** The app shell says it when a save found the phone full. */
export function onStorageFull(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export class StorageFullError extends Error {
  constructor(cause: unknown) {
    super('the device storage is full', { cause });
    this.name = 'StorageFullError';
  }
}

/**
 * Runs a save; when the storage is full, frees the uploaded photos' room and tries once
 * more. Still full: every listener hears it and the save rejects with StorageFullError
 * (the form keeps what was typed; nothing saved before is touched).
 */
export async function withRoom<T>(db: TambakDb, save: () => Promise<T>): Promise<T> {
  try {
    const out = await save();
    void keepStorage();
    return out;
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    if ((await freeUploadedPhotos(db).catch(() => 0)) > 0) {
      try {
        return await save();
      } catch (again) {
        if (!isQuotaError(again)) throw again;
      }
    }
    for (const listener of listeners) listener();
    throw new StorageFullError(error);
  }
}
