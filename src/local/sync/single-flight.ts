/**
 * Never two drains at once. Inside one page: a trigger while a run is in progress asks
 * for one more run after it (so a write that lands during the tail of a drain is still
 * sent) and shares its promise. Across tabs and the service worker: the Web Locks API
 * serialises runs under one lock name; without it (old browsers) tabs may overlap, which
 * is safe, only wasteful: the 'sending' status and the server's upsert by id absorb it.
 */

export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export const SYNC_LOCK_NAME = 'tambak-sync';

/** `navigator.locks` of a window or a worker, when the browser has it. */
export function defaultLocks(): LockManagerLike | undefined {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  return nav?.locks && typeof nav.locks.request === 'function' ? nav.locks : undefined;
}

/**
 * Wraps `task` so concurrent calls coalesce. `exclusive` tells the task whether it holds
 * a cross-context lock (then anything marked 'sending' is certainly abandoned).
 */
export function singleFlight(
  task: (exclusive: boolean) => Promise<void>,
  options: { name?: string; locks?: LockManagerLike } = {},
): () => Promise<void> {
  const name = options.name ?? SYNC_LOCK_NAME;
  let running: Promise<void> | undefined;
  let again = false;
  const once = () => (options.locks ? options.locks.request(name, () => task(true)) : task(false));
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await once();
        } while (again);
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
}
